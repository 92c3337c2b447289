import { randomBytes } from 'node:crypto';
import type { MailMessage } from '../../platform/mail/port.ts';
import type { MailRecipient } from './account-mails.ts';
import { SECRET_PARAM } from '../../platform/config/links.ts';
import { sha256Hex } from './sha256.ts';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * A reset token is `{userId}.{secret}`: the user id says which account stream to decide on
 * (ids are random and reveal nothing), the 32 random bytes make it unguessable. Only its
 * SHA-256 is recorded in the event.
 */
export function newResetToken(userId: string): { token: string; tokenHash: string } {
  const token = `${userId}.${randomBytes(32).toString('base64url')}`;
  return { token, tokenHash: sha256Hex(token) };
}

/** The account a token claims to belong to, or null when it is not shaped like a token. */
export function resetTokenUserId(token: string): string | null {
  const dot = token.indexOf('.');
  return dot > 0 && dot < token.length - 1 ? token.slice(0, dot) : null;
}

export const resetTokenHash = (token: string): string => sha256Hex(token);

/** `baseUrl` is `publicBaseUrl(config)` (links.ts), never a request's origin; it may carry a path prefix. */
export function resetLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/reset-password?${SECRET_PARAM}=${encodeURIComponent(token)}`;
}

export function resetMail({ email: to, language: { t } }: MailRecipient, link: string): MailMessage {
  return {
    to,
    subject: t(/*i18n*/ 'Reset your MIBI password'),
    text: [
      t(/*i18n*/ 'Someone (we hope you) asked to reset the password of your MIBI account.'),
      '',
      t(/*i18n*/ 'Choose a new password here: {link}', { link }),
      '',
      t(
        /*i18n*/ 'The link works once and expires in 1 hour. If you did not ask, ignore this e-mail: your password stays as it is.',
      ),
    ].join('\n'),
  };
}
