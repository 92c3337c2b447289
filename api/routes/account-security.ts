/**
 * E-mail verification and two-step sign-in (TOTP with recovery codes), beside the sign-in
 * routes of auth.ts under /api/auth. Sign-in there answers `totp_required` or `totp_enrol`
 * instead of a session for admins and users with two-step sign-in; the routes here finish it.
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  recoveryCodesSchema,
  secondFactorSignInSchema,
  totpDisableSchema,
  totpEnrolSchema,
  totpSetupSchema,
  verifyEmailSchema,
} from '../../domain/account/schemas.ts';
import { DomainError } from '../../domain/decider.ts';
import { SIGNED_IN_OR_NOT } from '../openapi-document.ts';
import { actorOf, guard, loadUser, requireUser, setSessionCookie } from '../auth/middleware.ts';
import {
  CODE_FAILURES,
  type ChallengeDoc,
  type ChallengeStep,
  type CodeFailureBurst,
  signInChallenges,
} from '../auth/sign-in-challenges.ts';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import { TooManyLinks, resendVerificationLink, verifyEmail } from '../commands/email-verification.ts';
import {
  checkSecondFactor,
  disableOwnTotp,
  enrolTotp,
  replaceRecoveryCodes,
  setUpAuthenticator,
} from '../commands/second-factor.ts';
import type { AppContext } from '../roles/context.ts';
import { ApiError } from '../http/errors.ts';
import {
  type AppEnv,
  PositionSchema,
  type SessionUser,
  errors,
  jsonBody,
  jsonResponse,
  router,
} from '../http/router.ts';
import { UserSchema } from './account-schemas.ts';

const tags = ['Account'];

const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please sign in again.';
const RecoveryCodesSchema = z
  .array(z.string())
  .openapi({ description: 'Single-use codes for a lost device; shown this once, only their hashes are kept' });

/** A 429 with Retry-After in seconds. */
function tooMany(c: Context, waitMs: number, message: string): never {
  c.header('Retry-After', String(Math.ceil(waitMs / 1000)));
  throw new ApiError(429, 'too_many_attempts', message);
}

const minutes = (ms: number): string => {
  const n = Math.max(1, Math.ceil(ms / 60_000));
  return `${n} ${n === 1 ? 'minute' : 'minutes'}`;
};

