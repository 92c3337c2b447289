import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../../platform/config/config.ts';
import { type ProxyTrust, forwardedProtoOf, proxyHops } from '../auth/client-ip.ts';

/** One year, with subdomains: what ASVS 5.0 (3.4.1) asks of level 2. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether the browser reached us over TLS: PUBLIC_URL says https, Node itself terminated TLS, or
 * a trusted proxy (TRUSTED_PROXIES, or TRUST_PROXY > 0) says so in X-Forwarded-Proto; without
 * one that header is anyone's to send. (auth/session-cookie.ts decides the cookie's Secure by
 * the same rule.)
 */
export function servedOverTls(c: Context, config: TlsConfig): boolean {
  return overTls(config, c.req.url.startsWith('https:'), c.req.header('x-forwarded-proto'), proxyHops(c, config));
}

/** What decides whether a request came over TLS: PUBLIC_URL, and which proxies to believe. */
export type TlsConfig = Pick<Config, 'PUBLIC_URL'> & ProxyTrust;

/**
 * `servedOverTls` from its parts: whether Node itself terminated TLS, the X-Forwarded-Proto
 * header, and how many proxies in front of the request to believe (client-ip.ts, `trustedHops`).
 */
export function overTls(
  config: Pick<Config, 'PUBLIC_URL'>,
  encrypted: boolean,
  forwardedProto: string | undefined,
  hops: number,
): boolean {
  return config.PUBLIC_URL?.startsWith('https:') || encrypted || forwardedProtoOf(forwardedProto, hops) === 'https';
}

/**
 * The origin images load from when they are not ours (S3 or a CDN in front of it), or null
 * when the blob store's URLs are same-origin paths such as /media/...
 */
export function imageOrigin(publicUrl: string): string | null {
  return /^https?:\/\//i.test(publicUrl) ? new URL(publicUrl).origin : null;
}

/** The origins besides our own that the SPA's pages use: the image store's, the hosted checkout's. */
export interface PolicyOrigins {
  imageOrigin: string | null;
  checkoutOrigin: string | null;
}

/**
 * The SPA's policy. Scripts and styles come only from our own files: the built index.html has
 * no inline script, and React sets `style={...}` through the CSSOM, which style-src does not
 * govern, so neither needs 'unsafe-inline'. Images: our own, data: (the favicon, daisyUI's
 * icons in CSS), blob: (the preview of an image before upload) and the image store's origin.
 * Forms post to us, and to the payment gateway's hosted checkout (its origin) when paying online.
 */
export function spaPolicy(options: PolicyOrigins & { tls: boolean }): string {
  const images = ["'self'", 'data:', 'blob:', ...(options.imageOrigin ? [options.imageOrigin] : [])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src ${images.join(' ')}`,
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    `form-action 'self'${options.checkoutOrigin ? ` ${options.checkoutOrigin}` : ''}`,
    "frame-ancestors 'none'",
    ...(options.tls ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/**
 * JSON, event streams and downloads are never pages: if one is ever opened as a document it
 * may load nothing, run nothing, and be framed by no one (ASVS 5.0 3.2.1).
 */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

/**
 * What every response carries, besides its Content-Security-Policy: the headers a browser
 * reads on any response, JSON included.
 */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
  'x-permitted-cross-domain-policies': 'none',
};

/**
 * What only a document acts on: the SPA's pages and files, and the API reference page. JSON,
 * streams and downloads under /api go without them (OWASP's REST Security Cheat Sheet): they
 * are never a browsing context, and ~200 bytes less on every API answer is more answers per
 * second for every client. Referrer-Policy is strict-origin-when-cross-origin rather than
 * no-referrer: no-referrer also blanks the Origin header of our own POSTs in browsers without
 * Sec-Fetch-Site, and the same-origin check of cookie-authenticated writes
 * (auth/middleware.ts) reads it.
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=()',
};

/** Security headers as `[name, value]` pairs, made once per kind of response. */
export type HeaderSet = ReadonlyArray<readonly [string, string]>;

/** The sets of every kind of response: under /api (JSON, streams, downloads) and the rest (the SPA's documents and files, the API reference page), each over plain http and over TLS. */
export interface HeaderSets {
  api: { plain: HeaderSet; tls: HeaderSet };
  spa: { plain: HeaderSet; tls: HeaderSet };
}

const headerSet = (policy: string, tls: boolean, document: boolean): HeaderSet =>
  Object.entries({
    ...COMMON_HEADERS,
    ...(document && DOCUMENT_HEADERS),
    'content-security-policy': policy,
    // Only over TLS: on plain http a browser ignores it at best.
    ...(tls && { 'strict-transport-security': HSTS }),
  });

export const API_HEADERS: HeaderSets['api'] = {
  plain: headerSet(API_POLICY, false, false),
  tls: headerSet(API_POLICY, true, false),
};

export function securityHeaderSets(options: PolicyOrigins): HeaderSets {
  return {
    api: API_HEADERS,
    spa: {
      plain: headerSet(spaPolicy({ ...options, tls: false }), false, true),
      tls: headerSet(spaPolicy({ ...options, tls: true }), true, true),
    },
  };
}

/** Whether a path's answers are the API's (JSON, streams, downloads, scripts) rather than a document: all of /api but the API reference page. */
const apiAnswer = (path: string): boolean =>
  (path === '/api' || path.startsWith('/api/')) && !/^\/api\/docs\/?$/.test(path);

/**
 * The security headers of every response (the role of hono/secure-headers, which sets them only
 * after the handler: too late for the live stream, written straight to Node's response). They
 * are set before the handler, so every response made through the context has them and a route
 * can set its own value (the /media files' and the API reference page's policies); and checked
 * after it, for a Response a handler built on its own: it lacks X-Frame-Options, which no route sets.
 */
export function securityHeaders(config: TlsConfig, options: PolicyOrigins): MiddlewareHandler {
  const sets = securityHeaderSets(options);
  return async (c, next) => {
    const set = sets[apiAnswer(c.req.path) ? 'api' : 'spa'][servedOverTls(c, config) ? 'tls' : 'plain'];
    for (const [name, value] of set) c.header(name, value);
    await next();
    const headers = c.res.headers;
    if (!headers.has('x-frame-options'))
      for (const [name, value] of set) if (!headers.has(name)) headers.set(name, value);
  };
}
