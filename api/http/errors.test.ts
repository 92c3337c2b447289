import { Hono } from 'hono';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DomainError, type DomainErrorKind } from '../../domain/decider.ts';
import { StreamContendedError } from '../../platform/eventstore/streams.ts';
import { logTo } from '../../platform/log.ts';
import { accessLog } from './access-log.ts';
import { ApiError, handleError } from './errors.ts';
import { requestId } from './request-id.ts';
import type { AppEnv } from './router.ts';

/** The lines logged during a test, parsed. */
const lines: Array<Record<string, unknown>> = [];
const restore = logTo({ write: (line: string) => void lines.push(JSON.parse(line)) }, 'info');
afterEach(() => void lines.splice(0));
afterAll(restore);

/** The answer to a request whose handler throws `error`, through the app's request id and access log. */
function replyTo(error: Error, headers: Record<string, string> = {}) {
  const app = new Hono<AppEnv>();
  app.use('*', requestId(), accessLog());
  app.get('/things/:id', () => {
    throw error;
  });
  app.onError(handleError);
  return app.request('/things/7', { headers });
}

async function answerTo(error: Error, headers: Record<string, string> = {}) {
  const response = await replyTo(error, headers);
  return { status: response.status, body: await response.json(), requestId: response.headers.get('x-request-id') };
}

describe('handleError', () => {
  it.each([
    ['invalid', 400],
    ['forbidden', 403],
    ['not_found', 404],
    ['conflict', 409],
    ['rule_broken', 422],
  ] as const)('answers a domain error of kind %s with %i, its code, message and fields', async (kind, status) => {
    const error = new DomainError('some_code', 'What went wrong', kind satisfies DomainErrorKind, { field: 'Why' });
    expect(await answerTo(error)).toEqual({
      status,
      body: { error: { code: 'some_code', message: 'What went wrong', fields: { field: 'Why' } } },
      requestId: expect.any(String),
    });
  });

  it('answers a stream contended through every retry with a 409 conflict', async () => {
    expect(await answerTo(new StreamContendedError('product-1'))).toEqual({
      status: 409,
      body: { error: { code: 'conflict', message: 'This item is changing quickly. Please try again.' } },
      requestId: expect.any(String),
    });
  });

  it("puts a request's id in its access line, its 5xx body and its error line, with the stack", async () => {
    const { status, body, requestId } = await answerTo(new TypeError('cannot read the moon'));
    expect(status).toBe(500);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).toEqual({
      error: { code: 'internal', message: 'Something went wrong on our side. Please try again.', requestId },
    });
    const error = lines.find((line) => line.level === 'error');
    expect(error).toMatchObject({ name: 'api', requestId, method: 'GET', path: '/things/7' });
    expect(error?.err).toMatchObject({ type: 'TypeError', message: 'cannot read the moon' });
    expect((error?.err as { stack: string }).stack).toContain('errors.test.ts');
    expect(lines.filter((line) => line.name === 'http')).toEqual([
      expect.objectContaining({
        level: 'info',
        method: 'GET',
        route: '/things/:id',
        status: 500,
        ms: expect.any(Number),
        requestId,
      }),
    ]);
  });

  it('answers a 503 with the request id too, and a 4xx without it', async () => {
    const unavailable = await answerTo(new ApiError(503, 'busy', 'Try again'));
    expect(unavailable.body.error.requestId).toBe(unavailable.requestId);
    expect((await answerTo(new ApiError(404, 'gone', 'Gone'))).body.error.requestId).toBeUndefined();
  });

  it('answers a store it cannot reach with 503, Retry-After and the request id, logged as a warning', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const reply = await replyTo(refused);
    expect(reply.headers.get('retry-after')).toBe('5');
    const { status, body } = { status: reply.status, body: await reply.json() };
    const requestId = reply.headers.get('x-request-id');
    expect(status).toBe(503);
    expect(body).toEqual({
      error: {
        code: 'unavailable',
        message: 'We cannot reach our data right now. Please try again in a moment.',
        requestId,
      },
    });
    expect(JSON.stringify(body)).not.toContain('5432');
    expect(lines.find((line) => line.name === 'api')).toMatchObject({
      level: 'warn',
      requestId,
      msg: 'store unreachable',
    });
  });

  it('keeps an incoming X-Request-Id that is short and safe, and replaces any other', async () => {
    expect((await answerTo(new Error('x'), { 'x-request-id': 'edge-42_a=' })).requestId).toBe('edge-42_a=');
    for (const unsafe of ['a b', 'x'.repeat(65), 'id"},{"forged":1'])
      expect((await answerTo(new Error('x'), { 'x-request-id': unsafe })).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
