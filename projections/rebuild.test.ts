import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listProduct } from '../api/routes/catalog.fixtures.ts';
import { type TestApi, startTestApi } from '../api/testing/harness.ts';
import { MemoryBus } from '../platform/bus/memory.ts';
import { SqliteEventStore } from '../platform/eventstore/sqlite.ts';
import { ProjectionRunner } from '../platform/projection/runner.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { generateLog } from '../scripts/marketplace-log.ts';
import { everyDocument, marketplace } from '../scripts/cli/marketplace.fixtures.ts';
import { projections } from './index.ts';
import { logStats } from './log-stats.ts';
import { ORDERS } from './orders/projection.ts';
import { type ReplayProgress, collectionsOf, compareReadStores, countDocuments, replay } from './rebuild.ts';
import { replaySqlite, shareOut } from './rebuild-threads.ts';
import { streamBrowser } from './stream-browser/projection.ts';
import { USERS } from './users/projection.ts';
import { REVIEWS } from './reviews/projection.ts';
import { PRODUCTS } from './catalog/projection.ts';

const everyProjectionTo = (toPosition: number) => projections.map((projection) => ({ projection, toPosition }));

describe('replay and compare, on a marketplace made through the API', () => {
  let api: TestApi;
  let seller: Awaited<ReturnType<typeof marketplace>>['seller'];
  const stores: SqliteReadStore[] = [];
  let storesMade = 0;

  /** A fresh read store in the harness's folder. */
  const fresh = () => {
    const store = new SqliteReadStore(join(api.dir, `rebuilt-${++storesMade}.db`));
    stores.push(store);
    return store;
  };

  beforeAll(async () => {
    api = await startTestApi();
    ({ seller } = await marketplace(api));
  });
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });
  afterAll(() => api.close());

  it('rebuilds every projection from zero into documents equal to the live ones', async () => {
    const last = await api.platform.events.lastPosition();
    const rebuilt = fresh();
    const progress: ReplayProgress[] = [];
    const result = await replay(api.platform.events, rebuilt, everyProjectionTo(last), {
      onProgress: (p) => progress.push(p),
    });

    expect(result).toMatchObject({
      events: last,
      position: last,
      lastEventAt: (await api.platform.events.readAll({ after: last - 1 }))[0]!.metadata.time,
    });
    expect(progress.at(-1)).toEqual({ events: last, position: last, target: last });
    expect(await everyDocument(rebuilt)).toEqual(await everyDocument(api.platform.read));
    expect(await compareReadStores(api.platform.read, rebuilt, collectionsOf(projections))).toEqual([]);
    for (const { name } of projections) expect(await rebuilt.checkpoint(name)).toBe(last);
  });

  it('gives the same documents and checkpoints whatever the batch size', async () => {
    const last = await api.platform.events.lastPosition();
    const small = fresh();
    await replay(api.platform.events, small, everyProjectionTo(last), { batchSize: 3 });
    expect(await everyDocument(small)).toEqual(await everyDocument(api.platform.read));
    for (const { name } of projections) expect(await small.checkpoint(name)).toBe(last);
  });

  it('gives the same documents when the cache holds a few documents and reads the rest back from the store', async () => {
    const last = await api.platform.events.lastPosition();
    const small = fresh();
    await replay(api.platform.events, small, everyProjectionTo(last), { cacheDocuments: 3 });
    expect(await everyDocument(small)).toEqual(await everyDocument(api.platform.read));
    for (const { name } of projections) expect(await small.checkpoint(name)).toBe(last);
  });

  it('rebuilds each projection up to its own target', async () => {
    const last = await api.platform.events.lastPosition();
    const rebuilt = fresh();
    await replay(
      api.platform.events,
      rebuilt,
      [
        { projection: logStats, toPosition: 5 },
        { projection: projections.find((p) => p.name === 'catalog')!, toPosition: last },
      ],
      { batchSize: 4 },
    );
    expect(await rebuilt.checkpoint(logStats.name)).toBe(5);
    expect(await rebuilt.checkpoint('catalog')).toBe(last);
    const types = await rebuilt.collection<{ id: string; events: number }>('log_event_types').find();
    expect(types.reduce((sum, type) => sum + type.events, 0)).toBe(5);
    expect(await rebuilt.collection(PRODUCTS).count()).toBe(2);
  });

  it('empties what the store held before replaying', async () => {
    const rebuilt = fresh();
    await rebuilt.collection(PRODUCTS).put({ id: 'stale' });
    await replay(api.platform.events, rebuilt, everyProjectionTo(await api.platform.events.lastPosition()));
    expect(await rebuilt.collection(PRODUCTS).get('stale')).toBeNull();
  });

  it('finds the documents missing, extra and changed, with the first ids of each', async () => {
    const last = await api.platform.events.lastPosition();
    const rebuilt = fresh();
    await replay(api.platform.events, rebuilt, everyProjectionTo(last));
    const users = rebuilt.collection(USERS);
    const [first, second] = await users.find({ sort: [['id', 'asc']], limit: 2 });
    await users.delete(first!.id);
    await users.put({ ...second!, fullName: 'Someone Else' });
    await users.put({ id: 'ghost', fullName: 'Ghost' });

    const differences = await compareReadStores(api.platform.read, rebuilt, collectionsOf(projections));
    const live = await api.platform.read.collection(USERS).count();
    expect(differences).toEqual([
      {
        collection: USERS,
        expected: live,
        actual: live,
        missing: [first!.id],
        extra: ['ghost'],
        changed: [second!.id],
        differing: 3,
      },
    ]);
  });

  it('counts the documents of each collection', async () => {
    const counts = await countDocuments(api.platform.read, [PRODUCTS, ORDERS]);
    expect(counts).toEqual([
      { collection: PRODUCTS, documents: 2 },
      { collection: ORDERS, documents: 2 },
    ]);
  });

  describe('the marketplace as it was', () => {
    let before: Awaited<ReturnType<typeof everyDocument>>;
    let position: number;
    let time: string;

    beforeAll(async () => {
      await api.settle();
      position = await api.platform.events.lastPosition();
      time = (await api.platform.events.readAll({ after: position - 1 }))[0]!.metadata.time;
      before = await everyDocument(api.platform.read);
      await new Promise((resolve) => setTimeout(resolve, 5)); // so the next events are recorded later
      await listProduct(seller, { name: 'Kashmiri Pashmina Shawl' });
      await api.settle();
      expect(await api.platform.read.collection(PRODUCTS).count()).toBe(3);
    });

    it('up to a position equals the live read models at that position', async () => {
      const rebuilt = fresh();
      const result = await replay(api.platform.events, rebuilt, everyProjectionTo(position));
      expect(result.position).toBe(position);
      expect(await rebuilt.collection(PRODUCTS).count()).toBe(2);
      expect(await everyDocument(rebuilt)).toEqual(before);
    });

    it('up to a time equals the live read models at that time', async () => {
      const rebuilt = fresh();
      const result = await replay(
        api.platform.events,
        rebuilt,
        everyProjectionTo(await api.platform.events.lastPosition()),
        { toTime: time },
      );
      expect(result).toMatchObject({ position, lastEventAt: time });
      expect(await everyDocument(rebuilt)).toEqual(before);
    });
  });
});

