import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Actor, Role } from '../../domain/actor.ts';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import { isStaff } from '../../domain/account/second-factor.ts';
import type { AppContext } from '../roles/context.ts';
import { sessionUserOf } from '../commands/accounts.ts';
import { ApiError } from '../http/errors.ts';
import type { AppEnv, SessionUser } from '../http/router.ts';
import { SESSION_COOKIE, type SessionCookie, sessionCookieOf } from './session-cookie.ts';
import { english } from '../../domain/i18n/message.ts';

export { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session-cookie.ts';

/** The session cookie of this request, as `sessionMiddleware` named it (plain HTTP without it). */
const cookieOf = (c: Context<AppEnv>): SessionCookie =>
  c.get('sessionCookie') ?? { name: SESSION_COOKIE, secure: false, maxAgeS: 0 };

/** Sets the cookie for the session's absolute lifetime (the server ends it sooner when idle); no Domain, so it stays with this host. */
export function setSessionCookie(c: Context<AppEnv>, token: string): void {
  const { name, secure, maxAgeS } = cookieOf(c);
  setCookie(c, name, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    ...(maxAgeS > 0 && { maxAge: maxAgeS }),
  });
}

export function clearSessionCookie(c: Context<AppEnv>): void {
  const { name, secure } = cookieOf(c);
  deleteCookie(c, name, { path: '/', secure });
}

/** The user behind a session: read from the account stream, so role changes count at once. */
export async function loadUser(ctx: AppContext, userId: string): Promise<SessionUser | null> {
  const { state } = await ctx.streams.load(accountStream(userId), accountDecider);
  return state && sessionUserOf(state);
}

/** Resolves the session cookie into `c.var.user` (null when absent, expired or unknown). */
export function sessionMiddleware(ctx: AppContext): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    c.set('user', null);
    c.set('sessionId', null);
    // Over TLS only the `__Host-` name is read: a plain cookie could have been set by someone else.
    const cookie = sessionCookieOf(c, ctx.config);
    c.set('sessionCookie', cookie);
    const token = getCookie(c, cookie.name);
    if (token) {
      const found = await ctx.sessions.validate(token);
      let user = found && (await loadUser(ctx, found.session.userId));
      // Staff's sessions count only if they passed the second factor (one from before TOTP, or from before the role, does not).
      if (found && user && isStaff(user.roles) && !found.session.secondFactor) {
        await ctx.sessions.end(found.session.id);
        user = null;
      }
      if (found && user) {
        c.set('user', user);
        c.set('sessionId', found.session.id);
      } else {
        clearSessionCookie(c);
      }
    }
    return next();
  };
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cookie-authenticated mutations must come from our own pages. Browsers send Sec-Fetch-Site
 * (or at least Origin) on every cross-site POST; clients without a cookie are not at risk.
 * `crossSite`: path prefixes that take other sites' form posts by design and never act on the
 * session (the payment gateway's return, authenticated by the payment's signature); a browser
 * sends the Lax cookie along when that site is the same site on another port, as the embedded
 * test gateway is.
 */
export function sameOriginMiddleware(crossSite: readonly string[] = []): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || !getCookie(c, cookieOf(c).name)) return next();
    if (crossSite.some((prefix) => c.req.path.startsWith(prefix))) return next();
    const site = c.req.header('sec-fetch-site');
    const origin = c.req.header('origin');
    const sameOrigin = site
      ? site === 'same-origin' || site === 'none'
      : !origin || origin === new URL(c.req.url).origin;
    if (!sameOrigin)
      throw new ApiError(403, 'cross_site', /*i18n*/ 'This request did not come from MIBI and was blocked');
    return next();
  };
}

/** The signed-in user, or a 401. */
export function requireUser(c: Context<AppEnv>): SessionUser {
  const user = c.get('user');
  if (!user) throw new ApiError(401, 'unauthorized', /*i18n*/ 'Please sign in to continue');
  return user;
}

/** The signed-in user holding one of `roles`, or a 401/403. */
export function requireRole(c: Context<AppEnv>, ...roles: Role[]): SessionUser {
  const user = requireUser(c);
  if (!roles.some((role) => user.roles.includes(role))) {
    throw new ApiError(
      403,
      'forbidden',
      english(/*i18n*/ 'This needs the {roles} role', { roles: roles.join(' or ') }),
    );
  }
  return user;
}

/** Every guard made, so the API description declares the session exactly where a guard asks for it. */
const guards = new WeakSet<object>();

/**
 * Checks sign-in (and a role, when given) before anything else runs, validation included,
 * so a visitor without the right learns nothing, not even which inputs are wrong.
 */
export function guard(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return asGuard(async (c, next) => {
    if (roles.length > 0) requireRole(c, ...roles);
    else requireUser(c);
    await next();
  });
}

/** Registers a middleware that refuses visitors without a session (or the right role) as a guard. */
export function asGuard(handler: MiddlewareHandler<AppEnv>): MiddlewareHandler<AppEnv> {
  guards.add(handler);
  return handler;
}

/** Whether `handler` (as Hono lists it in `app.routes`, perhaps wrapped by a sub-app) is a sign-in guard. */
export const isGuard = (handler: object): boolean =>
  guards.has(handler) || guards.has((handler as { __COMPOSED_HANDLER?: object }).__COMPOSED_HANDLER ?? handler);

export const actorOf = (user: SessionUser): Actor => ({ userId: user.id, roles: user.roles });
