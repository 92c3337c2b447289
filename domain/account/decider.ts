import { type Actor, type Role, type SelfServiceRole, SELF_SERVICE_ROLES, forbidden, isAdmin } from '../actor.ts';
import type { DisplayCurrency } from '../currency/currencies.ts';
import { type Decider, DomainError } from '../decider.ts';
import type { Locale } from '../i18n/locales.ts';
import { NOTICE_KINDS, type NoticeKind } from '../notification/notices.ts';
import { emailKey } from './email.ts';
import type { AccountEvent } from './events.ts';
import {
  type SecondFactor,
  type SecondFactorCommand,
  decideSecondFactor,
  evolveSecondFactor,
} from './second-factor.ts';
import {
  type EmailVerification,
  type VerificationCommand,
  decideVerification,
  evolveVerification,
} from './verification.ts';
import { english } from '../i18n/message.ts';

/**
 * RegisterAccount, RequestPasswordReset and ResetPassword come from visitors who are not
 * signed in, so they carry no actor. Passwords and reset tokens arrive already hashed.
 */
export type AccountCommand =
  | {
      type: 'RegisterAccount';
      userId: string;
      fullName: string;
      email: string;
      passwordHash: string;
      role: SelfServiceRole;
      /** False for a visitor's sign-up (the address is verified by a mailed link); omitted when the system registers an address it vouches for. */
      emailVerified?: boolean;
      at: string;
    }
  | { type: 'AddRole'; actor: Actor; role: Role; at: string }
  | { type: 'RemoveRole'; actor: Actor; role: Role; at: string }
  | { type: 'ChangePassword'; actor: Actor; passwordHash: string; at: string }
  | { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string; at: string }
  /** `now` decides whether the token has expired. */
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; now: string }
  | { type: 'ChooseMails'; actor: Actor; muted: NoticeKind[]; at: string }
  | { type: 'ChooseDisplayCurrency'; actor: Actor; currency: DisplayCurrency; at: string }
  | { type: 'ChooseLanguage'; actor: Actor; locale: Locale; at: string }
  /** Recorded by the sign-in's second step (no actor: whoever guesses is not signed in). */
  | { type: 'RecordCodesLocked'; burst: number; failures: number; waitMs: number; at: string }
  | VerificationCommand
  | SecondFactorCommand;

export interface Account {
  userId: string;
  fullName: string;
  email: string;
  /** Sign-in verifies against the write side, so a password change counts at once. */
  passwordHash: string;
  roles: Role[];
  pendingReset: { tokenHash: string; expiresAt: string } | null;
  verification: EmailVerification;
  /** The TOTP second factor, when set up. */
  totp: SecondFactor | null;
  /** The kinds of notice the user gets in the app only, not by mail. */
  mutedMails: NoticeKind[];
  /** The currency prices are shown in beside rupees; null until the user chooses one (rupees alone). */
  displayCurrency: DisplayCurrency | null;
  /** The language the app and its mails speak to the user; null until they choose one (English mails, the browser's language in the app). */
  language: Locale | null;
}

export type AccountState = Account | null;

export const INVALID_RESET_TOKEN_MESSAGE = /*i18n*/ 'This password reset link is invalid or has expired';

function addRole(account: Account, { actor, role, at }: Extract<AccountCommand, { type: 'AddRole' }>): AccountEvent[] {
  if (!isAdmin(actor)) {
    if (actor.userId !== account.userId) throw forbidden(/*i18n*/ 'Only an admin can change the roles of another user');
    if (!(SELF_SERVICE_ROLES as readonly Role[]).includes(role))
      throw forbidden(english(/*i18n*/ 'Only an admin can grant the {role} role', { role }));
  }
  // Adding a role one already has succeeds quietly: the user gets what they asked for.
  if (account.roles.includes(role)) return [];
  return [{ type: 'RoleAdded', data: { userId: account.userId, role, by: actor.userId, at } }];
}

function removeRole(
  account: Account,
  { actor, role, at }: Extract<AccountCommand, { type: 'RemoveRole' }>,
): AccountEvent[] {
  if (!isAdmin(actor)) throw forbidden(/*i18n*/ 'Only an admin can remove roles');
  if (role === 'admin' && actor.userId === account.userId) {
    throw new DomainError('own_admin_role', /*i18n*/ 'You cannot remove your own admin role', 'conflict');
  }
  if (!account.roles.includes(role)) return [];
  if (account.roles.length === 1)
    throw new DomainError('last_role', /*i18n*/ 'An account must keep at least one role', 'conflict');
  return [{ type: 'RoleRemoved', data: { userId: account.userId, role, by: actor.userId, at } }];
}

/** Only the user chooses their mails; the same choice again records nothing. */
function chooseMails(account: Account, { actor, muted, at }: Extract<AccountCommand, { type: 'ChooseMails' }>) {
  if (actor.userId !== account.userId) throw forbidden(/*i18n*/ 'You can only choose your own mails');
  // Kept in the order the kinds are listed, once each.
  const chosen = NOTICE_KINDS.filter((kind) => muted.includes(kind));
  if (chosen.join() === account.mutedMails.join()) return [];
  return [{ type: 'MailChoicesChanged', data: { userId: account.userId, muted: chosen, at } } satisfies AccountEvent];
}

/** Only the user chooses the currency they see; the same choice again records nothing. */
function chooseDisplayCurrency(
  account: Account,
  { actor, currency, at }: Extract<AccountCommand, { type: 'ChooseDisplayCurrency' }>,
): AccountEvent[] {
  if (actor.userId !== account.userId) throw forbidden(/*i18n*/ 'You can only choose your own currency');
  if (currency === account.displayCurrency) return [];
  return [{ type: 'DisplayCurrencyChosen', data: { userId: account.userId, currency, at } }];
}

