import type { Context } from 'hono';
import type { Config } from '../../platform/config/config.ts';
import { servedOverTls } from '../http/security-headers.ts';

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

type CookieConfig = Pick<Config, 'PUBLIC_URL' | 'TRUST_PROXY' | 'TRUSTED_PROXIES' | 'SESSION_MAX_DAYS'>;

/** Secure, and named `__Host-`, when the browser reached the site over TLS (the rule of the security headers' HSTS). */
export function sessionCookieOf(c: Context, config: CookieConfig): SessionCookie {
  const secure = servedOverTls(c, config);
  return {
    name: secure ? SECURE_SESSION_COOKIE : SESSION_COOKIE,
    secure,
    maxAgeS: Math.floor(config.SESSION_MAX_DAYS * 24 * 60 * 60),
  };
}
