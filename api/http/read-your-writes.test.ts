import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../testing/harness.ts';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});

afterAll(() => api.close());

// The reads that answer no client error of their own: `?after=` is the one every GET takes.
const READS = [
  '/api/health/live',
  '/api/health/ready',
  '/api/auth/me',
  '/api/categories',
  '/api/returns/policy',
  '/api/live',
  '/api/products',
];

describe('?after= on every GET', () => {
  it.each(READS)('%s refuses an after that is no log position with 400 (as documented)', async (path) => {
    const client = api.anonymous().raw;
    for (const after of ['abc', '-1', '1.5', '', '1e3', '99999999999999999999']) {
      const reply = await client.get(`${path}?after=${after}`);
      expect(reply.status, `${path}?after=${after}`).toBe(400);
      expect(reply.body.error.code).toBe('validation_failed');
      expect(reply.body.error.fields).toEqual({ after: expect.stringContaining('log position') });
    }
  });

  it('waits for a position the read models have passed, and answers', async () => {
    await api.settle();
    const position = await api.platform.events.lastPosition();
    const client = api.anonymous().raw;
    for (const path of READS.filter((p) => p !== '/api/live')) {
      const reply = await client.get(`${path}?after=${position}`);
      expect(reply.status, path).toBe(200);
      expect(reply.headers.get('x-read-model'), path).toBeNull();
    }
    expect((await client.get('/api/categories?after=0')).status).toBe(200);
  });
});
