/**
 * `?after=<position>` on any GET under /api: the query waits (up to a bound) until the
 * projections have passed that log position, so a client reads its own write. A value that is
 * no position is refused rather than ignored: ignored, the client would read a stale answer
 * believing it waited.
 */
import type { MiddlewareHandler } from 'hono';
import type { ProjectionProgress } from '../reads/consistency.ts';
import { ApiError } from './errors.ts';

/** How long a query with `?after=` waits for the projections. */
const READ_YOUR_WRITES_WAIT_MS = 2000;

const AFTER_MESSAGE = /*i18n*/ 'after must be a log position: a whole number, 0 or more';

/** The query parameter as the document declares it on every GET (openapi-document.ts). */
export const AFTER_PARAMETER = {
  name: 'after',
  in: 'query',
  required: false,
  description: `A log position a command answered (or a live event's id): the answer waits up to ${READ_YOUR_WRITES_WAIT_MS / 1000} s for the read models to pass it, else comes with \`x-read-model: stale\`. Anything but a whole number is refused with 400.`,
  schema: { type: 'string', pattern: '^[0-9]+$', example: '42' },
} as const;

export function readYourWrites(progress: ProjectionProgress): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const raw = c.req.query('after');
    if (raw === undefined) return next();
    const after = /^[0-9]+$/.test(raw) ? Number(raw) : Number.NaN;
    if (!Number.isSafeInteger(after))
      throw new ApiError(400, 'validation_failed', AFTER_MESSAGE, { after: AFTER_MESSAGE });
    if (after > 0 && !(await progress.waitFor(after, READ_YOUR_WRITES_WAIT_MS))) c.header('x-read-model', 'stale');
    return next();
  };
}
