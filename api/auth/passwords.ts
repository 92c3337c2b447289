import { randomBytes } from 'node:crypto';
import { type Algorithm, type Options, hash, verify } from '@node-rs/argon2';
import pLimit from 'p-limit';
import { ApiError } from '../http/errors.ts';

/** Argon2id with OWASP's minimum: 19 MiB, 2 passes, 1 lane. */
const ARGON2: Options = {
  // Algorithm.Argon2id: the package declares an ambient const enum, which cannot be imported as a value here.
  algorithm: 2 satisfies Algorithm,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
};

/**
 * Argon2 computations running at once. Each holds its 19 MiB and a thread of libuv's pool of
 * four: a burst of sign-ups or sign-ins queues here rather than taking every thread (file and
 * DNS work wait on the same pool) and 19 MiB more memory per concurrent request.
 */
export const PASSWORD_HASHES_AT_ONCE = 2;
const argon2 = pLimit(PASSWORD_HASHES_AT_ONCE);

export const hashPassword = (password: string): Promise<string> => argon2(() => hash(password, ARGON2));

let dummyHash: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without one (no such account) a dummy hash is
 * verified all the same, so the answer takes as long whether or not the e-mail exists.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (stored !== null) return argon2(() => verify(stored, password));
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const dummy = await dummyHash;
  await argon2(() => verify(dummy, password));
  return false;
}

export const COMMON_PASSWORD_MESSAGE = /*i18n*/ 'This password is too common. Choose another.';

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
  if (await isCommonPassword(password))
    throw new ApiError(400, 'password_too_common', COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
}