describe('replay of an empty log', () => {
  it('applies nothing and keeps the checkpoints at 0', async () => {
    const events = new SqliteEventStore(':memory:');
    const read = new SqliteReadStore(':memory:');
    expect(await replay(events, read, everyProjectionTo(0))).toMatchObject({
      events: 0,
      position: 0,
      lastEventAt: null,
    });
    expect(await read.checkpoint(logStats.name)).toBe(0);
    await read.close();
    await events.close();
  });
});

describe('a rebuild of a generated marketplace log', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-rebuild-log-'));
  const eventsFile = join(dir, 'events.db');
  const collections = collectionsOf(projections);
  let events: SqliteEventStore;
  let live: SqliteReadStore;
  let last: number;
  let rebuilt = 0;

  /** Compares every collection and checkpoint of the rebuilt file with the live read store. */
  async function expectLive(file: string): Promise<void> {
    const read = new SqliteReadStore(file);
    try {
      expect(await compareReadStores(live, read, collections)).toEqual([]);
      for (const { name } of projections) expect(await read.checkpoint(name)).toBe(last);
    } finally {
      await read.close();
    }
  }

  beforeAll(async () => {
    events = new SqliteEventStore(eventsFile);
    await generateLog(events, 4_000, { sellers: 12, buyers: 60, products: 80, wave: 40 });
    last = await events.lastPosition();
    // The live runner, one event per batch: the read models as they are built event by event.
    live = new SqliteReadStore(join(dir, 'live.db'));
    const runner = new ProjectionRunner({ events, read: live, bus: new MemoryBus(), projections, batchSize: 1 });
    await runner.start();
    while (
      (await Promise.all(projections.map((p) => live.checkpoint(p.name)))).some((checkpoint) => checkpoint < last)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await runner.stop();
    expect(runner.failures()).toEqual({});
    // Enough of everything that a difference would show: orders in every state, reviews, cancellations.
    const counts = Object.fromEntries(
      (await countDocuments(live, collections)).map(({ collection, documents }) => [collection, documents]),
    );
    expect(counts).toMatchObject({
      [ORDERS]: expect.any(Number),
      [REVIEWS]: expect.any(Number),
    });
    expect(Math.min(counts[ORDERS]!, counts[REVIEWS]!, counts.ledger_entries!, counts.sales_days!)).toBeGreaterThan(0);
  }, 120_000);
  afterAll(async () => {
    await live.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('through the ports equals the live runner in every collection', async () => {
    const file = join(dir, `rebuilt-${++rebuilt}.db`);
    const read = new SqliteReadStore(file);
    const result = await replay(events, read, everyProjectionTo(last));
    await read.close();
    expect(result).toMatchObject({ events: last, position: last });
    await expectLive(file);
  });

  it('in threads, from the files, equals it too', async () => {
    const file = join(dir, `rebuilt-${++rebuilt}.db`);
    const progress: ReplayProgress[] = [];
    const result = await replaySqlite({ events: eventsFile, read: file }, everyProjectionTo(last), {
      threads: 2,
      onProgress: (p) => progress.push(p),
    });
    expect(
      result.threads
        .map((thread) => thread.projections)
        .flat()
        .sort(),
    ).toEqual(projections.map((p) => p.name).sort());
    expect(result).toMatchObject({
      events: last,
      position: last,
      lastEventAt: (await events.readAll({ after: last - 1 }))[0]!.metadata.time,
    });
    expect(progress.at(-1)).toEqual({ events: last, position: last, target: last });
    await expectLive(file);
  });

  it('in threads, into scratch files that replace the read store once complete, leaving nothing else', async () => {
    const file = join(dir, `rebuilt-${++rebuilt}.db`);
    const stale = new SqliteReadStore(file);
    await stale.collection(PRODUCTS).put({ id: 'stale' });
    await stale.collection('left_behind').put({ id: 'old' });
    await stale.close();
    await replaySqlite({ events: eventsFile, read: file }, everyProjectionTo(last), { threads: 2 });
    expect(readdirSync(dir).filter((name) => name.startsWith(basename(file)))).toEqual([basename(file)]);
    await expectLive(file);
    const read = new SqliteReadStore(file);
    expect(await read.collection('left_behind').count()).toBe(0);
    await read.close();
  });

  it('in threads, committing every few hundred events and reading back what they committed, equals it too', async () => {
    const file = join(dir, `rebuilt-${++rebuilt}.db`);
    await replaySqlite({ events: eventsFile, read: file }, everyProjectionTo(last), { threads: 2, batchSize: 333 });
    await expectLive(file);
  });

  it('in threads, with a cache of a few documents merged from a file per thread, equals it too', async () => {
    const file = join(dir, `rebuilt-${++rebuilt}.db`);
    await replaySqlite({ events: eventsFile, read: file }, everyProjectionTo(last), { threads: 2, cacheDocuments: 50 });
    expect(readdirSync(dir).filter((name) => name.startsWith(basename(file)))).toEqual([basename(file)]);
    await expectLive(file);
  });

  it('in one thread, up to a time, equals a replay through the ports up to that time', async () => {
    const { time } = (await events.readAll({ after: Math.floor(last / 2), limit: 1 }))[0]!.metadata;
    const threads = join(dir, `rebuilt-${++rebuilt}.db`);
    const result = await replaySqlite({ events: eventsFile, read: threads }, everyProjectionTo(last), {
      threads: 1,
      toTime: time,
    });
    const ports = new SqliteReadStore(join(dir, `rebuilt-${++rebuilt}.db`));
    const expected = await replay(events, ports, everyProjectionTo(last), { toTime: time });
    expect(result).toMatchObject({
      events: expected.events,
      position: expected.position,
      lastEventAt: expected.lastEventAt,
    });
    const read = new SqliteReadStore(threads);
    expect(await compareReadStores(ports, read, collections)).toEqual([]);
    await read.close();
    await ports.close();
  });

  it('in threads, makes the log’s figures from its totals, each up to its own target, as the handlers do', async () => {
    const plan = [
      { projection: logStats, toPosition: Math.floor(last / 3) },
      { projection: streamBrowser, toPosition: Math.floor(last / 2) },
      { projection: projections.find((p) => p.name === 'orders')!, toPosition: last },
    ];
    const threads = join(dir, `rebuilt-${++rebuilt}.db`);
    const result = await replaySqlite({ events: eventsFile, read: threads }, plan, { threads: 2 });
    const ports = new SqliteReadStore(join(dir, `rebuilt-${++rebuilt}.db`));
    const expected = await replay(events, ports, plan);
    expect(result).toMatchObject({ events: expected.events, position: expected.position });
    const read = new SqliteReadStore(threads);
    const planned = plan.map((step) => step.projection);
    expect(await countDocuments(read, collectionsOf(planned))).toEqual(
      await countDocuments(ports, collectionsOf(planned)),
    );
    expect(await compareReadStores(ports, read, collectionsOf(planned))).toEqual([]);
    for (const { projection, toPosition } of plan) expect(await read.checkpoint(projection.name)).toBe(toPosition);
    await read.close();
    await ports.close();
  });

  it('shares the projections out among the threads, the most costly first', () => {
    const groups = shareOut(everyProjectionTo(1), 2).map((group) => group.map((step) => step.projection.name));
    expect(groups.flat().sort()).toEqual(projections.map((p) => p.name).sort());
    // The two most costly start a thread each.
    expect([groups[0]![0], groups[1]![0]].sort()).toEqual(['log-stats', 'orders']);
    // The projections made from the log's totals share a thread, as they share one pass over it.
    const totals = groups.find((group) => group.includes('log-stats'));
    expect(totals).toContain('stream-browser');
    expect(shareOut(everyProjectionTo(1), 64)).toHaveLength(projections.length - 1);
  });
});
