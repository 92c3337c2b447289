import { expect, it, vi } from 'vitest';

/** The real Argon2, counting the computations in flight. */
const inFlight = vi.hoisted(() => ({ now: 0, most: 0 }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  const counted =
    <A extends unknown[], R>(work: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      inFlight.most = Math.max(inFlight.most, ++inFlight.now);
      try {
        return await work(...args);
      } finally {
        inFlight.now--;
      }
    };
  return { ...real, hash: counted(real.hash), verify: counted(real.verify) };
});

const { PASSWORD_HASHES_AT_ONCE, hashPassword, verifyPassword } = await import('./passwords.ts');

it('runs at most two Argon2 computations at once, however many requests ask', async () => {
  const stored = await hashPassword('secret-pass');
  inFlight.most = 0;
  const outcomes = await Promise.all([
    ...Array.from({ length: 4 }, () => hashPassword('another-pass')),
    ...Array.from({ length: 4 }, () => verifyPassword(stored, 'secret-pass')),
    verifyPassword(null, 'secret-pass'),
  ]);
  expect(PASSWORD_HASHES_AT_ONCE).toBe(2);
  expect(inFlight.most).toBe(PASSWORD_HASHES_AT_ONCE);
  expect(outcomes.slice(4)).toEqual([true, true, true, true, false]);
});
