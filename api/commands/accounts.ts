/**
 * Accounts: registration, roles, passwords and their reset, decided on the account and
 * e-mail streams. Sign-in reads the account from the write side too, so a password or role
 * changed a moment ago counts at once.
 */
import type { Actor, Role, SelfServiceRole } from '../../domain/actor.ts';
import {
  type Account,
  type AccountCommand,
  INVALID_RESET_TOKEN_MESSAGE,
  accountDecider,
} from '../../domain/account/decider.ts';
import { EMAIL_TAKEN_MESSAGE, emailDecider, emailKey, emailStream } from '../../domain/account/email.ts';
import { accountStream } from '../../domain/account/events.ts';
import { DomainError } from '../../domain/decider.ts';
import type { NoticeKind } from '../../domain/notification/notices.ts';
import type { Mailer } from '../../platform/mail/port.ts';
import { mailRecipient, passwordChangedMail, sendNotice } from '../auth/account-mails.ts';
import { assertNotCommonPassword, hashPassword, verifyPassword } from '../auth/passwords.ts';
import {
  RESET_LINK_TTL_MS,
  newResetToken,
  resetLink,
  resetMail,
  resetTokenHash,
  resetTokenUserId,
} from '../auth/reset-links.ts';
import type { Sessions } from '../auth/sessions.ts';
import { sha256Hex } from '../auth/sha256.ts';
import type { AttemptCounter, SignInThrottle } from '../auth/throttle.ts';
import { ApiError } from '../http/errors.ts';
import type { SessionUser } from '../http/router.ts';
import type { CommandContext } from './context.ts';
import { type VerificationMailContext, mailVerificationLink } from './email-verification.ts';
import { chooseLanguage } from './language.ts';
import { DEFAULT_LOCALE, type Locale } from '../../domain/i18n/locales.ts';
import { later } from '../../domain/time.ts';
import { logger } from '../../platform/log.ts';

const log = logger('mail');

export const INVALID_CREDENTIALS_MESSAGE = /*i18n*/ 'Invalid email or password';
export const WRONG_CURRENT_PASSWORD_MESSAGE = /*i18n*/ 'Your current password is not correct';

/** Mail to an account's owner: the platform's mailer, and where links in it point (links.ts). */
export type AccountMailContext = VerificationMailContext;

/** Password commands end the user's sessions and tell the owner: they are given the sessions and the mail as well. */
export interface AccountContext extends AccountMailContext {
  sessions: Pick<Sessions, 'endAll'>;
}

/** A reset request mails the link. */
export interface ResetMailContext extends CommandContext {
  platform: { mail: Pick<Mailer, 'send'> };
}

/** Failed password checks counted for the throttle (of this e-mail, from this client). */
export interface PasswordAttempts {
  failed(): Promise<void>;
  /** The owner got in. */
  succeeded(): Promise<void>;
}

/** The account and the log position a command reached. */
export interface AccountChange {
  user: SessionUser;
  position: number;
}

/** The reservation stream of an address, named by a hash so addresses never appear in stream names. */
export const reservationStream = (email: string): string => emailStream(sha256Hex(emailKey(email)));

export const sessionUserOf = (account: Account): SessionUser => ({
  id: account.userId,
  fullName: account.fullName,
  email: account.email,
  roles: account.roles,
  emailVerified: account.verification.verified,
  totpEnabled: account.totp !== null,
});

/** The account registered with an address (any case), read on the write side. */
export async function findAccount(cx: CommandContext, email: string): Promise<Account | null> {
  const { state: reservation } = await cx.streams.load(reservationStream(email), emailDecider);
  if (!reservation) return null;
  return (await cx.streams.load(accountStream(reservation.userId), accountDecider)).state;
}

export interface Registration {
  fullName: string;
  email: string;
  passwordHash: string;
  role: SelfServiceRole;
  /** False for a visitor's sign-up; omitted when the system registers an address it vouches for (ADMIN_EMAIL). */
  emailVerified?: boolean;
}

/**
 * Reserves the address (appended with expected revision 'no_stream', so of two sign-ups
 * only one gets it), then registers the account under the reserved user id. If a process
 * died between the two appends, the reservation has no account: nobody ever owned it, so
 * the next sign-up with the address completes it under the reserved id. `actor` names who
 * registers (the system for the admin of ADMIN_EMAIL); by default the new user.
 */
