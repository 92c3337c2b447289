import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REACTORS, REACTORS_LEASE } from '../../workers/index.ts';
import { ORDER_REACTOR } from '../../workers/order-reactor.ts';
import { PROJECTIONS_LEASE } from '../../projections/index.ts';
import { type TestApi, startTestApi } from '../testing/harness.ts';

interface ProjectionHealth {
  processed: number;
  last: number;
  lag: number;
  stalled: boolean;
  error?: string;
  lease: { name: string; owner: string; epoch: number; expiresAt: string } | null;
}

describe('/api/health', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const health = async () => {
    const { status, body } = await api.anonymous().get('/api/health');
    expect(status).toBe(200);
    return body as { status: string; projections: Record<string, ProjectionHealth> };
  };
  const readModels = () => api.ctx.projections.map((p) => p.name);

  it('shows every projection and reactor with its lag and the lease holder of its group, from the store', async () => {
    await api.settle();
    const body = await vi.waitFor(async () => {
      const body = await health();
      expect(body.projections[ORDER_REACTOR]?.lag).toBe(0);
      return body;
    });
    expect(body.status).toBe('ok');
    expect(Object.keys(body.projections).sort()).toEqual([...readModels(), ...REACTORS].sort());
    for (const [name, projection] of Object.entries(body.projections)) {
      const lease = REACTORS.includes(name) ? REACTORS_LEASE : PROJECTIONS_LEASE;
      expect(projection).toMatchObject({
        lag: 0,
        stalled: false,
        lease: { name: lease, epoch: 1, owner: expect.stringContaining(`:${process.pid}:`) },
      });
      expect(Date.parse(projection.lease!.expiresAt)).toBeGreaterThan(Date.now());
      expect(projection).not.toHaveProperty('error');
    }
  });

  it('is degraded, showing the projections stalled, when they lag and no process holds their lease', async () => {
    await api.ctx.runner!.stop(); // the projections process stops, releasing its lease
    const { position } = await api.platform.events.append('health-check', [{ type: 'HealthChecked', data: {} }], 'any');

    const body = await vi.waitFor(async () => {
      const body = await health();
      expect(body.projections[ORDER_REACTOR]).toMatchObject({ processed: position, lag: 0 }); // its process still runs
      return body;
    });
    expect(body.status).toBe('degraded');
    for (const name of readModels()) {
      const projection = body.projections[name]!;
      expect(projection).toMatchObject({
        last: position,
        lag: 1,
        stalled: true,
        lease: { name: PROJECTIONS_LEASE, epoch: 1 },
      });
      expect(Date.parse(projection.lease!.expiresAt)).toBeLessThanOrEqual(Date.now());
    }
    expect(body.projections[ORDER_REACTOR]!.stalled).toBe(false);

    await api.ctx.runner!.start(); // a projections process comes back: it takes the lease and catches up
    await vi.waitFor(async () => expect((await health()).status).toBe('ok'));
  });
});
