import type { Context } from 'hono';
import type { Config } from '../../platform/config/config.ts';
import { forwardedProto } from './client-ip.ts';

/** The session cookie's name over plain HTTP (local development). */
export const SESSION_COOKIE = 'mibi_session';
/**
 * Its name over TLS. Browsers accept a `__Host-` cookie only when it is Secure, has Path=/ and
 * no Domain, so no other site (a sibling subdomain, a page over plain HTTP) can set or
 * overwrite it.
 */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** How the session cookie is named and set for one request. */
export interface SessionCookie {
  name: string;
  secure: boolean;
  /** The absolute lifetime of a session: the cookie outlives no session. */
  maxAgeS: number;
}

type CookieConfig = Pick<Config, 'PUBLIC_URL' | 'TRUST_PROXY' | 'SESSION_MAX_DAYS'>;

/**
 * Whether the browser reached the site over TLS: a PUBLIC_URL of https says so for every
 * request; otherwise the request came to Node over TLS, or a trusted proxy (TRUST_PROXY) says
 * the client used https.
 */
export function overTls(c: Context, config: CookieConfig): boolean {
  if (config.PUBLIC_URL?.startsWith('https:')) return true;
  if (new URL(c.req.url).protocol === 'https:') return true;
  return forwardedProto(c, config.TRUST_PROXY) === 'https';
}

export function sessionCookieOf(c: Context, config: CookieConfig): SessionCookie {
  const secure = overTls(c, config);
  return {
    name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    secure,
    maxAgeS: Math.floor(config.SESSION_MAX_DAYS * 24 * 60 * 60),
  };
}
