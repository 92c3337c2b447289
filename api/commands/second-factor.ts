/**
 * Two-step sign-in: which accounts need it at sign-in, setting up an authenticator app (with
 * recovery codes), checking a code, turning it off and replacing the codes. The secret is
 * sealed (api/auth/totp.ts) before it reaches the browser or the log.
 */
import { type Account, accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import { SECOND_FACTOR_MESSAGES, isStaff } from '../../domain/account/second-factor.ts';
import type { Actor } from '../../domain/actor.ts';
import { DomainError } from '../../domain/decider.ts';
import type { Config } from '../../platform/config/config.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { mailRecipient, secondFactorChangedMail, sendNotice } from '../auth/account-mails.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { Sessions } from '../auth/sessions.ts';
import { signInChallenges } from '../auth/sign-in-challenges.ts';
import {
  asTotpCode,
  authenticatorSetup,
  matchingStep,
  newRecoveryCodes,
  newSealedSecret,
  openSecret,
  recoveryCodeHash,
} from '../auth/totp.ts';
import { ApiError } from '../http/errors.ts';
import type { SessionUser } from '../http/router.ts';
import type { PasswordAttempts } from './accounts.ts';
import type { VerificationMailContext } from './email-verification.ts';

export interface SecondFactorContext extends VerificationMailContext {
  config: Pick<Config, 'PUBLIC_URL' | 'PORT' | 'TOTP_KEY' | 'DATA_DIR'>;
  /** Mail, and the read store that keeps sign-in challenges and used TOTP steps. */
  platform: VerificationMailContext['platform'] & { read: ReadStore };
}

/** What sign-in answers instead of a session when a code must follow the password. */
export interface SecondStep {
  /** `totp_required`: send a code (or a recovery code); `totp_enrol`: an admin sets up an authenticator app first. */
  step: 'totp_required' | 'totp_enrol';
  /** Names this sign-in in the next request; works for 5 minutes. */
  challenge: string;
}

const invalidCode = () =>
  new DomainError('invalid_code', SECOND_FACTOR_MESSAGES.invalidCode, 'invalid', {
    code: SECOND_FACTOR_MESSAGES.invalidCode,
  });

const SETUP_EXPIRED = 'This set-up is not valid. Start the set-up again.';

/** Null when the password is enough (no second factor, not staff); else the step sign-in goes on with. */
export async function secondStepOf(cx: SecondFactorContext, user: SessionUser): Promise<SecondStep | null> {
  if (!user.totpEnabled && !isStaff(user.roles)) return null;
  const step = user.totpEnabled ? 'code' : 'enrol';
  const challenge = await signInChallenges(cx.platform.read).open(user.id, step, cx.now());
  return { step: step === 'code' ? 'totp_required' : 'totp_enrol', challenge };
}

/**
 * A new secret for an authenticator app: the otpauth:// URI and the secret in base32 to show,
 * and `enrolment`, the sealed secret the browser sends back with a first code.
 */
export function setUpAuthenticator(
  cx: SecondFactorContext,
  user: { id: string; email: string },
): { uri: string; secret: string; enrolment: string } {
  const enrolment = newSealedSecret(cx.config, user.id);
  return { ...authenticatorSetup(openSecret(cx.config, user.id, enrolment)!, user.email), enrolment };
}

async function loadAccount(cx: SecondFactorContext, userId: string): Promise<Account> {
  const { state } = await cx.streams.load(accountStream(userId), accountDecider);
  if (!state) throw new ApiError(404, 'not_found', /*i18n*/ 'Account not found');
  return state;
}

/**
 * Turns two-step sign-in on with the app's first code, proving the app holds the secret.
 * Answers the recovery codes, shown once: only their hashes are kept.
 */
export async function enrolTotp(
  cx: SecondFactorContext,
  user: { id: string; email: string; roles: Actor['roles'] },
  { enrolment, code }: { enrolment: string; code: string },
): Promise<{ recoveryCodes: string[]; position: number }> {
  const secret = openSecret(cx.config, user.id, enrolment);
  if (!secret) throw new ApiError(400, 'invalid_enrolment', SETUP_EXPIRED, { enrolment: SETUP_EXPIRED });
  const now = cx.now();
  const step = matchingStep(secret, asTotpCode(code) ?? '', Date.parse(now), -1);
  if (step === null) throw invalidCode();
  const { codes, hashes } = newRecoveryCodes();
  const command = {
    type: 'EnrolTotp',
    actor: { userId: user.id, roles: user.roles },
    secret: enrolment,
    recoveryCodeHashes: hashes,
    at: now,
  } as const;
  const { position } = await cx.streams.handle(accountStream(user.id), accountDecider, command, { actor: user.id });
  await signInChallenges(cx.platform.read).used(user.id, step, now);
  await sendNotice(
    cx.platform.mail,
    secondFactorChangedMail(
      cx.config,
      mailRecipient(await loadAccount(cx, user.id)),
      'on',
      now,
      `totp-on:${user.id}:${position}`,
    ),
  );
  return { recoveryCodes: codes, position };
}

/**
 * Checks a second-factor code of the account: a TOTP code (each time step once: a code seen
 * over a shoulder is spent), or a recovery code, which is then used up. Throws a 400 for a
 * wrong one.
 */
export async function checkSecondFactor(cx: SecondFactorContext, userId: string, code: string): Promise<void> {
  const account = await loadAccount(cx, userId);
  if (!account.totp) throw invalidCode();
  const now = cx.now();
  const totp = asTotpCode(code);
  if (totp === null) {
    const command = { type: 'UseRecoveryCode', codeHash: recoveryCodeHash(code), at: now } as const;
    await cx.streams.handle(accountStream(userId), accountDecider, command, { actor: userId });
    return;
  }
  const secret = openSecret(cx.config, userId, account.totp.secret);
  // Only a changed or lost TOTP_KEY gets here: an operator's problem, not the user's code.
  if (!secret)
    throw new Error(
      'A TOTP secret in the log does not open with this TOTP_KEY (was the key changed or DATA_DIR/totp.key lost?)',
    );
  const step = matchingStep(
    secret,
    totp,
    Date.parse(now),
    await signInChallenges(cx.platform.read).lastUsedStep(userId),
  );
  if (step === null) throw invalidCode();
  await signInChallenges(cx.platform.read).used(userId, step, now);
}

/**
 * Turns two-step sign-in off (a seller for themselves; an admin for a user who lost their
 * device). An admin's reset ends the user's sessions: whoever holds the lost device is signed out.
 */
export async function disableTotp(
  cx: SecondFactorContext & { sessions: Pick<Sessions, 'endAll'> },
  actor: Actor,
  userId: string,
): Promise<{ position: number }> {
  const now = cx.now();
  const { position, events } = await cx.streams.handle(
    accountStream(userId),
    accountDecider,
    { type: 'DisableTotp', actor, at: now },
    { actor: actor.userId },
  );
  if (events.length > 0) {
    if (actor.userId !== userId) await cx.sessions.endAll(userId);
    const recipient = mailRecipient(await loadAccount(cx, userId));
    await sendNotice(
      cx.platform.mail,
      secondFactorChangedMail(cx.config, recipient, 'off', now, `totp-off:${userId}:${position}`),
    );
  }
  return { position };
}

const WRONG_PASSWORD = 'Your password is not correct';

/** The user turns their own two-step sign-in off, giving the password again; a wrong one is counted by `attempts`. */
export async function disableOwnTotp(
  cx: SecondFactorContext & { sessions: Pick<Sessions, 'endAll'> },
  actor: Actor,
  password: string,
  attempts: Pick<PasswordAttempts, 'failed'>,
): Promise<{ position: number }> {
  const { state } = await cx.streams.load(accountStream(actor.userId), accountDecider);
  if (!(await verifyPassword(state?.passwordHash ?? null, password))) {
    await attempts.failed();
    throw new ApiError(400, 'wrong_password', WRONG_PASSWORD, { password: WRONG_PASSWORD });
  }
  return disableTotp(cx, actor, actor.userId);
}

/** New recovery codes for the signed-in user, after a code of theirs; the old ones stop working. */
export async function replaceRecoveryCodes(
  cx: SecondFactorContext,
  user: { id: string; email: string; roles: Actor['roles'] },
  code: string,
) {
  await checkSecondFactor(cx, user.id, code);
  const { codes, hashes } = newRecoveryCodes();
  const now = cx.now();
  const command = {
    type: 'ReplaceRecoveryCodes',
    actor: { userId: user.id, roles: user.roles },
    recoveryCodeHashes: hashes,
    at: now,
  } as const;
  const { position } = await cx.streams.handle(accountStream(user.id), accountDecider, command, { actor: user.id });
  await sendNotice(
    cx.platform.mail,
    secondFactorChangedMail(
      cx.config,
      mailRecipient(await loadAccount(cx, user.id)),
      'codes',
      now,
      `recovery-codes:${user.id}:${position}`,
    ),
  );
  return { recoveryCodes: codes, position };
}