export async function registerAccount(
  cx: CommandContext,
  registration: Registration,
  actor?: string,
): Promise<AccountChange> {
  const { fullName, email, passwordHash, role, emailVerified } = registration;
  const reservation = reservationStream(email);
  const userId = (await cx.streams.load(reservation, emailDecider)).state?.userId ?? cx.newId();
  const metadata = { actor: actor ?? userId };
  await cx.streams.handle(reservation, emailDecider, { type: 'ReserveEmail', userId, email }, metadata);
  try {
    const command = {
      type: 'RegisterAccount',
      userId,
      fullName,
      email,
      passwordHash,
      role,
      emailVerified,
      at: cx.now(),
    } as const;
    const { position } = await cx.streams.handle(accountStream(userId), accountDecider, command, metadata);
    return {
      user: { id: userId, fullName, email, roles: [role], emailVerified: emailVerified ?? true, totpEnabled: false },
      position,
    };
  } catch (error) {
    // The reserved account exists, or a concurrent sign-up completing the same reservation won.
    if (error instanceof DomainError && error.code === 'already_exists') throw emailTaken();
    throw error;
  }
}

const emailTaken = (): DomainError =>
  new DomainError('email_taken', EMAIL_TAKEN_MESSAGE, 'conflict', { email: EMAIL_TAKEN_MESSAGE });

export const isEmailTaken = (error: unknown): boolean => error instanceof DomainError && error.code === 'email_taken';

/**
 * A visitor's sign-up: a common password is refused, the password hashed, the account
 * registered as its own actor with its address unverified, and a verification link mailed.
 * Signed up in a language other than English (the one the SPA shows, sent as the request's
 * language), the account keeps it as its owner's choice, so the link's mail is in it too.
 */
export async function signUp(
  cx: AccountMailContext,
  { password, ...profile }: { fullName: string; email: string; password: string; role: SelfServiceRole },
  language: Locale = DEFAULT_LOCALE,
): Promise<AccountChange> {
  await assertNotCommonPassword(password);
  const registered = await registerAccount(cx, {
    ...profile,
    passwordHash: await hashPassword(password),
    emailVerified: false,
  });
  if (language !== DEFAULT_LOCALE)
    await chooseLanguage(cx, { userId: registered.user.id, roles: registered.user.roles }, language);
  // The account exists whatever happens to the mail: its owner can ask for another link once signed in.
  const mailed = await mailVerificationLink(cx, registered.user).catch((error) => {
    log.error({ err: error }, 'the verification link of a sign-up could not be sent');
    return registered;
  });
  return { user: registered.user, position: mailed.position };
}

/** The user of an e-mail and password; a 401 (counted as a failed attempt) for a wrong pair. */
export async function signIn(
  cx: CommandContext,
  { email, password }: { email: string; password: string },
  attempts: PasswordAttempts,
): Promise<SessionUser> {
  const account = await findAccount(cx, email);
  // Verified even without an account, so the answer takes as long either way.
  const valid = await verifyPassword(account?.passwordHash ?? null, password);
  if (!account || !valid) {
    await attempts.failed();
    throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
  }
  await attempts.succeeded();
  return sessionUserOf(account);
}

/** Runs a role command on an account and answers with the account after it. */
async function changeRoles(
  cx: CommandContext,
  actor: Actor,
  userId: string,
  command: Extract<AccountCommand, { type: 'AddRole' | 'RemoveRole' }>,
) {
  const stream = accountStream(userId);
  const { position, events } = await cx.streams.handle(stream, accountDecider, command, { actor: actor.userId });
  const { state } = await cx.streams.load(stream, accountDecider);
  return { user: sessionUserOf(state!), position, changed: events.length > 0 };
}

/**
 * Gives a user a role: a user takes on a self-service role themselves, an admin grants any
 * (the decider checks which). Adding a role already held changes nothing. A new admin is
 * signed out everywhere: an admin's sessions must have passed a second factor, which they
 * set up at their next sign-in.
 */
export async function addRole(
  cx: CommandContext & { sessions: Pick<Sessions, 'endAll'> },
  actor: Actor,
  userId: string,
  role: Role,
): Promise<AccountChange> {
  const { changed, ...result } = await changeRoles(cx, actor, userId, { type: 'AddRole', actor, role, at: cx.now() });
  if (changed && role === 'admin') await cx.sessions.endAll(userId);
  return result;
}

/** An admin takes a role away (never their own admin role, nor anyone's last role: the decider says). */
export async function removeRole(cx: CommandContext, actor: Actor, userId: string, role: Role): Promise<AccountChange> {
  const { changed: _, ...result } = await changeRoles(cx, actor, userId, {
    type: 'RemoveRole',
    actor,
    role,
    at: cx.now(),
  });
  return result;
}

/**
 * Changes the actor's own password after checking the current one (a wrong one is counted
 * as a failed attempt), then ends every session of the user.
 */
