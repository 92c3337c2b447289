import { type Decider, DomainError } from '../decider.ts';

/**
 * One stream per e-mail address makes addresses unique: the API appends EmailReserved to
 * `email-{key}` with expected revision 'no_stream' before it registers the account, so of
 * two sign-ups with one address the second fails on write even if both passed `decide`.
 */

/** The normalized address (trimmed, lowercased); the API may hash it for the stream name. */
export const emailKey = (email: string): string => email.trim().toLowerCase();

export const emailStream = (key: string): string => `email-${key}`;

export type EmailEvent = { type: 'EmailReserved'; data: { userId: string; emailNormalized: string } };

export type EmailCommand = { type: 'ReserveEmail'; userId: string; email: string };

export type EmailState = { userId: string } | null;

export const EMAIL_TAKEN_MESSAGE = /*i18n*/ 'An account with this email already exists';

export const emailDecider: Decider<EmailCommand, EmailState, EmailEvent> = {
  initialState: null,
  evolve: (_, event) => ({ userId: event.data.userId }),
  decide({ userId, email }, state) {
    if (state === null) return [{ type: 'EmailReserved', data: { userId, emailNormalized: emailKey(email) } }];
    // The same sign-up retried after its account append failed.
    if (state.userId === userId) return [];
    throw new DomainError('email_taken', EMAIL_TAKEN_MESSAGE, 'conflict', { email: EMAIL_TAKEN_MESSAGE });
  },
};
