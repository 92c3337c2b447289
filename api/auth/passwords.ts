import { randomBytes } from 'node:crypto';
import { type Algorithm, type Options, hash, verify } from '@node-rs/argon2';

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
