import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { fixedFieldsLogger } from '../../platform/log.ts';
import type { AppEnv } from './router.ts';

// Its fields are written below and nothing else: no secret can reach it.
const log = fixedFieldsLogger('http');

/**
 * One line a request, once it is answered: method, route pattern (not the path, so lines group
 * by route and carry no ids or queries), status, milliseconds, request id and the signed-in
 * user's id. A streamed answer (the live feed) is logged when its stream starts.
 */
export function logAccess(
  method: string,
  route: string,
  status: number,
  started: number,
  requestId: string,
  userId?: string,
): void {
  if (!log.isLevelEnabled('info')) return;
  const ms = Math.round((performance.now() - started) * 10) / 10;
  if (userId === undefined) log.info({ method, route, status, ms, requestId });
  else log.info({ method, route, status, ms, requestId, userId });
}

/** The access line of every request Hono answers; runs after the request id's middleware. */
export function accessLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    await next();
    // After next(), the route index is the handler (or middleware) that answered.
    logAccess(c.req.method, routePath(c), c.res.status, started, c.get('requestId'), c.get('user')?.id);
  };
}
