import type { Role, SelfServiceRole } from '../actor.ts';

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
      };
    }
  | { type: 'RoleAdded'; data: { userId: string; role: Role; by: string; at: string } }
  | { type: 'RoleRemoved'; data: { userId: string; role: Role; by: string; at: string } }
  | { type: 'PasswordChanged'; data: { userId: string; passwordHash: string; changedAt: string } }
  /** Only a hash of the token is stored; the token itself goes to the user's mailbox. */
  | { type: 'PasswordResetRequested'; data: { userId: string; tokenHash: string; expiresAt: string; requestedAt: string } }
  | { type: 'PasswordResetCompleted'; data: { userId: string; tokenHash: string; completedAt: string } };
