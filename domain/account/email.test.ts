import { expect, it } from 'vitest';
import { given } from '../testing.ts';
import { emailDecider, emailKey, emailStream } from './email.ts';

const reserved = { type: 'EmailReserved', data: { userId: 'u-1', emailNormalized: 'asha@example.com' } } as const;

it('keys an address trimmed and lowercased', () => {
  expect(emailKey('  Asha@Example.COM ')).toBe('asha@example.com');
  expect(emailStream(emailKey('Asha@Example.com'))).toBe('email-asha@example.com');
});

it('reserves a free address', () => {
  given(emailDecider).when({ type: 'ReserveEmail', userId: 'u-1', email: 'Asha@Example.com' }).then([reserved]);
});

it('lets the same sign-up retry, and no one else', () => {
  given(emailDecider, [reserved]).when({ type: 'ReserveEmail', userId: 'u-1', email: 'asha@example.com' }).then([]);
  given(emailDecider, [reserved])
    .when({ type: 'ReserveEmail', userId: 'u-2', email: 'ASHA@example.com' })
    .then({
      code: 'email_taken',
      kind: 'conflict',
      message: 'An account with this email already exists',
      fields: { email: 'An account with this email already exists' },
    });
});
