import { expect, it } from 'vitest';
import { hashPassword, isCommonPassword, verifyPassword } from './passwords.ts';

it('hashes with Argon2id at m=19456 KiB, t=2, p=1 and a fresh salt', async () => {
  const first = await hashPassword('secret-pass');
  expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  expect(await hashPassword('secret-pass')).not.toBe(first);
});

it('verifies the right password only', async () => {
  const stored = await hashPassword('secret-pass');
  expect(await verifyPassword(stored, 'secret-pass')).toBe(true);
  expect(await verifyPassword(stored, 'Secret-pass')).toBe(false);
  expect(await verifyPassword(stored, 'secret-pass ')).toBe(false);
});

it('refuses every password when there is no stored hash, after the same work', async () => {
  expect(await verifyPassword(null, 'secret-pass')).toBe(false);
  expect(await verifyPassword(null, '')).toBe(false);
});

it('knows common passwords, whatever their case, and not uncommon ones', async () => {
  for (const password of ['password', 'Password1', '123456', 'qwerty123', 'iloveyou', 'LetMeIn'])
    expect(await isCommonPassword(password)).toBe(true);
  for (const password of ['secret-pass', 'chai-masala-42', 'demo1234'])
    expect(await isCommonPassword(password)).toBe(false);
});
