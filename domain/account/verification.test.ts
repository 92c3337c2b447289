import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { AT, actors, given } from '../testing.ts';
import { accountDecider } from './decider.ts';
import type { AccountEvent } from './events.ts';
import { EMAIL_VERIFICATION_MESSAGES, assertEmailVerifiedToList } from './verification.ts';

const userId = actors.seller.userId;
const email = 'meera@example.com';
const base = {
  userId,
  fullName: 'Meera',
  email,
  emailNormalized: email,
  passwordHash: 'hash-1',
  role: 'seller',
  registeredAt: AT,
} as const;
/** A sign-up since verification exists, and one recorded before it (no `emailVerified`). */
const signedUp: AccountEvent = { type: 'AccountRegistered', data: { ...base, emailVerified: false } };
const legacy: AccountEvent = { type: 'AccountRegistered', data: base };
const expiresAt = '2024-05-03T10:00:00.000Z';
const requested = (tokenHash = 'token-1'): AccountEvent => ({
  type: 'EmailVerificationRequested',
  data: { userId, email, tokenHash, expiresAt, requestedAt: AT },
});
const verify = (history: AccountEvent[], tokenHash = 'token-1', now = '2024-05-02T10:00:00.000Z') =>
  given(accountDecider, history).when({ type: 'VerifyEmail', tokenHash, now });
const invalid = { code: 'invalid_token', kind: 'invalid', message: EMAIL_VERIFICATION_MESSAGES.invalidToken } as const;
const verified = (tokenHash: string | null = 'token-1', verifiedAt = '2024-05-02T10:00:00.000Z'): AccountEvent => ({
  type: 'EmailVerified',
  data: { userId, email, tokenHash, verifiedAt },
});
const stateOf = (history: AccountEvent[]) => fold(accountDecider, history)!.verification;

describe('e-mail verification', () => {
  it('registers a sign-up unverified, and counts accounts from before verification as verified', () => {
    given(accountDecider)
      .when({
        type: 'RegisterAccount',
        userId,
        fullName: 'Meera',
        email,
        passwordHash: 'hash-1',
        role: 'seller',
        emailVerified: false,
        at: AT,
      })
      .then([signedUp]);
    expect(stateOf([signedUp]).verified).toBe(false);
    expect(stateOf([legacy]).verified).toBe(true);
  });

  it('verifies with the token of the last link, once, before it expires', () => {
    verify([signedUp, requested()]).then([verified()]);
    // Following the same link again changes nothing; any other token is refused.
    verify([signedUp, requested(), verified()]).then([]);
    verify([signedUp, requested(), verified()], 'token-2').then(invalid);
  });

  it('refuses a token never mailed, replaced by a newer link, or expired', () => {
    verify([signedUp]).then(invalid);
    verify([signedUp, requested()], 'token-2').then(invalid);
    verify([signedUp, requested(), requested('token-2')]).then(invalid);
    verify([signedUp, requested()], 'token-1', expiresAt).then(invalid);
  });

  it('mails no new link to a verified address', () => {
    given(accountDecider, [legacy])
      .when({ type: 'RequestEmailVerification', tokenHash: 'token-1', expiresAt, at: AT })
      .then({ code: 'already_verified', kind: 'conflict' });
    given(accountDecider, [signedUp])
      .when({ type: 'RequestEmailVerification', tokenHash: 'token-1', expiresAt, at: AT })
      .then([requested()]);
  });

  it('lets the system vouch for an address, once', () => {
    given(accountDecider, [signedUp])
      .when({ type: 'MarkEmailVerified', at: AT })
      .then([verified(null, AT)]);
    given(accountDecider, [signedUp, verified(null, AT)])
      .when({ type: 'MarkEmailVerified', at: AT })
      .then([]);
  });

  it('keeps an unverified seller from listing', () => {
    expect(() => assertEmailVerifiedToList(stateOf([signedUp, requested()]))).toThrow(
      EMAIL_VERIFICATION_MESSAGES.verifyBeforeListing,
    );
    expect(() => assertEmailVerifiedToList(stateOf([signedUp, requested(), verified()]))).not.toThrow();
    expect(() => assertEmailVerifiedToList(stateOf([legacy]))).not.toThrow();
  });
});
