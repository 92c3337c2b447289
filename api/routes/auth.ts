import { createRoute, z } from '@hono/zod-openapi';
import { localeOf } from '../http/language.ts';
import type { Context } from 'hono';
import { emailKey } from '../../domain/account/email.ts';
import {
  addRoleSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '../../domain/account/schemas.ts';
import { clientIp } from '../auth/client-ip.ts';
import { publicBaseUrl } from '../../platform/config/links.ts';
import { actorOf, clearSessionCookie, guard, requireUser, setSessionCookie } from '../auth/middleware.ts';
import { type Attempt, clientKey, tooManyAttemptsMessage } from '../auth/throttle.ts';
import { limitRequest, tooManyRequests } from '../auth/too-many-requests.ts';
import {
  type AccountChange,
  addRole,
  changePassword,
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
} from '../commands/accounts.ts';
import { secondStepOf } from '../commands/second-factor.ts';
import type { AppContext } from '../roles/context.ts';
import { SecondStepSchema, UserSchema } from './account-schemas.ts';
import { type AppEnv, PositionSchema, errors, jsonBody, jsonResponse, router } from '../http/router.ts';

const OkSchema = z.object({ ok: z.literal(true) });
const OkPositionSchema = OkSchema.extend({ position: PositionSchema });

const RESET_REQUESTED_MESSAGE =
  /*i18n*/ 'If an account exists for this email, we have sent it a link to reset the password. The link expires in 1 hour.';

const tags = ['Account'];

/** Sign-up, sign-in and sign-out, the current user, self-service roles and passwords. */
export function authRoutes(ctx: AppContext) {
  /** A new session for this browser (a new token at every sign-in), ending the one it had. */
  async function startSession(c: Context<AppEnv>, userId: string, secondFactor = false): Promise<void> {
    const previous = c.get('sessionId');
    if (previous) await ctx.sessions.end(previous);
    const { token } = await ctx.sessions.create(userId, undefined, { secondFactor });
    setSessionCookie(c, token);
  }

  /** The client's address as the limits count it (TRUSTED_PROXIES or TRUST_PROXY say which proxies to believe). */
  const client = (c: Context<AppEnv>): string => clientKey(clientIp(c, ctx.config));

  /** Counts a password check of this e-mail from this client: sign-in (and any later step of it). */
  const signInAttempt = (c: Context<AppEnv>, email: string): Promise<Attempt> =>
    ctx.throttles.signIn.begin(emailKey(email), client(c));

  /**
   * Runs a password check counted by `attempt` (the check calls its `failed`; returning counts
   * as its success), or answers 429 with Retry-After while the client must wait. A check that
   * never ran (the request failed otherwise) is given back.
   */
  async function counted<T>(
    c: Context<AppEnv>,
    attempt: Promise<Attempt>,
    check: (attempts: Attempt) => Promise<T>,
    what?: string,
  ): Promise<T> {
    const counting = await attempt;
    if (counting.waitMs > 0)
      tooManyRequests(c, counting.waitMs, 'too_many_attempts', tooManyAttemptsMessage(counting.waitMs, what));
    try {
      const result = await check(counting);
      await counting.succeeded();
      return result;
    } finally {
      await counting.abandon();
    }
  }

  return router()
    .openapi(
      createRoute({
        method: 'post',
        path: '/signup',
        operationId: 'signUp',
        tags,
        summary: 'Create an account and sign in',
        request: { body: jsonBody(signUpSchema) },
        responses: {
          201: jsonResponse(
            z.object({ user: UserSchema, position: PositionSchema }) satisfies z.ZodType<AccountChange>,
            'Account created; the session cookie is set',
          ),
          ...errors(400, 409, 413, 429),
        },
      }),
      async (c) => {
        await limitRequest(c, ctx.throttles.signUps, client(c), 'sign-ups from your address');
        const registered = await signUp(ctx, c.req.valid('json'), localeOf(c.req.header('accept-language')));
        await startSession(c, registered.user.id);
        return c.json(registered, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/signin',
        operationId: 'signIn',
        tags,
        summary: 'Sign in with e-mail and password',
        description:
          'Password checks are limited per account and client, and per client, with waits that grow with the failures (one client never locks the account for another); past a limit the answer is 429 with Retry-After.',
        request: { body: jsonBody(signInSchema) },
        responses: {
          200: jsonResponse(
            z.union([z.object({ user: UserSchema }), SecondStepSchema]),
            'Signed in, a new session cookie set; or, for an admin or an account with two-step sign-in, the second step to take (no session yet)',
          ),
          ...errors(400, 401, 413, 429),
        },
      }),
      async (c) => {
        const credentials = c.req.valid('json');
        const user = await counted(c, signInAttempt(c, credentials.email), (attempts) =>
          signIn(ctx, credentials, attempts),
        );
        const secondStep = await secondStepOf(ctx, user);
        if (secondStep) return c.json(secondStep, 200);
        await startSession(c, user.id);
        return c.json({ user }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/signout',
        operationId: 'signOut',
        tags,
        summary: 'Sign out of this browser',
        responses: { 200: jsonResponse(OkSchema, 'Signed out (also when there was no session)'), ...errors(403) },
      }),
      async (c) => {
        const sessionId = c.get('sessionId');
        if (sessionId) await ctx.sessions.end(sessionId);
        clearSessionCookie(c);
        return c.json({ ok: true as const }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/signout-everywhere',
        operationId: 'signOutEverywhere',
        middleware: [guard()] as const,
        tags,
        summary: 'End every session of the signed-in user, on every device',
        responses: { 200: jsonResponse(OkSchema, 'All sessions ended'), ...errors(401, 403) },
      }),
      async (c) => {
        const user = requireUser(c);
        await ctx.sessions.endAll(user.id);
        clearSessionCookie(c);
        return c.json({ ok: true as const }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/me',
        operationId: 'getCurrentUser',
        tags,
        summary: 'The signed-in user with profile and roles',
        responses: {
          200: jsonResponse(z.object({ user: z.union([UserSchema, z.null()]) }), 'The user, or null when signed out'),
        },
      }),
      (c) => c.json({ user: c.get('user') }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/roles',
        operationId: 'addOwnRole',
        middleware: [guard()] as const,
        tags,
        summary: 'Take on another role (buyer or seller)',
        request: { body: jsonBody(addRoleSchema) },
        responses: {
          200: jsonResponse(
            z.object({ user: UserSchema, title: z.string(), message: z.string(), position: PositionSchema }),
            'The role is held (adding one already held changes nothing)',
          ),
          ...errors(400, 401, 403, 413),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        const { role } = c.req.valid('json');
        const added = await addRole(ctx, actorOf(user), user.id, role);
        return c.json({ ...added, title: 'Role added successfully!', message: `You can now act as a ${role}.` }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/password',
        operationId: 'changePassword',
        middleware: [guard()] as const,
        tags,
        summary: 'Change the password of the signed-in user',
        description: 'Ends every session of the user, then signs this browser in again with a new session.',
        request: { body: jsonBody(changePasswordSchema) },
        responses: {
          200: jsonResponse(OkPositionSchema, 'Password changed; a new session cookie is set'),
          ...errors(400, 401, 403, 413, 429),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        // The new session keeps the second factor this one passed (an admin's must have), read before the change ends it.
        const sessionId = c.get('sessionId');
        const secondFactor =
          sessionId !== null && (await ctx.sessions.live([sessionId])).get(sessionId)?.secondFactor === true;
        const change = c.req.valid('json');
        const { position } = await counted(
          c,
          ctx.throttles.passwordChange.begin(user.id),
          (attempts) => changePassword(ctx, actorOf(user), change, attempts),
          'password attempts',
        );
        await startSession(c, user.id, secondFactor);
        return c.json({ ok: true as const, position }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/forgot-password',
        operationId: 'requestPasswordReset',
        tags,
        summary: 'Mail a password reset link',
        description:
          'Answers alike whether or not an account has the address, so it reveals nothing about accounts: an account gets at most 3 mails in 15 minutes (past that, silently none); a client past its own limit of requests gets 429.',
        request: { body: jsonBody(forgotPasswordSchema) },
        responses: { 202: jsonResponse(z.object({ message: z.string() }), 'Accepted'), ...errors(400, 413, 429) },
      }),
      async (c) => {
        const { email } = c.req.valid('json');
        await limitRequest(c, ctx.throttles.resetRequests, client(c), 'password reset requests');
        // Never the request's Host or Origin: whoever sends the request chooses those.
        const baseUrl = publicBaseUrl(ctx.config);
        // After the answer: looking the account up, recording and mailing the link take time an
        // unknown address does not, and the answer must not tell which addresses have accounts.
        ctx.afterwards.run('a password reset request', () =>
          requestPasswordReset(ctx, { email, baseUrl }, ctx.throttles.resetMails),
        );
        return c.json({ message: RESET_REQUESTED_MESSAGE }, 202);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/reset-password',
        operationId: 'resetPassword',
        tags,
        summary: 'Set a new password with the token of a reset link',
        description:
          'A link works once and for 1 hour. Ends every session of the user; they then sign in with the new password.',
        request: { body: jsonBody(resetPasswordSchema) },
        responses: { 200: jsonResponse(OkPositionSchema, 'Password changed'), ...errors(400, 413, 429) },
      }),
      async (c) => {
        await limitRequest(c, ctx.throttles.resets, client(c), 'password reset attempts');
        const changed = await resetPassword(ctx, c.req.valid('json'), {
          signIns: ctx.throttles.signIn,
          client: client(c),
        });
        return c.json({ ok: true as const, ...changed }, 200);
      },
    );
}
