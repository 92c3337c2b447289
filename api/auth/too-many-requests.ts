import type { Context } from 'hono';
import { ApiError } from '../http/errors.ts';
import { type Quota, waitInWords } from './throttle.ts';

/**
 * Refuses the request: 429 with Retry-After in seconds (set on the context, so the error
 * handler's answer carries it) and the wait in words.
 */
export function tooManyRequests(c: Context, waitMs: number, code: string, message: string): never {
  c.header('Retry-After', String(Math.ceil(waitMs / 1000)));
  throw new ApiError(429, code, message);
}

/** Counts a request of `key` against `quota`, or refuses it while the quota is used up ("Too many orders. ..."). */
export async function limitRequest(c: Context, quota: Quota, key: string, what: string): Promise<void> {
  const waitMs = await quota.take(key);
  if (waitMs > 0)
    tooManyRequests(c, waitMs, 'too_many_requests', `Too many ${what}. Please try again in ${waitInWords(waitMs)}.`);
}
