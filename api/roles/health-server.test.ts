import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotReady, Readiness } from '../../platform/health/readiness.ts';
import { healthServer } from './health-server.ts';

describe('the probes of the projections and workers roles', () => {
  let base: string;
  let stalled = false;
  const server = healthServer(
    new Readiness(
      {
        events: async () => {},
        projections: async () => {
          if (stalled) throw new NotReady('stalled: catalog');
        },
      },
      { cacheMs: 0 },
    ),
  );
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const get = async (path: string, method = 'GET') => {
    const reply = await fetch(`${base}${path}`, { method });
    return { status: reply.status, body: await reply.json(), cache: reply.headers.get('cache-control') };
  };

  it("answers the API's two probes, at the same paths with the same bodies", async () => {
    expect(await get('/api/health/live')).toEqual({ status: 200, body: { status: 'live' }, cache: 'no-store' });
    expect(await get('/api/health/ready')).toEqual({
      status: 200,
      body: { status: 'ready', checks: { events: 'ok', projections: 'ok' } },
      cache: 'no-store',
    });
    stalled = true;
    expect(await get('/api/health/ready?probe=1')).toMatchObject({
      status: 503,
      body: { status: 'unready', checks: { events: 'ok', projections: 'stalled: catalog' } },
    });
  });

  it('serves nothing else', async () => {
    for (const [path, method] of [
      ['/api/health', 'GET'],
      ['/', 'GET'],
      ['/api/health/ready', 'POST'],
    ] as const)
      expect(await get(path, method)).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
  });
});
