import type { Context, MiddlewareHandler } from 'hono';
import type { Config } from '../platform/config/config.ts';
import { forwardedProto } from './auth/client-ip.ts';

/** One year, with subdomains: what ASVS 5.0 (3.4.1) asks of level 2. */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Whether the browser reached us over TLS: PUBLIC_URL says https, Node itself terminated TLS, or
 * a trusted proxy (TRUST_PROXY > 0) says so in X-Forwarded-Proto; without one that header is
 * anyone's to send. (auth/session-cookie.ts decides the cookie's Secure by the same rule.)
 */
export function servedOverTls(c: Context, config: Pick<Config, 'PUBLIC_URL' | 'TRUST_PROXY'>): boolean {
  if (config.PUBLIC_URL?.startsWith('https:')) return true;
  if (new URL(c.req.url).protocol === 'https:') return true;
  return forwardedProto(c, config.TRUST_PROXY) === 'https';
}

/**
 * The origin images load from when they are not ours (S3 or a CDN in front of it), or null
 * when the blob store's URLs are same-origin paths such as /media/...
 */
export function imageOrigin(publicUrl: string): string | null {
  return /^https?:\/\//i.test(publicUrl) ? new URL(publicUrl).origin : null;
}

/**
 * The SPA's policy. Scripts and styles come only from our own files: the built index.html has
 * no inline script, and React sets `style={...}` through the CSSOM, which style-src does not
 * govern, so neither needs 'unsafe-inline'. Images: our own, data: (the favicon, daisyUI's
 * icons in CSS), blob: (the preview of an image before upload) and the image store's origin.
 */
export function spaPolicy(options: { imageOrigin: string | null; tls: boolean }): string {
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
    "form-action 'self'",
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
 * What every response carries, besides its Content-Security-Policy. Referrer-Policy is
 * strict-origin-when-cross-origin rather than no-referrer: no-referrer also blanks the Origin
 * header of our own POSTs in browsers without Sec-Fetch-Site, and the same-origin check of
 * cookie-authenticated writes (auth/middleware.ts) reads it.
 */
export const COMMON_HEADERS: Readonly<Record<string, string>> = {
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), usb=(), payment=()',
  'x-permitted-cross-domain-policies': 'none',
};

/**
 * The security headers of every response (the role of hono/secure-headers, which sets them only
 * after the handler: too late for the live stream, written straight to Node's response). They
 * are set before the handler, so every response made through the context has them and a route
 * can set its own value (the /media files' and the API reference page's policies); and checked
 * after it, for a Response a handler built on its own.
 */
export function securityHeaders(config: Pick<Config, 'PUBLIC_URL' | 'TRUST_PROXY'>, options: { imageOrigin: string | null }): MiddlewareHandler {
  const policies = { plain: spaPolicy({ ...options, tls: false }), tls: spaPolicy({ ...options, tls: true }) };
  return async (c, next) => {
    const tls = servedOverTls(c, config);
    const api = c.req.path === '/api' || c.req.path.startsWith('/api/');
    const headers: Record<string, string> = {
      ...COMMON_HEADERS,
      'content-security-policy': api ? API_POLICY : tls ? policies.tls : policies.plain,
      // Only over TLS: on plain http a browser ignores it at best.
      ...(tls && { 'strict-transport-security': HSTS }),
    };
    for (const [name, value] of Object.entries(headers)) c.header(name, value);
    await next();
    for (const [name, value] of Object.entries(headers)) if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  };
}
