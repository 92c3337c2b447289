import type { Role, SelfServiceRole } from '../actor.ts';
import type { DisplayCurrency } from '../currency/currencies.ts';
import type { Locale } from '../i18n/locales.ts';
import type { NoticeKind } from '../notification/notices.ts';

export const accountStream = (userId: string): string => `account-${userId}`;

export type AccountEvent =
  | {
      type: 'AccountRegistered';
      data: {
        userId: string;
        fullName: string;
        /** As typed, for display. */
        email: string;
        /** `emailKey(email)`: what sign-in looks up. */
        emailNormalized: string;
        passwordHash: string;
        role: SelfServiceRole;
        registeredAt: string;
        /**
         * False for a sign-up, which then verifies its address by a mailed link. Absent in
         * accounts registered before e-mail verification existed: those count as verified.
         */
        emailVerified?: boolean;
      };
    }
  | { type: 'RoleAdded'; data: { userId: string; role: Role; by: string; at: string } }
  | { type: 'RoleRemoved'; data: { userId: string; role: Role; by: string; at: string } }
  | { type: 'PasswordChanged'; data: { userId: string; passwordHash: string; changedAt: string } }
  /** Only a hash of the token is stored; the token itself goes to the user's mailbox. */
  | {
      type: 'PasswordResetRequested';
      data: { userId: string; tokenHash: string; expiresAt: string; requestedAt: string };
    }
  | { type: 'PasswordResetCompleted'; data: { userId: string; tokenHash: string; completedAt: string } }
  /** A verification link was mailed (at sign-up or on request); only a hash of its token is stored. */
  | {
      type: 'EmailVerificationRequested';
      data: { userId: string; email: string; tokenHash: string; expiresAt: string; requestedAt: string };
    }
  /** With the link's token, or by the system (`tokenHash` null: the demo seed, the CLI). */
  | { type: 'EmailVerified'; data: { userId: string; email: string; tokenHash: string | null; verifiedAt: string } }
  /**
   * A TOTP second factor was set up. `secret` is encrypted (`v1.` AES-256-GCM with the key of
   * TOTP_KEY): the log is permanent, so it never holds a usable secret. Recovery codes are
   * stored as SHA-256 hashes only; the user saw them once.
   */
  | { type: 'TotpEnrolled'; data: { userId: string; secret: string; recoveryCodeHashes: string[]; enrolledAt: string } }
  /** By the user (a seller turning it off) or by an admin (a user who lost their device enrols again). */
  | { type: 'TotpDisabled'; data: { userId: string; by: string; disabledAt: string } }
  /**
   * A burst of wrong second-factor codes (`failures` of them, after the password) made the
   * account's codes wait `waitMs`: someone who has the password may be guessing codes. The
   * owner is mailed of it (workers/tell-code-failures.ts).
   */
  | {
      type: 'SecondFactorCodesLocked';
      data: { userId: string; burst: number; failures: number; waitMs: number; at: string };
    }
  | { type: 'RecoveryCodeUsed'; data: { userId: string; codeHash: string; usedAt: string } }
  | { type: 'RecoveryCodesReplaced'; data: { userId: string; recoveryCodeHashes: string[]; replacedAt: string } }
  /** The user's choice of notice mails: every kind is mailed but those in `muted` (in-app notices always come). */
  | { type: 'MailChoicesChanged'; data: { userId: string; muted: NoticeKind[]; at: string } }
  /** The currency the user sees prices in beside rupees (INR: rupees alone); they are charged in rupees whatever it is. */
  | { type: 'DisplayCurrencyChosen'; data: { userId: string; currency: DisplayCurrency; at: string } }
  /** The language the user reads the app and their mails in. */
  | { type: 'LanguageChosen'; data: { userId: string; locale: Locale; at: string } };
