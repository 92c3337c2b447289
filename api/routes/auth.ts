import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ROLES } from '../../domain/actor.ts';
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
import { actorOf, clearSessionCookie, requireUser, setSessionCookie } from '../auth/middleware.ts';
import { tooManyAttemptsMessage } from '../auth/throttle.ts';
import {
  type AccountChange,
  type PasswordAttempts,
  addRole,
  changePassword,
  requestPasswordReset,
  resetPassword,
  signIn,
  signUp,
} from '../commands/accounts.ts';
import type { AppContext } from '../context.ts';
import { errorBody } from '../errors.ts';
import { type AppEnv, PositionSchema, type SessionUser, errors, jsonBody, jsonResponse, router } from '../http.ts';

const UserSchema = z
  .object({ id: z.string(), fullName: z.string(), email: z.string(), roles: z.array(z.enum(ROLES)) })
  .openapi('User') satisfies z.ZodType<SessionUser>;
const OkSchema = z.object({ ok: z.literal(true) });
const OkPositionSchema = OkSchema.extend({ position: PositionSchema });

const RESET_REQUESTED_MESSAGE =
  'If an account exists for this email, we have sent it a link to reset the password. The link expires in 1 hour.';

const tags = ['Account'];

/** Sign-up, sign-in and sign-out, the current user, self-service roles and passwords. */
export function authRoutes(ctx: AppContext) {
  /** A new session for this browser (a new token at every sign-in), ending the one it had. */
  async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
    const previous = c.get('sessionId');
    if (previous) await ctx.sessions.end(previous);
    const { token } = await ctx.sessions.create(userId);
    setSessionCookie(c, token);
  }

  /** The 429 of a throttled password check, or null when the check may go ahead. */
  async function throttled(c: Context<AppEnv>, email: string) {
    const waitMs = await ctx.throttles.signIn.retryAfterMs(emailKey(email), clientIp(c));
    if (waitMs === 0) return null;
    c.header('Retry-After', String(Math.ceil(waitMs / 1000)));
    return c.json(errorBody('too_many_attempts', tooManyAttemptsMessage(waitMs)), 429);
  }

  /** The password checks of this e-mail from this client, as the throttle counts them. */
  const attempts = (c: Context<AppEnv>, email: string): PasswordAttempts => ({
    failed: () => ctx.throttles.signIn.failed(emailKey(email), clientIp(c)),
    succeeded: () => ctx.throttles.signIn.succeeded(emailKey(email)),
  });

  return router()
    .openapi(
      createRoute({
        method: 'post',
        path: '/signup',
        tags,
        summary: 'Create an account and sign in',
        request: { body: jsonBody(signUpSchema) },
        responses: {
          201: jsonResponse(
            z.object({ user: UserSchema, position: PositionSchema }) satisfies z.ZodType<AccountChange>,
            'Account created; the session cookie is set',
          ),
          ...errors(400, 409, 413),
        },
      }),
      async (c) => {
        const registered = await signUp(ctx, c.req.valid('json'));
        await startSession(c, registered.user.id);
        return c.json(registered, 201);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/signin',
        tags,
        summary: 'Sign in with e-mail and password',
        description: 'Failures are limited per e-mail address and per client IP; past the limit the answer is 429 with Retry-After.',
        request: { body: jsonBody(signInSchema) },
        responses: {
          200: jsonResponse(z.object({ user: UserSchema }), 'Signed in; a new session cookie is set'),
          ...errors(400, 401, 413, 429),
        },
      }),
      async (c) => {
        const credentials = c.req.valid('json');
        const refused = await throttled(c, credentials.email);
        if (refused) return refused;
        const user = await signIn(ctx, credentials, attempts(c, credentials.email));
        await startSession(c, user.id);
        return c.json({ user }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/signout',
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
        tags,
        summary: 'The signed-in user with profile and roles',
        responses: { 200: jsonResponse(z.object({ user: UserSchema.nullable() }), 'The user, or null when signed out') },
      }),
      (c) => c.json({ user: c.get('user') }, 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/roles',
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
        const refused = await throttled(c, user.email);
        if (refused) return refused;
        const { position } = await changePassword(ctx, actorOf(user), c.req.valid('json'), attempts(c, user.email));
        await startSession(c, user.id);
        return c.json({ ok: true as const, position }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/forgot-password',
        tags,
        summary: 'Mail a password reset link',
        description: 'Answers alike whether or not an account has the address, so it reveals nothing about accounts.',
        request: { body: jsonBody(forgotPasswordSchema) },
        responses: { 202: jsonResponse(z.object({ message: z.string() }), 'Accepted'), ...errors(400, 413) },
      }),
      async (c) => {
        const { email } = c.req.valid('json');
        const baseUrl = ctx.config.PUBLIC_URL ?? new URL(c.req.url).origin;
        await requestPasswordReset(ctx, { email, baseUrl }, ctx.throttles.resetMails);
        return c.json({ message: RESET_REQUESTED_MESSAGE }, 202);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/reset-password',
        tags,
        summary: 'Set a new password with the token of a reset link',
        description: 'A link works once and for 1 hour. Ends every session of the user; they then sign in with the new password.',
        request: { body: jsonBody(resetPasswordSchema) },
        responses: { 200: jsonResponse(OkPositionSchema, 'Password changed'), ...errors(400, 413) },
      }),
      async (c) => c.json({ ok: true as const, ...(await resetPassword(ctx, c.req.valid('json'))) }, 200),
    );
}
