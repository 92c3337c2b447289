import { describe, expect, it } from 'vitest';
import { NotReady, Readiness } from './readiness.ts';

describe('Readiness', () => {
  it('says per check ok or why not, and is ready only when every check is ok', async () => {
    const readiness = new Readiness({
      fine: async () => {},
      stalled: async () => {
        throw new NotReady('stalled: catalog');
      },
    });
    expect(await readiness.report()).toEqual({ ready: false, checks: { fine: 'ok', stalled: 'stalled: catalog' } });
    expect(await new Readiness({ fine: async () => {} }).report()).toEqual({ ready: true, checks: { fine: 'ok' } });
  });

  it("never passes on a driver's error, which names hosts and ports", async () => {
    const readiness = new Readiness({
      events: async () => {
        throw new Error('connect ECONNREFUSED 10.0.0.7:5432');
      },
    });
    expect(await readiness.report()).toEqual({ ready: false, checks: { events: 'unreachable' } });
  });

  it('counts a check that hangs past its timeout as failed', async () => {
    const readiness = new Readiness({ read: () => new Promise(() => {}) }, { timeoutMs: 20 });
    expect(await readiness.report()).toEqual({ ready: false, checks: { read: 'no answer within 20 ms' } });
  });

  it('asks the stores once per round: probes within the cache time share it, in flight or done', async () => {
    let now = 0;
    let rounds = 0;
    const readiness = new Readiness(
      {
        events: async () => {
          rounds++;
        },
      },
      { cacheMs: 1000, now: () => now },
    );
    await Promise.all(Array.from({ length: 50 }, () => readiness.report()));
    now = 999;
    await readiness.report();
    expect(rounds).toBe(1);
    now = 1000;
    await readiness.report();
    expect(rounds).toBe(2);
  });
});
