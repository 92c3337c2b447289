import { type Actor, type Role, forbidden, isAdmin } from '../actor.ts';
import { DomainError } from '../decider.ts';
import type { AccountEvent } from './events.ts';

/**
 * The second factor of a sign-in: a TOTP authenticator app, with single-use recovery codes
 * for a lost device. Required for staff (admins, and analysts, who read the whole log), optional
 * for everyone else. The secret arrives
 * encrypted and the codes hashed: checking a code is the API's part, not the decider's.
 */

export const SECOND_FACTOR_MESSAGES = {
  alreadyEnrolled: /*i18n*/ 'Two-step sign-in is already on. Turn it off first to set up a new device.',
  notEnrolled: /*i18n*/ 'Two-step sign-in is not on for this account',
  staffKeepIt: /*i18n*/ 'Admins and analysts must keep two-step sign-in on',
  invalidCode: /*i18n*/ 'That code is not right. Check your authenticator app (or your recovery codes) and try again.',
} as const;

export interface SecondFactor {
  /** Encrypted, as recorded. */
  secret: string;
  /** SHA-256 of the recovery codes not used yet. */
  recoveryCodeHashes: string[];
}

export type SecondFactorCommand =
  | { type: 'EnrolTotp'; actor: Actor; secret: string; recoveryCodeHashes: string[]; at: string }
  | { type: 'DisableTotp'; actor: Actor; at: string }
  | { type: 'UseRecoveryCode'; codeHash: string; at: string }
  | { type: 'ReplaceRecoveryCodes'; actor: Actor; recoveryCodeHashes: string[]; at: string };

interface Subject {
  userId: string;
  roles: Role[];
  totp: SecondFactor | null;
}

export function decideSecondFactor(account: Subject, command: SecondFactorCommand): AccountEvent[] {
  const { userId, roles, totp } = account;
  switch (command.type) {
    case 'EnrolTotp': {
      if (command.actor.userId !== userId)
        throw forbidden(/*i18n*/ 'Only the account’s owner can set up its two-step sign-in');
      if (totp) throw new DomainError('already_enrolled', SECOND_FACTOR_MESSAGES.alreadyEnrolled, 'conflict');
      const { secret, recoveryCodeHashes, at } = command;
      return [{ type: 'TotpEnrolled', data: { userId, secret, recoveryCodeHashes, enrolledAt: at } }];
    }
    case 'DisableTotp': {
      const { actor, at } = command;
      const own = actor.userId === userId;
      // Another admin may turn it off for a user who lost their device and codes: they enrol again at their next sign-in.
      if (!own && !isAdmin(actor))
        throw forbidden(/*i18n*/ 'Only an admin can turn off the two-step sign-in of another user');
      if (own && isStaff(roles))
        throw new DomainError('second_factor_required', SECOND_FACTOR_MESSAGES.staffKeepIt, 'conflict');
      if (!totp) return [];
      return [{ type: 'TotpDisabled', data: { userId, by: actor.userId, disabledAt: at } }];
    }
    case 'UseRecoveryCode': {
      const { codeHash, at } = command;
      if (!totp?.recoveryCodeHashes.includes(codeHash))
        throw new DomainError('invalid_code', SECOND_FACTOR_MESSAGES.invalidCode, 'invalid', {
          code: SECOND_FACTOR_MESSAGES.invalidCode,
        });
      return [{ type: 'RecoveryCodeUsed', data: { userId, codeHash, usedAt: at } }];
    }
    case 'ReplaceRecoveryCodes': {
      const { actor, recoveryCodeHashes, at } = command;
      if (actor.userId !== userId) throw forbidden(/*i18n*/ 'Only the account’s owner can replace its recovery codes');
      if (!totp) throw new DomainError('not_enrolled', SECOND_FACTOR_MESSAGES.notEnrolled, 'conflict');
      return [{ type: 'RecoveryCodesReplaced', data: { userId, recoveryCodeHashes, replacedAt: at } }];
    }
  }
}

export function evolveSecondFactor(totp: SecondFactor | null, event: AccountEvent): SecondFactor | null {
  switch (event.type) {
    case 'TotpEnrolled':
      return { secret: event.data.secret, recoveryCodeHashes: event.data.recoveryCodeHashes };
    case 'TotpDisabled':
      return null;
    case 'RecoveryCodeUsed':
      return (
        totp && { ...totp, recoveryCodeHashes: totp.recoveryCodeHashes.filter((hash) => hash !== event.data.codeHash) }
      );
    case 'RecoveryCodesReplaced':
      return totp && { ...totp, recoveryCodeHashes: event.data.recoveryCodeHashes };
    default:
      return totp;
  }
}

/** The roles that always sign in with a second factor. */
export const isStaff = (roles: readonly Role[]): boolean => roles.includes('admin') || roles.includes('analyst');

/** Staff always sign in with a second factor; others once they turned it on. */
export const needsSecondFactor = (account: Subject): boolean => account.totp !== null || isStaff(account.roles);
