import { randomBytes } from 'node:crypto';
import { type Algorithm, type Options, hash, verify } from '@node-rs/argon2';
import { ApiError } from '../errors.ts';

/** Argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
const ARGON2: Options = {
  // Algorithm.Argon2id: the package declares an ambient const enum, which cannot be imported as a value here.
  algorithm: 2 satisfies Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2);

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without one (no such account) a dummy hash is
 * verified all the same, so the answer takes as long whether or not the e-mail exists.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored !== null) return verify(stored, password);
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verify(await dummyHash, password);
  return false;
}

export const COMMON_PASSWORD_MESSAGE = 'This password is too common. Choose another.';

let common: Set<string> | undefined;

/**
 * True for a password on zxcvbn-ts's list of ~49,000 common passwords (leaked-password
 * frequency lists), compared without case: 'Password1' is as guessable as 'password1'.
 * Offline: the list ships with the package. Loaded on first use, kept for the process.
 */
export async function isCommonPassword(password: string): Promise<boolean> {
  common ??= new Set((await import('@zxcvbn-ts/language-common')).dictionary['passwords-common']);
  return common.has(password.toLowerCase());
}

/** A 400 on `field` when a password being chosen (sign-up, change, reset) is a common one. */
export async function assertNotCommonPassword(password: string, field = 'password'): Promise<void> {
  if (await isCommonPassword(password)) throw new ApiError(400, 'password_too_common', COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
}
