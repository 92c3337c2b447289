import { DomainError } from '../decider.ts';
import type { AccountEvent } from './events.ts';

/**
 * E-mail verification: a sign-up proves it owns its address by following a mailed link
 * (single use, expiring). Accounts registered before verification existed count as verified.
 */

/** How long a verification link works. */
export const VERIFICATION_LINK_TTL_MS = 48 * 60 * 60 * 1000;

export const EMAIL_VERIFICATION_MESSAGES = {
  invalidToken: /*i18n*/ 'This verification link is invalid or has expired. Sign in and ask for a new one.',
  alreadyVerified: /*i18n*/ 'Your e-mail address is already verified',
  verifyBeforeListing: /*i18n*/ 'Verify your e-mail address before listing products',
} as const;

export interface EmailVerification {
  verified: boolean;
  /** The link last mailed; a newer one replaces it. */
  pending: { tokenHash: string; expiresAt: string } | null;
  /** The token that verified the address, so following the same link again changes nothing. */
  verifiedWith: string | null;
}

export type VerificationCommand =
  | { type: 'RequestEmailVerification'; tokenHash: string; expiresAt: string; at: string }
  /** `now` decides whether the link has expired. */
  | { type: 'VerifyEmail'; tokenHash: string; now: string }
  /** The system vouches for the address (the demo seed, an operator's command). */
  | { type: 'MarkEmailVerified'; at: string };

interface Subject {
  userId: string;
  email: string;
  verification: EmailVerification;
}

export function decideVerification(account: Subject, command: VerificationCommand): AccountEvent[] {
  const { userId, email, verification } = account;
  switch (command.type) {
    case 'RequestEmailVerification': {
      if (verification.verified)
        throw new DomainError('already_verified', EMAIL_VERIFICATION_MESSAGES.alreadyVerified, 'conflict');
      const { tokenHash, expiresAt, at } = command;
      return [{ type: 'EmailVerificationRequested', data: { userId, email, tokenHash, expiresAt, requestedAt: at } }];
    }
    case 'VerifyEmail': {
      const { tokenHash, now } = command;
      // The link that verified the address, followed again (a second click, a mail scanner): nothing to do.
      if (verification.verified && verification.verifiedWith === tokenHash) return [];
      const { pending } = verification;
      if (
        verification.verified ||
        pending === null ||
        pending.tokenHash !== tokenHash ||
        Date.parse(now) >= Date.parse(pending.expiresAt)
      ) {
        throw new DomainError('invalid_token', EMAIL_VERIFICATION_MESSAGES.invalidToken, 'invalid');
      }
      return [{ type: 'EmailVerified', data: { userId, email, tokenHash, verifiedAt: now } }];
    }
    case 'MarkEmailVerified':
      return verification.verified
        ? []
        : [{ type: 'EmailVerified', data: { userId, email, tokenHash: null, verifiedAt: command.at } }];
  }
}

export function evolveVerification(state: EmailVerification, event: AccountEvent): EmailVerification {
  switch (event.type) {
    case 'AccountRegistered':
      return { verified: event.data.emailVerified ?? true, pending: null, verifiedWith: null };
    case 'EmailVerificationRequested':
      return { ...state, pending: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'EmailVerified':
      return { verified: true, pending: null, verifiedWith: event.data.tokenHash };
    default:
      return state;
  }
}

/** A seller lists products only from a verified address: buyers must be able to reach them. */
export function assertEmailVerifiedToList(verification: EmailVerification): void {
  if (!verification.verified)
    throw new DomainError('email_unverified', EMAIL_VERIFICATION_MESSAGES.verifyBeforeListing, 'forbidden');
}
