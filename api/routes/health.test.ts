import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REACTORS, REACTORS_LEASE } from '../../workers/index.ts';
import { ORDER_REACTOR } from '../../workers/order-reactor.ts';
import { PROJECTIONS_LEASE } from '../../projections/index.ts';
import { type Client, expectStatus, type TestApi, startTestApi } from '../testing/harness.ts';

/** Readiness answers from a round up to a second old. */
const READY_WITHIN = { timeout: 5000, interval: 100 };

describe('/api/health', () => {
  let api: TestApi;
  let admin: Client;
  beforeAll(async () => {
    api = await startTestApi();
    admin = await api.signIn('admin@mibi.test', 'admin-pass-1');
  });
  afterAll(() => api.close());

  const health = async () => {
    const reply = await admin.api.health.$get();
    expectStatus(reply, 200);
    return reply.body;
  };
  const ready = async () => {
    const { status, body } = await api.anonymous().api.health.ready.$get();
    return { status, body };
  };
  const readModels = () => api.ctx.projections.map((p) => p.name);

  it('answers liveness to anyone, without asking a store', async () => {
    const asked = vi.spyOn(api.platform.events, 'lastPosition');
    const { status, body } = await api.anonymous().api.health.live.$get();
    expect({ status, body }).toEqual({ status: 200, body: { status: 'live' } });
    expect(asked).not.toHaveBeenCalled();
    asked.mockRestore();
  });

  it('is ready when the stores answer, every lease is held and no projection fails or stalls', async () => {
    await api.settle();
    await vi.waitFor(
      async () =>
        expect(await ready()).toEqual({
          status: 200,
          // The embedded queue and bus live in this process: nothing to reach.
          body: { status: 'ready', checks: { events: 'ok', read: 'ok', leases: 'ok', projections: 'ok' } },
        }),
      READY_WITHIN,
    );
  });

  it('shows the detailed health to admins only', async () => {
    expect((await api.anonymous().api.health.$get()).status).toBe(401);
    const buyer = await api.signUp();
    expect((await buyer.api.health.$get()).status).toBe(403);
    expect((await admin.api.health.$get()).status).toBe(200);
  });

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
    // Readiness says which checks fail, naming no process.
    const unready = await vi.waitFor(async () => {
      const { status, body } = await ready();
      expect(status).toBe(503);
      return body;
    }, READY_WITHIN);
    expect(unready).toEqual({
      status: 'unready',
      checks: {
        events: 'ok',
        read: 'ok',
        leases: 'no process holds projections',
        projections: `stalled: ${readModels().sort().join(', ')}`,
      },
    });
    expect(JSON.stringify(unready)).not.toContain(String(process.pid));

    await api.ctx.runner!.start(); // a projections process comes back: it takes the lease and catches up
    await vi.waitFor(async () => expect((await health()).status).toBe('ok'));
    await vi.waitFor(async () => expect((await ready()).status).toBe(200), READY_WITHIN);
  });

  it('is not ready while a projection fails, naming it', async () => {
    // An order no handler can read, written straight into the log, as only a bug or a hand edit could.
    await api.platform.events.append(`order-${crypto.randomUUID()}`, [{ type: 'OrderPlaced', data: {} }], 'any');
    const unready = await vi.waitFor(async () => {
      const { status, body } = await ready();
      expect(status).toBe(503);
      return body;
    }, READY_WITHIN);
    expect(unready.checks.projections).toMatch(/^failing: .*\borders\b/);
    expect((await health()).status).toBe('degraded');
  });
});