export async function changePassword(
  cx: AccountContext,
  actor: Actor,
  { currentPassword, password }: { currentPassword: string; password: string },
  attempts: Pick<PasswordAttempts, 'failed'>,
): Promise<{ position: number }> {
  const stream = accountStream(actor.userId);
  const { state: account } = await cx.streams.load(stream, accountDecider);
  if (!(await verifyPassword(account?.passwordHash ?? null, currentPassword))) {
    await attempts.failed();
    throw new ApiError(400, 'wrong_password', WRONG_CURRENT_PASSWORD_MESSAGE, {
      currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE,
    });
  }
  await assertNotCommonPassword(password);
  const command = { type: 'ChangePassword', actor, passwordHash: await hashPassword(password), at: cx.now() } as const;
  const { position } = await cx.streams.handle(stream, accountDecider, command, { actor: actor.userId });
  await cx.sessions.endAll(actor.userId);
  await tellPasswordChanged(cx, actor.userId, position, command.at);
  return { position };
}

/** The owner's notice of a password change or reset, keyed by the change; answers the account it told. */
async function tellPasswordChanged(
  cx: AccountContext,
  userId: string,
  position: number,
  at: string,
): Promise<Account | null> {
  const { state: account } = await cx.streams.load(accountStream(userId), accountDecider);
  if (!account) return null;
  await sendNotice(
    cx.platform.mail,
    passwordChangedMail(cx.config, mailRecipient(account), at, `password-changed:${userId}:${position}`),
  );
  return account;
}

/** Where a reset came from: the owner got in from this client, so its sign-in count for the account starts afresh. */
export interface ResetClient {
  signIns: Pick<SignInThrottle, 'forgive'>;
  /** The client's key (throttle.ts, `clientKey`). */
  client: string;
}

/**
 * Mails a reset link valid for 1 hour to the account of `email`, when there is one and it
 * has not had too many lately (`resetMails` counts them per account). Says nothing either
 * way, so it reveals nothing about accounts; the route runs it after answering, so that the
 * answer's time reveals nothing either. `baseUrl` is where the SPA is served.
 */
export async function requestPasswordReset(
  cx: ResetMailContext,
  { email, baseUrl }: { email: string; baseUrl: string },
  resetMails: AttemptCounter,
): Promise<void> {
  const account = await findAccount(cx, email);
  if (!account || (await resetMails.retryAfterMs(account.userId)) > 0) return;
  await resetMails.record(account.userId);
  const { token, tokenHash } = newResetToken(account.userId);
  const at = cx.now();
  const expiresAt = later(at, RESET_LINK_TTL_MS);
  const command = { type: 'RequestPasswordReset', tokenHash, expiresAt, at } as const;
  await cx.streams.handle(accountStream(account.userId), accountDecider, command, { actor: null });
  await cx.platform.mail.send(resetMail(mailRecipient(account), resetLink(baseUrl, token)));
}

/**
 * Sets a new password with the token of a reset link (once, within the hour), then ends every
 * session of the user and forgives the client's failed sign-ins to the account.
 */
export async function resetPassword(
  cx: AccountContext,
  { token, password }: { token: string; password: string },
  from: ResetClient,
): Promise<{ position: number }> {
  const userId = resetTokenUserId(token);
  const invalid = new DomainError('invalid_token', INVALID_RESET_TOKEN_MESSAGE, 'invalid');
  if (!userId) throw invalid;
  await assertNotCommonPassword(password);
  const command = {
    type: 'ResetPassword',
    tokenHash: resetTokenHash(token),
    passwordHash: await hashPassword(password),
    now: cx.now(),
  } as const;
  const { position } = await cx.streams
    .handle(accountStream(userId), accountDecider, command, { actor: userId })
    .catch((error) => {
      // A token naming no account is as invalid as any other.
      throw error instanceof DomainError && error.code === 'not_found' ? invalid : error;
    });
  await cx.sessions.endAll(userId);
  const account = await tellPasswordChanged(cx, userId, position, command.now);
  if (account) await from.signIns.forgive(emailKey(account.email), from.client);
  return { position };
}

/** The user's own choice of notice mails, as it stands after the command. */
export async function chooseMails(
  cx: CommandContext,
  actor: Actor,
  muted: NoticeKind[],
): Promise<{ muted: NoticeKind[]; position: number }> {
  const stream = accountStream(actor.userId);
  const command = { type: 'ChooseMails', actor, muted, at: cx.now() } as const;
  const { position } = await cx.streams.handle(stream, accountDecider, command, { actor: actor.userId });
  return { muted: (await mailChoicesOf(cx, actor.userId)).muted, position };
}

/** The kinds of notice the user gets in the app only. */
export async function mailChoicesOf(cx: CommandContext, userId: string): Promise<{ muted: NoticeKind[] }> {
  const { state } = await cx.streams.load(accountStream(userId), accountDecider);
  if (!state) throw new ApiError(404, 'not_found', /*i18n*/ 'Account not found');
  return { muted: state.mutedMails };
}
