import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { DomainError, type DomainErrorKind } from '../../domain/decider.ts';
import { StreamContendedError } from '../../platform/eventstore/streams.ts';
import { handleError } from './errors.ts';

/** The answer to a request whose handler throws `error`. */
async function answerTo(error: Error) {
  const app = new Hono();
  app.get('/', () => {
    throw error;
  });
  app.onError(handleError);
  const response = await app.request('/');
  return { status: response.status, body: await response.json() };
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
    });
  });

  it('answers a stream contended through every retry with a 409 conflict', async () => {
    expect(await answerTo(new StreamContendedError('product-1'))).toEqual({
      status: 409,
      body: { error: { code: 'conflict', message: 'This item is changing quickly. Please try again.' } },
    });
  });
});
