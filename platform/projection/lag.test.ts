import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../eventstore/sqlite.ts';
import { SqliteReadStore } from '../readstore/sqlite.ts';
import { type LeaseGroup, STALL_AFTER_MS, StallWatch } from './lag.ts';

describe('StallWatch', () => {
  let events: SqliteEventStore;
  let read: SqliteReadStore;
  let clock: number;
  let watch: StallWatch;
  const groups: LeaseGroup[] = [
    { lease: 'projections', projections: ['catalog', 'orders'] },
    { lease: 'reactor', projections: ['reactor'] },
  ];

  beforeEach(async () => {
    events = new SqliteEventStore(':memory:');
    read = new SqliteReadStore(':memory:');
    clock = Date.now();
    watch = new StallWatch(() => clock);
    for (let i = 0; i < 3; i++) await events.append('s', [{ type: 'Happened', data: {} }], 'any');
  });
  afterEach(async () => {
    await events.close();
    await read.close();
  });

  const commit = (projection: string, position: number) => read.commit(read.unitOfWork(), projection, position);
  const stalled = async () =>
    Object.entries(await watch.read(events, read, groups))
      .filter(([, s]) => s.stalled)
      .map(([name]) => name);

  it('reports lag and lease per projection, the lease of its group', async () => {
    const grant = await read.leases.acquire('projections', 'host:1:a', 60_000);
    await commit('catalog', 3);
    const status = await watch.read(events, read, groups);
    expect(status.catalog).toEqual({ processed: 3, last: 3, lag: 0, lease: grant, stalled: false });
    expect(status.orders).toEqual({ processed: 0, last: 3, lag: 3, lease: grant, stalled: false });
    expect(status.reactor).toEqual({ processed: 0, last: 3, lag: 3, lease: null, stalled: true });
  });

  it('a lagging projection is stalled at once when no unexpired lease covers it; a caught-up one never is', async () => {
    await commit('catalog', 3);
    expect(await stalled()).toEqual(['orders', 'reactor']);
    await read.leases.acquire('projections', 'a', 60_000);
    const reactor = await read.leases.acquire('reactor', 'a', 1_000);
    expect(await stalled()).toEqual([]);
    // The reactor's holder died and nobody took over. Its lease runs from the store's clock, which
    // has moved on since the test's was read: a busy machine can take more than a millisecond here.
    clock = reactor!.expiresAt + 1;
    expect(await stalled()).toEqual(['reactor']);
    await read.leases.release('projections', 'a');
    expect(await stalled()).toEqual(['orders', 'reactor']);
  });

  it(`a lagging projection whose lease is held is stalled once its checkpoint stands still for ${STALL_AFTER_MS / 1000} s`, async () => {
    await read.leases.acquire('projections', 'a', 10 * STALL_AFTER_MS);
    await read.leases.acquire('reactor', 'a', 10 * STALL_AFTER_MS);
    await commit('reactor', 3);
    await commit('orders', 1);
    expect(await stalled()).toEqual([]);
    clock += STALL_AFTER_MS - 1;
    expect(await stalled()).toEqual([]);
    clock += 1;
    expect(await stalled()).toEqual(['catalog', 'orders']);

    await commit('orders', 2); // it moves again
    expect(await stalled()).toEqual(['catalog']);
    clock += STALL_AFTER_MS - 1;
    expect(await stalled()).toEqual(['catalog']);
    clock += 1;
    expect(await stalled()).toEqual(['catalog', 'orders']);

    // Caught up, then lagging again: the wait starts over from the new lag.
    await commit('orders', 3);
    expect(await stalled()).toEqual(['catalog']);
    await events.append('s', [{ type: 'Happened', data: {} }], 'any');
    clock += STALL_AFTER_MS - 1;
    expect(await stalled()).toEqual(['catalog']);
  });
});
