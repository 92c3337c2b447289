import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ROLES } from '../../domain/actor.ts';
import { DomainError } from '../../domain/decider.ts';
import { INVALID_RESET_TOKEN_MESSAGE, accountDecider } from '../../domain/account/decider.ts';
import { emailKey } from '../../domain/account/email.ts';
import { accountStream } from '../../domain/account/events.ts';
import {
  addRoleSchema,
  changePasswordSchema,
  forgotPasswordSchema,
  resetPasswordSchema,
  signInSchema,
  signUpSchema,
} from '../../domain/account/schemas.ts';
import { findAccount, registerAccount, sessionUserOf } from '../auth/accounts.ts';
import { clientIp } from '../auth/client-ip.ts';
import { actorOf, clearSessionCookie, loadUser, requireUser, setSessionCookie } from '../auth/middleware.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { RESET_LINK_TTL_MS, newResetToken, resetLink, resetMail, resetTokenHash, resetTokenUserId } from '../auth/reset-links.ts';
import { AttemptCounter, SignInThrottle, tooManyAttemptsMessage } from '../auth/throttle.ts';
import type { AppContext } from '../context.ts';
import { ApiError, errorBody } from '../errors.ts';
import { type AppEnv, PositionSchema, errors, jsonBody, jsonResponse, router } from '../http.ts';

const UserSchema = z
  .object({ id: z.string(), fullName: z.string(), email: z.string(), roles: z.array(z.enum(ROLES)) })
  .openapi('User');
const OkSchema = z.object({ ok: z.literal(true) });
const OkPositionSchema = OkSchema.extend({ position: PositionSchema });

const INVALID_CREDENTIALS_MESSAGE = 'Invalid email or password';
const WRONG_CURRENT_PASSWORD_MESSAGE = 'Your current password is not correct';
const RESET_REQUESTED_MESSAGE =
  'If an account exists for this email, we have sent it a link to reset the password. The link expires in 1 hour.';
/** Reset e-mails per address and window: enough for a lost mail, too few to flood a mailbox. */
const RESET_MAILS = { attempts: 3, windowMs: 15 * 60 * 1000 };