/** Only the user chooses their language; the same choice again records nothing. */
function chooseLanguage(
  account: Account,
  { actor, locale, at }: Extract<AccountCommand, { type: 'ChooseLanguage' }>,
): AccountEvent[] {
  if (actor.userId !== account.userId) throw forbidden(/*i18n*/ 'You can only choose your own language');
  if (locale === account.language) return [];
  return [{ type: 'LanguageChosen', data: { userId: account.userId, locale, at } }];
}

function resetPassword(account: Account, command: Extract<AccountCommand, { type: 'ResetPassword' }>): AccountEvent[] {
  const { userId, pendingReset } = account;
  const { tokenHash, passwordHash, now } = command;
  // One answer for unknown, used and expired tokens: the caller learns nothing more.
  if (
    pendingReset === null ||
    pendingReset.tokenHash !== tokenHash ||
    Date.parse(now) >= Date.parse(pendingReset.expiresAt)
  ) {
    throw new DomainError('invalid_token', INVALID_RESET_TOKEN_MESSAGE, 'invalid');
  }
  return [
    { type: 'PasswordResetCompleted', data: { userId, tokenHash, completedAt: now } },
    { type: 'PasswordChanged', data: { userId, passwordHash, changedAt: now } },
  ];
}

function decideOnExisting(
  command: Exclude<AccountCommand, { type: 'RegisterAccount' }>,
  account: Account,
): AccountEvent[] {
  switch (command.type) {
    case 'AddRole':
      return addRole(account, command);
    case 'RemoveRole':
      return removeRole(account, command);
    case 'ChangePassword': {
      const { actor, passwordHash, at } = command;
      if (actor.userId !== account.userId) throw forbidden(/*i18n*/ 'You can only change your own password');
      return [{ type: 'PasswordChanged', data: { userId: account.userId, passwordHash, changedAt: at } }];
    }
    case 'RequestPasswordReset': {
      const { tokenHash, expiresAt, at } = command;
      return [
        { type: 'PasswordResetRequested', data: { userId: account.userId, tokenHash, expiresAt, requestedAt: at } },
      ];
    }
    case 'ResetPassword':
      return resetPassword(account, command);
    case 'ChooseMails':
      return chooseMails(account, command);
    case 'ChooseDisplayCurrency':
      return chooseDisplayCurrency(account, command);
    case 'ChooseLanguage':
      return chooseLanguage(account, command);
    case 'RecordCodesLocked': {
      const { type: _, ...locked } = command;
      return [{ type: 'SecondFactorCodesLocked', data: { userId: account.userId, ...locked } }];
    }
    case 'RequestEmailVerification':
    case 'VerifyEmail':
    case 'MarkEmailVerified':
      return decideVerification(account, command);
    case 'EnrolTotp':
    case 'DisableTotp':
    case 'UseRecoveryCode':
    case 'ReplaceRecoveryCodes':
      return decideSecondFactor(account, command);
  }
}

/** The account's own fields; verification and the second factor evolve beside them (verification.ts, second-factor.ts). */
function evolveAccount(state: AccountState, { type, data }: AccountEvent): AccountState {
  if (type === 'AccountRegistered') {
    const { userId, fullName, email, passwordHash, role } = data;
    return {
      userId,
      fullName,
      email,
      passwordHash,
      roles: [role],
      pendingReset: null,
      verification: { verified: false, pending: null, verifiedWith: null },
      totp: null,
      mutedMails: [],
      displayCurrency: null,
      language: null,
    };
  }
  if (state === null) return state;
  switch (type) {
    case 'RoleAdded':
      return { ...state, roles: [...state.roles, data.role] };
    case 'RoleRemoved':
      return { ...state, roles: state.roles.filter((role) => role !== data.role) };
    // A newer request replaces the older link.
    case 'PasswordResetRequested':
      return { ...state, pendingReset: { tokenHash: data.tokenHash, expiresAt: data.expiresAt } };
    // Single use; a password changed otherwise also ends a pending reset.
    case 'PasswordResetCompleted':
      return { ...state, pendingReset: null };
    case 'PasswordChanged':
      return { ...state, passwordHash: data.passwordHash, pendingReset: null };
    case 'MailChoicesChanged':
      return { ...state, mutedMails: data.muted };
    case 'DisplayCurrencyChosen':
      return { ...state, displayCurrency: data.currency };
    case 'LanguageChosen':
      return { ...state, language: data.locale };
    default:
      return state;
  }
}

export const accountDecider: Decider<AccountCommand, AccountState, AccountEvent> = {
  initialState: null,

  evolve(state, event) {
    const account = evolveAccount(state, event);
    return (
      account && {
        ...account,
        verification: evolveVerification(account.verification, event),
        totp: evolveSecondFactor(account.totp, event),
      }
    );
  },

  decide(command, state) {
    if (command.type === 'RegisterAccount') {
      if (state !== null) throw new DomainError('already_exists', /*i18n*/ 'Account already exists', 'conflict');
      const { userId, fullName, email, passwordHash, role, emailVerified, at } = command;
      return [
        {
          type: 'AccountRegistered',
          data: {
            userId,
            fullName,
            email,
            emailNormalized: emailKey(email),
            passwordHash,
            role,
            registeredAt: at,
            ...(emailVerified !== undefined && { emailVerified }),
          },
        },
      ];
    }
    // Visitors asking for a reset must not learn whether the account exists: the API answers alike.
    if (state === null) throw new DomainError('not_found', /*i18n*/ 'Account not found', 'not_found');
    return decideOnExisting(command, state);
  },
};
