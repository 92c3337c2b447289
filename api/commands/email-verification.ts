/**
 * E-mail verification: the link mailed at sign-up (and again on request), following it, and
 * the system vouching for an address (the demo seed, the test harness's fixtures).
 */
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import {
  EMAIL_VERIFICATION_MESSAGES,
  VERIFICATION_LINK_TTL_MS,
  assertEmailVerifiedToList,
} from '../../domain/account/verification.ts';
import { DomainError } from '../../domain/decider.ts';
import type { Config } from '../../platform/config/config.ts';
import type { Mailer } from '../../platform/mail/port.ts';
import { mailRecipient, verificationMail } from '../auth/account-mails.ts';
import { SECRET_PARAM, linkTo } from '../../platform/config/links.ts';
import {
  newResetToken as newLinkToken,
  resetTokenHash as linkTokenHash,
  resetTokenUserId as linkTokenUserId,
} from '../auth/reset-links.ts';
import type { AttemptCounter } from '../auth/throttle.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandContext } from './context.ts';
import { later } from '../../domain/time.ts';
import { logger } from '../../platform/log.ts';

const log = logger('mail');

export interface VerificationMailContext extends CommandContext {
  platform: { mail: Pick<Mailer, 'send'> };
  config: Pick<Config, 'PUBLIC_URL' | 'PORT'>;
}

/** The page of the SPA a verification link opens. */
export const VERIFY_EMAIL_PATH = '/verify-email';

/**
 * Records a new link (its token's hash; a newer link replaces the older) and mails it.
 * Tokens are `{userId}.{secret}` like reset tokens: the id names the account stream.
 */
export async function mailVerificationLink(
  cx: VerificationMailContext,
  user: { id: string; email: string },
): Promise<{ position: number }> {
  const { token, tokenHash } = newLinkToken(user.id);
  const at = cx.now();
  const expiresAt = later(at, VERIFICATION_LINK_TTL_MS);
  const command = { type: 'RequestEmailVerification', tokenHash, expiresAt, at } as const;
  const { position } = await cx.streams.handle(accountStream(user.id), accountDecider, command, { actor: user.id });
  const { state: account } = await cx.streams.load(accountStream(user.id), accountDecider);
  // In the language the owner chose; a new account has chosen none yet, and is written to in English.
  const to = mailRecipient({ email: user.email, language: account?.language ?? null });
  await cx.platform.mail.send(verificationMail(to, linkTo(cx.config, VERIFY_EMAIL_PATH, { [SECRET_PARAM]: token })));
  return { position };
}

export const tooManyLinksMessage = (retryAfterMs: number): string => {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return `We sent you several links lately. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
};

/**
 * Mails the signed-in user a new link, within the limit of link mails per account (`mails`,
 * keyed apart from reset mails); a 409 when the address is verified already.
 */
export async function resendVerificationLink(
  cx: VerificationMailContext,
  user: { id: string; email: string; emailVerified: boolean },
  mails: AttemptCounter,
): Promise<{ position: number }> {
  if (user.emailVerified)
    throw new DomainError('already_verified', EMAIL_VERIFICATION_MESSAGES.alreadyVerified, 'conflict');
  const key = `verify-email:${user.id}`;
  const waitMs = await mails.retryAfterMs(key);
  if (waitMs > 0) throw new TooManyLinks(waitMs);
  await mails.record(key);
  try {
    return await mailVerificationLink(cx, user);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    log.error({ err: error }, 'a verification link could not be sent');
    throw new ApiError(
      503,
      'mail_unavailable',
      /*i18n*/ 'We could not send the e-mail just now. Please try again in a few minutes.',
    );
  }
}

/** A 429 whose wait the route turns into Retry-After. */
export class TooManyLinks extends ApiError {
  constructor(readonly retryAfterMs: number) {
    super(429, 'too_many_requests', tooManyLinksMessage(retryAfterMs));
  }
}

/** Follows a link: the address is verified (once; the same link again changes nothing). No session needed. */
export async function verifyEmail(cx: CommandContext, token: string): Promise<{ position: number }> {
  const userId = linkTokenUserId(token);
  const invalid = new DomainError('invalid_token', EMAIL_VERIFICATION_MESSAGES.invalidToken, 'invalid');
  if (!userId) throw invalid;
  const command = { type: 'VerifyEmail', tokenHash: linkTokenHash(token), now: cx.now() } as const;
  const { position } = await cx.streams
    .handle(accountStream(userId), accountDecider, command, { actor: userId })
    .catch((error) => {
      // A token naming no account is as invalid as any other.
      throw error instanceof DomainError && error.code === 'not_found' ? invalid : error;
    });
  return { position };
}

/** The system vouches for the address (the demo seed's made-up addresses receive no mail). */
export async function markEmailVerified(
  cx: CommandContext,
  userId: string,
  actor = 'system',
): Promise<{ position: number }> {
  return cx.streams.handle(
    accountStream(userId),
    accountDecider,
    { type: 'MarkEmailVerified', at: cx.now() },
    { actor },
  );
}

/** A seller's listing waits for their verified address (403 otherwise); accounts from before verification count as verified. */
export async function assertVerifiedToList(cx: CommandContext, userId: string): Promise<void> {
  const { state } = await cx.streams.load(accountStream(userId), accountDecider);
  if (state) assertEmailVerifiedToList(state.verification);
}
