import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './router.ts';

/**
 * The public reads (the catalog, the API's description): they stay cacheable. Every other /api
 * response is private by default, so a route added later is never cached by mistake; it only
 * loses caching until it is listed here. `bySession`: a session may change the answer (a
 * seller or admin also finds a product that is not on sale), so it varies by Cookie and is
 * private when asked with one. `catalog`: a visitor's answer comes from the catalog index
 * alone, so it holds until the index changes (replay-cache.ts replays it that long); its value
 * is the route's pattern, for the access line of a replay.
 */
const PUBLIC_READS: { path: RegExp; bySession: boolean; catalog?: string }[] = [
  { path: /^\/api\/products$/, bySession: false, catalog: '/api/products' },
  { path: /^\/api\/products\/[^/]+$/, bySession: true, catalog: '/api/products/:id' },
  { path: /^\/api\/products\/[^/]+\/reviews$/, bySession: true },
  // A suspended seller's storefront is shown to that seller and the admins only.
  { path: /^\/api\/sellers\/[^/]+$/, bySession: true },
  { path: /^\/api\/categories$/, bySession: false, catalog: '/api/categories' },
  { path: /^\/api\/returns\/policy$/, bySession: false },
  { path: /^\/api\/reference-rates$/, bySession: false },
  // A product's provenance page (asked again each time: a certificate may be revoked) and its QR codes.
  { path: /^\/api\/provenance\/[^/]+$/, bySession: false },
  { path: /^\/api\/provenance\/[^/]+\/qr\.(?:svg|png)$/, bySession: false },
  { path: /^\/api\/openapi\.json$/, bySession: false },
  { path: /^\/api\/docs(?:\/[^/]+)?$/, bySession: false },
];

export const PRIVATE = 'no-store';
/** Stored, but asked again before each use: stock and prices change, and `?after=` must see writes. */
export const PUBLIC = 'no-cache';
/** A public read asked with a session: it may hold what only that user sees, so no shared cache keeps it. */
export const PUBLIC_SIGNED_IN = 'private, no-cache';

/** The public read a request is, if it is one (replay-cache.ts replays the catalog's). */
export function publicRead(method: string, path: string) {
  return method === 'GET' || method === 'HEAD' ? PUBLIC_READS.find((read) => read.path.test(path)) : undefined;
}

/**
 * Cache-Control for /api: `no-store` on everything private (what depends on the session,
 * every write, anything that sets a cookie), overriding what a route set; public reads keep a
 * route's own caching or get `no-cache` (`Vary: Cookie` and `private` where a session may change them).
 */
export function apiCacheControl(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const read = publicRead(c.req.method, c.req.path);
    // Also before the handler: the live stream is written straight to Node's response.
    if (!read) c.header('cache-control', PRIVATE);
    await next();
    const headers = c.res.headers;
    if (!read || headers.has('set-cookie')) {
      headers.set('cache-control', PRIVATE);
      return;
    }
    if (read.bySession) headers.append('vary', 'Cookie');
    if (read.bySession && c.get('user')) headers.set('cache-control', PUBLIC_SIGNED_IN);
    else if (!headers.has('cache-control')) headers.set('cache-control', PUBLIC);
  };
}