/** Sign-up, sign-in and sign-out, the current user, self-service roles and passwords. */
export function authRoutes(ctx: AppContext) {
  const app = router();
  const throttle = new SignInThrottle();
  const resetMails = new AttemptCounter(RESET_MAILS);

  /** A new session for this browser (a new token at every sign-in), ending the one it had. */
  async function startSession(c: Context<AppEnv>, userId: string): Promise<void> {
    const previous = c.get('sessionId');
    if (previous) await ctx.sessions.end(previous);
    const { token } = await ctx.sessions.create(userId);
    setSessionCookie(c, token);
  }

  /** The 429 of a throttled password check, or null when the check may go ahead. */
  function throttled(c: Context<AppEnv>, email: string) {
    const waitMs = throttle.retryAfterMs(emailKey(email), clientIp(c));
    if (waitMs === 0) return null;
    c.header('Retry-After', String(Math.ceil(waitMs / 1000)));
    return c.json(errorBody('too_many_attempts', tooManyAttemptsMessage(waitMs)), 429);
  }

  app.openapi(
    createRoute({
      method: 'post',
      path: '/signup',
      tags: ['Account'],
      summary: 'Create an account and sign in',
      request: { body: jsonBody(signUpSchema) },
      responses: {
        201: jsonResponse(z.object({ user: UserSchema, position: PositionSchema }), 'Account created; the session cookie is set'),
        ...errors(400, 409, 413),
      },
    }),
    async (c) => {
      const { fullName, email, password, role } = c.req.valid('json');
      const passwordHash = await hashPassword(password);
      const registered = await registerAccount(ctx, { fullName, email, passwordHash, role, at: new Date().toISOString() });
      await startSession(c, registered.user.id);
      return c.json(registered, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/signin',
      tags: ['Account'],
      summary: 'Sign in with e-mail and password',
      description: 'Failures are limited per e-mail address and per client IP; past the limit the answer is 429 with Retry-After.',
      request: { body: jsonBody(signInSchema) },
      responses: {
        200: jsonResponse(z.object({ user: UserSchema }), 'Signed in; a new session cookie is set'),
        ...errors(400, 401, 413, 429),
      },
    }),
    async (c) => {
      const { email, password } = c.req.valid('json');
      const refused = throttled(c, email);
      if (refused) return refused;
      const account = await findAccount(ctx, email);
      const valid = await verifyPassword(account?.passwordHash ?? null, password);
      if (!account || !valid) {
        throttle.failed(emailKey(email), clientIp(c));
        throw new ApiError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
      }
      throttle.succeeded(emailKey(email));
      await startSession(c, account.userId);
      return c.json({ user: sessionUserOf(account) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/signout',
      tags: ['Account'],
      summary: 'Sign out of this browser',
      responses: { 200: jsonResponse(OkSchema, 'Signed out (also when there was no session)'), ...errors(403) },
    }),
    async (c) => {
      const sessionId = c.get('sessionId');
      if (sessionId) await ctx.sessions.end(sessionId);
      clearSessionCookie(c);
      return c.json({ ok: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/signout-everywhere',
      tags: ['Account'],
      summary: 'End every session of the signed-in user, on every device',
      responses: { 200: jsonResponse(OkSchema, 'All sessions ended'), ...errors(401, 403) },
    }),
    async (c) => {
      const user = requireUser(c);
      await ctx.sessions.endAll(user.id);
      clearSessionCookie(c);
      return c.json({ ok: true as const }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/me',
      tags: ['Account'],
      summary: 'The signed-in user with profile and roles',
      responses: { 200: jsonResponse(z.object({ user: UserSchema.nullable() }), 'The user, or null when signed out') },
    }),
    (c) => c.json({ user: c.get('user') }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/roles',
      tags: ['Account'],
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
      const command = { type: 'AddRole', actor: actorOf(user), role, at: new Date().toISOString() } as const;
      const { position } = await ctx.streams.decide(accountStream(user.id), accountDecider, command, { actor: user.id });
      const updated = (await loadUser(ctx, user.id))!;
      return c.json({ user: updated, title: 'Role added successfully!', message: `You can now act as a ${role}.`, position }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/password',
      tags: ['Account'],
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
      const { currentPassword, password } = c.req.valid('json');
      const refused = throttled(c, user.email);
      if (refused) return refused;
      const { state: account } = await ctx.streams.load(accountStream(user.id), accountDecider);
      if (!(await verifyPassword(account?.passwordHash ?? null, currentPassword))) {
        throttle.failed(emailKey(user.email), clientIp(c));
        throw new ApiError(400, 'wrong_password', WRONG_CURRENT_PASSWORD_MESSAGE, { currentPassword: WRONG_CURRENT_PASSWORD_MESSAGE });
      }
      const command = { type: 'ChangePassword', actor: actorOf(user), passwordHash: await hashPassword(password), at: new Date().toISOString() } as const;
      const { position } = await ctx.streams.decide(accountStream(user.id), accountDecider, command, { actor: user.id });
      await ctx.sessions.endAll(user.id);
      await startSession(c, user.id);
      return c.json({ ok: true as const, position }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/forgot-password',
      tags: ['Account'],
      summary: 'Mail a password reset link',
      description: 'Answers alike whether or not an account has the address, so it reveals nothing about accounts.',
      request: { body: jsonBody(forgotPasswordSchema) },
      responses: { 202: jsonResponse(z.object({ message: z.string() }), 'Accepted'), ...errors(400, 413) },
    }),
    async (c) => {
      const { email } = c.req.valid('json');
      const account = await findAccount(ctx, email);
      if (account && resetMails.retryAfterMs(account.userId) === 0) {
        resetMails.record(account.userId);
        const { token, tokenHash } = newResetToken(account.userId);
        const now = Date.now();
        const command = {
          type: 'RequestPasswordReset',
          tokenHash,
          expiresAt: new Date(now + RESET_LINK_TTL_MS).toISOString(),
          at: new Date(now).toISOString(),
        } as const;
        await ctx.streams.decide(accountStream(account.userId), accountDecider, command, { actor: null });
        const baseUrl = ctx.config.PUBLIC_URL ?? new URL(c.req.url).origin;
        await ctx.platform.mail.send(resetMail(account.email, resetLink(baseUrl, token)));
      }
      return c.json({ message: RESET_REQUESTED_MESSAGE }, 202);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/reset-password',
      tags: ['Account'],
      summary: 'Set a new password with the token of a reset link',
      description: 'A link works once and for 1 hour. Ends every session of the user; they then sign in with the new password.',
      request: { body: jsonBody(resetPasswordSchema) },
      responses: { 200: jsonResponse(OkPositionSchema, 'Password changed'), ...errors(400, 413) },
    }),
    async (c) => {
      const { token, password } = c.req.valid('json');
      const userId = resetTokenUserId(token);
      const invalid = new DomainError('invalid_token', INVALID_RESET_TOKEN_MESSAGE, 400);
      if (!userId) throw invalid;
      const command = {
        type: 'ResetPassword',
        tokenHash: resetTokenHash(token),
        passwordHash: await hashPassword(password),
        now: new Date().toISOString(),
      } as const;
      const { position } = await ctx.streams.decide(accountStream(userId), accountDecider, command, { actor: userId }).catch((error) => {
        // A token naming no account is as invalid as any other.
        throw error instanceof DomainError && error.code === 'not_found' ? invalid : error;
      });
      await ctx.sessions.endAll(userId);
      return c.json({ ok: true as const, position }, 200);
    },
  );

  return app;
}