export function accountSecurityRoutes(ctx: AppContext) {
  const challenges = signInChallenges(ctx.platform.read);

  /** Signs this browser in with a new session that passed the second factor, ending the one it had. */
  async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
    const previous = c.get('sessionId');
    if (previous) await ctx.sessions.end(previous);
    const { token } = await ctx.sessions.create(userId, new Date(ctx.now()), { secondFactor: true });
    setSessionCookie(c, token);
  }

  /** The live challenge of a sign-in at `step`, or a 401 that sends the user back to sign in. */
  async function challengeOf(token: string, step: ChallengeStep): Promise<ChallengeDoc> {
    const found = await challenges.find(token, step, ctx.now());
    if (!found) throw new ApiError(401, 'sign_in_expired', SIGN_IN_EXPIRED);
    return found;
  }

  async function userOf(userId: string): Promise<SessionUser> {
    const user = await loadUser(ctx, userId);
    if (!user) throw new ApiError(401, 'sign_in_expired', SIGN_IN_EXPIRED);
    return user;
  }

  /** Records the burst in the account's log; its owner is mailed from there (workers/tell-code-failures.ts). */
  async function recordCodesLocked(userId: string, { burst, waitMs }: CodeFailureBurst, at: string): Promise<void> {
    const locked = { type: 'RecordCodesLocked', burst, failures: CODE_FAILURES.attempts, waitMs, at } as const;
    await ctx.streams.handle(accountStream(userId), accountDecider, locked, { actor: null });
  }

  /**
   * Runs a check of the account's codes: refused while too many were wrong lately, and a
   * wrong one is counted (against the account, and the challenge when there is one).
   */
  async function checkingCodes<T>(
    c: Context,
    userId: string,
    check: () => Promise<T>,
    challenge?: ChallengeDoc,
  ): Promise<T> {
    const waitMs = await challenges.waitMs(userId, ctx.now());
    if (waitMs > 0) tooMany(c, waitMs, `Too many wrong codes. Please try again in ${minutes(waitMs)}.`);
    try {
      const result = await check();
      await challenges.codePassed(userId);
      return result;
    } catch (error) {
      if (error instanceof DomainError && error.code === 'invalid_code') {
        const now = ctx.now();
        const burst = await challenges.codeFailed(userId, now);
        if (challenge) await challenges.failed(challenge);
        if (burst) await recordCodesLocked(userId, burst, now);
      }
      throw error;
    }
  }

  /** The user a set-up is for: the signed-in one, or the admin whose sign-in must set one up (its challenge). */
  async function enrollingUser(c: Context<AppEnv>, challenge: string | undefined) {
    if (challenge === undefined) return { user: requireUser(c), challenge: null };
    const found = await challengeOf(challenge, 'enrol');
    return { user: await userOf(found.userId), challenge: found };
  }

  return router()
    .openapi(
      createRoute({
        method: 'post',
        path: '/verify-email',
        operationId: 'verifyEmail',
        tags,
        summary: 'Verify the e-mail address with the token of the link mailed at sign-up',
        description:
          'No session needed (the link may be opened on another device). A link works once and for 48 hours; the same link again changes nothing.',
        request: { body: jsonBody(verifyEmailSchema) },
        responses: {
          200: jsonResponse(
            z.object({ ok: z.literal(true), message: z.string(), position: PositionSchema }),
            'Verified',
          ),
          ...errors(400, 413),
        },
      }),
      async (c) => {
        const { position } = await verifyEmail(ctx, c.req.valid('json').token);
        return c.json(
          { ok: true as const, message: /*i18n*/ 'Your e-mail address is verified. Thank you!', position },
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/verify-email/resend',
        operationId: 'resendVerificationEmail',
        middleware: [guard()] as const,
        tags,
        summary: 'Mail the signed-in user a new verification link',
        description:
          'The new link replaces the older ones. A few per account in 15 minutes; past that 429 with Retry-After.',
        responses: {
          202: jsonResponse(z.object({ message: z.string(), position: PositionSchema }), 'Mailed'),
          ...errors(401, 403, 409, 429),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        try {
          const { position } = await resendVerificationLink(ctx, user, ctx.throttles.resetMails);
          return c.json({ message: `We sent a new link to ${user.email}. It works for 48 hours.`, position }, 202);
        } catch (error) {
          if (error instanceof TooManyLinks) tooMany(c, error.retryAfterMs, error.message);
          throw error;
        }
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/signin/totp',
        operationId: 'signInSecondFactor',
        tags,
        summary: 'Finish a sign-in with a code from the authenticator app, or a recovery code',
        description:
          'The `challenge` is what sign-in answered with `totp_required`. Each TOTP code works once; a recovery code is used up. A challenge takes 5 wrong codes, an account 10 in 15 minutes (then 429).',
        request: { body: jsonBody(secondFactorSignInSchema) },
        responses: {
          200: jsonResponse(z.object({ user: UserSchema }), 'Signed in; a new session cookie is set'),
          ...errors(400, 401, 413, 429),
        },
      }),
      async (c) => {
        const { challenge: token, code } = c.req.valid('json');
        const challenge = await challengeOf(token, 'code');
        await checkingCodes(c, challenge.userId, () => checkSecondFactor(ctx, challenge.userId, code), challenge);
        await challenges.close(challenge);
        await startSession(c, challenge.userId);
        return c.json({ user: await userOf(challenge.userId) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/totp/setup',
        operationId: 'startSecondFactorSetup',
        security: SIGNED_IN_OR_NOT,
        tags,
        summary: 'Start setting up an authenticator app',
        description:
          'Signed in, or with the `challenge` of an admin’s sign-in that answered `totp_enrol`. Answers the otpauth:// URI (for a QR code) and the secret to type in, and `enrolment`, to send back with the app’s first code.',
        request: { body: jsonBody(totpSetupSchema) },
        responses: {
          200: jsonResponse(z.object({ uri: z.string(), secret: z.string(), enrolment: z.string() }), 'A new secret'),
          ...errors(400, 401, 403, 409, 413),
        },
      }),
      async (c) => {
        const { user } = await enrollingUser(c, c.req.valid('json').challenge);
        if (user.totpEnabled)
          throw new ApiError(
            409,
            'already_enrolled',
            /*i18n*/ 'Two-step sign-in is already on. Turn it off first to set up a new device.',
          );
        return c.json(setUpAuthenticator(ctx, user), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/totp/enrol',
        operationId: 'enrolSecondFactor',
        security: SIGNED_IN_OR_NOT,
        tags,
        summary: 'Turn two-step sign-in on with the app’s first code',
        description:
          'Answers the recovery codes, once. Signed in: the user’s other sessions end and this browser gets a new one. With an admin’s `challenge`: the sign-in completes.',
        request: { body: jsonBody(totpEnrolSchema) },
        responses: {
          201: jsonResponse(
            z.object({ user: UserSchema, recoveryCodes: RecoveryCodesSchema, position: PositionSchema }),
            'On; a new session cookie is set',
          ),
          ...errors(400, 401, 403, 409, 413, 429),
        },
      }),
      async (c) => {
        const { challenge: token, enrolment, code } = c.req.valid('json');
        const { user, challenge } = await enrollingUser(c, token);
        const enrolled = await checkingCodes(
          c,
          user.id,
          () => enrolTotp(ctx, user, { enrolment, code }),
          challenge ?? undefined,
        );
        if (challenge) await challenges.close(challenge);
        else await ctx.sessions.endAll(user.id);
        await startSession(c, user.id);
        return c.json({ user: await userOf(user.id), ...enrolled }, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/totp/disable',
        operationId: 'disableSecondFactor',
        middleware: [guard()] as const,
        tags,
        summary: 'Turn two-step sign-in off (not for admins)',
        description: 'Asks for the password again. Admins and analysts must keep it on.',
        request: { body: jsonBody(totpDisableSchema) },
        responses: {
          200: jsonResponse(z.object({ user: UserSchema, position: PositionSchema }), 'Off'),
          ...errors(400, 401, 403, 409, 413, 429),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        const { password } = c.req.valid('json');
        const waitMs = await challenges.waitMs(user.id, ctx.now());
        if (waitMs > 0) tooMany(c, waitMs, `Too many wrong attempts. Please try again in ${minutes(waitMs)}.`);
        const { position } = await disableOwnTotp(ctx, actorOf(user), password, {
          // Counted with the codes: a session is no licence to guess the password here.
          failed: async () => void (await challenges.codeFailed(user.id, ctx.now())),
        });
        return c.json({ user: await userOf(user.id), position }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/totp/recovery-codes',
        operationId: 'renewRecoveryCodes',
        middleware: [guard()] as const,
        tags,
        summary: 'Replace the recovery codes (the old ones stop working)',
        description: 'Asks for a code of the authenticator app (or a recovery code). Answers the new codes, once.',
        request: { body: jsonBody(recoveryCodesSchema) },
        responses: {
          200: jsonResponse(z.object({ recoveryCodes: RecoveryCodesSchema, position: PositionSchema }), 'New codes'),
          ...errors(400, 401, 403, 409, 413, 429),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        const { code } = c.req.valid('json');
        return c.json(await checkingCodes(c, user.id, () => replaceRecoveryCodes(ctx, user, code)), 200);
      },
    );
}
