import { expect, it } from 'vitest';
import { mailLanguage } from '../../workers/mail-language.ts';
import { newResetToken, resetLink, resetMail, resetTokenHash, resetTokenUserId } from './reset-links.ts';

const userId = '3f1c2a7e-8d4b-4c1e-9a51-2b7f0c6d9e10';

it('makes unguessable tokens naming their account, stored only as a hash', () => {
  const { token, tokenHash } = newResetToken(userId);
  expect(token).toMatch(new RegExp(`^${userId}\\.[A-Za-z0-9_-]{43}$`));
  expect(tokenHash).toMatch(/^[0-9a-f]{64}$/);
  expect(resetTokenHash(token)).toBe(tokenHash);
  expect(newResetToken(userId).token).not.toBe(token);
  expect(resetTokenUserId(token)).toBe(userId);
});

it('reads no account from a token without both parts', () => {
  for (const token of ['no-dot', '.secret', `${userId}.`, '']) expect(resetTokenUserId(token)).toBeNull();
});

it('links to the reset page under the public URL', () => {
  expect(resetLink('https://mibi.example', 'a.b')).toBe('https://mibi.example/reset-password?token=a.b');
  expect(resetLink('https://example.org/mibi/', 'a.b+c')).toBe('https://example.org/mibi/reset-password?token=a.b%2Bc');
});

it('mails the link with its expiry', () => {
  const to = { email: 'asha@example.com', language: mailLanguage(null) };
  const mail = resetMail(to, 'https://mibi.example/reset-password?token=a.b');
  expect(mail).toMatchObject({ to: 'asha@example.com', subject: 'Reset your MIBI password' });
  expect(mail.text).toContain('https://mibi.example/reset-password?token=a.b');
  expect(mail.text).toContain('expires in 1 hour');
});

it('mails it in Hindi to an owner who chose Hindi, and in English to one who chose English', () => {
  const link = 'https://mibi.example/reset-password?token=a.b';
  const hindi = resetMail({ email: 'asha@example.com', language: mailLanguage('hi') }, link);
  expect(hindi.subject).toBe('अपना MIBI पासवर्ड रीसेट करें');
  expect(hindi.text).toContain(`नया पासवर्ड यहाँ चुनें: ${link}`);
  expect(hindi.text).toContain('1 घंटे में ख़त्म हो जाता है');
  expect(hindi.text).not.toMatch(/Choose|expires|asked/);
  const english = resetMail({ email: 'asha@example.com', language: mailLanguage('en') }, link);
  expect(english.subject).toBe('Reset your MIBI password');
  expect(english.text).toContain(`Choose a new password here: ${link}`);
});
