/**
 * TOTP (RFC 6238: 6 digits, 30 s, SHA-1, what every authenticator app reads) and recovery
 * codes. The secret is sealed with AES-256-GCM under TOTP_KEY before it goes anywhere but the
 * user's screen: into the enrolment the browser sends back, then as-is into the permanent log.
 * The account's id is the cipher's associated data, so a sealed secret opens for its account only.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { createTOTPKeyURI, generateHOTP, verifyHOTP } from '@oslojs/otp';
import type { Config } from '../../platform/config/config.ts';
import { generatedKey } from '../../platform/config/generated-key.ts';
import { sha256Hex } from './sha256.ts';

const PERIOD_S = 30;
const DIGITS = 6;
const ISSUER = 'MIBI';
/** A code of the step before or after counts too: phone clocks drift, and typing takes time. */
const DRIFT_STEPS = 1;
const SEALED_PREFIX = 'v1.';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const RECOVERY_CODE_COUNT = 10;

type KeyConfig = Pick<Config, 'TOTP_KEY' | 'DATA_DIR'>;

/** The key's file in DATA_DIR when TOTP_KEY is unset. */
export const TOTP_KEY_FILE = 'totp.key';

/**
 * TOTP_KEY, else the key in DATA_DIR/totp.key, made on first use (`wx`: of two processes
 * starting together on one disk, the second reads the first's key).
 */
export function totpKey(config: KeyConfig): Buffer {
  if (config.TOTP_KEY) return Buffer.from(config.TOTP_KEY, 'hex');
  return generatedKey(join(config.DATA_DIR, TOTP_KEY_FILE));
}

/** A fresh secret of 20 bytes (160 bits, RFC 4226's recommendation), sealed for `userId`. */
export function newSealedSecret(config: KeyConfig, userId: string): string {
  return sealSecret(config, userId, randomBytes(20));
}

export function sealSecret(config: KeyConfig, userId: string, secret: Uint8Array): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', totpKey(config), iv);
  cipher.setAAD(Buffer.from(userId));
  const sealed = Buffer.concat([cipher.update(secret), cipher.final()]);
  return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The secret, or null when `sealed` was not made for this account with this key (tampered, foreign, other key). */
export function openSecret(config: KeyConfig, userId: string, sealed: string): Uint8Array | null {
  if (!sealed.startsWith(SEALED_PREFIX)) return null;
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  if (bytes.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', totpKey(config), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(userId));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]));
  } catch {
    return null;
  }
}

/** What an authenticator app is given: the otpauth:// URI (a QR code of it, or typed in) and the secret in base32. */
export function authenticatorSetup(secret: Uint8Array, accountName: string): { uri: string; secret: string } {
  const uri = createTOTPKeyURI(ISSUER, accountName, secret, PERIOD_S, DIGITS);
  return { uri, secret: new URL(uri).searchParams.get('secret')! };
}

export const totpStep = (nowMs: number): number => Math.floor(nowMs / 1000 / PERIOD_S);

/** The code of a time step (the test harness signs its admin in with it). */
export const totpCode = (secret: Uint8Array, step: number): string => generateHOTP(secret, BigInt(step), DIGITS);

/**
 * The time step whose code `code` is, within the allowed drift and after `usedStep` (a code,
 * or an earlier one, already used never counts again); null when none.
 */
export function matchingStep(secret: Uint8Array, code: string, nowMs: number, usedStep: number): number | null {
  const now = totpStep(nowMs);
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step++) {
    if (step > usedStep && verifyHOTP(secret, BigInt(step), DIGITS, code)) return step;
  }
  return null;
}

/** Six digits, spaces allowed (apps show '123 456'): a TOTP code; anything else is tried as a recovery code. */
export const asTotpCode = (input: string): string | null => {
  const digits = input.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
};

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';
const RECOVERY_GROUPS = 4;
const RECOVERY_GROUP_LENGTH = 6;

/** 24 base32 characters (120 bits, enough that a plain SHA-256 of it is a safe record), shown as 'abcdef-ghijkl-mnopqr-stuvwx'. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(RECOVERY_GROUPS * RECOVERY_GROUP_LENGTH)].map((byte) => RECOVERY_ALPHABET[byte & 31]);
  const groups: string[] = [];
  for (let i = 0; i < chars.length; i += RECOVERY_GROUP_LENGTH)
    groups.push(chars.slice(i, i + RECOVERY_GROUP_LENGTH).join(''));
  return groups.join('-');
}

/** The recorded form of a recovery code, however it was typed (case, dashes, spaces). */
export const recoveryCodeHash = (code: string): string => sha256Hex(code.toLowerCase().replace(/[\s-]+/g, ''));

export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  return { codes, hashes: codes.map(recoveryCodeHash) };
}
