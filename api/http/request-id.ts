import type { MiddlewareHandler } from 'hono';
import { requestId as honoRequestId } from 'hono/request-id';

/**
 * Every request's id, answered as X-Request-Id and carried by its access line, its error line and
 * a 5xx body. An incoming X-Request-Id (a proxy's, or a client's own) is kept only when it is
 * this short and made of letters, digits, `_`, `-` and `=`, as hono/request-id checks it;
 * otherwise a new UUID is made.
 */
const MAX_LENGTH = 64;
const UNSAFE = /[^\w\-=]/;

export const requestId = (): MiddlewareHandler => honoRequestId({ limitLength: MAX_LENGTH });

/** The same choice for the answers replayed before Hono (replay-cache.ts). */
export function requestIdOf(incoming: string | undefined): string {
  return incoming && incoming.length <= MAX_LENGTH && !UNSAFE.test(incoming) ? incoming : crypto.randomUUID();
}
