import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MemoryBus } from '../bus/memory.ts';
import { SqliteEventStore } from '../eventstore/sqlite.ts';
import type { Doc, ReadStore } from '../readstore/port.ts';
import { SqliteReadStore } from '../readstore/sqlite.ts';
import { intercepted, seedCounters, testProjections } from './fixtures.ts';
import { projectionLag } from './lag.ts';
import { CHANGES_CHANNEL, type ChangeNotice, type Projection, withDocuments } from './projection.ts';
import { captureLog } from '../log.fixtures.ts';
import { LEASE_TTL_MS, ProjectionRunner, type RunnerLease, STANDBY_RETRY_MS } from './runner.ts';

let dir: string;
let events: SqliteEventStore;
const closers: Array<() => Promise<void>> = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'mibi-runner-'));
  events = new SqliteEventStore(join(dir, 'events.db'));
  closers.push(() => events.close());
});

afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close();
  rmSync(dir, { recursive: true, force: true });
});

function openRead(file = 'read.db'): SqliteReadStore {
  const read = new SqliteReadStore(join(dir, file));
  closers.push(() => read.close());
  return read;
}

const seed = (streams: number, perStream: number) => seedCounters(events, streams, perStream);

async function snapshot(read: ReadStore, projections: Projection[]): Promise<Record<string, Doc[]>> {
  const out: Record<string, Doc[]> = {};
  for (const p of projections) {
    for (const { name } of p.collections) out[name] = await read.collection(name).find({ sort: [['id', 'asc']] });
  }
  return out;
}

async function rebuildInto(file: string): Promise<Record<string, Doc[]>> {
  const read = openRead(file);
  const runner = new ProjectionRunner({ events, read, bus: new MemoryBus(), projections: testProjections });
  for (const p of testProjections) await runner.catchUp(p.name);
  return snapshot(read, testProjections);
}

describe('ProjectionRunner', () => {
  it('follows the log live, commits checkpoints and publishes the changes of each batch', async () => {
    await seed(3, 2);
    const read = openRead();
    const bus = new MemoryBus();
    const notices: ChangeNotice[] = [];
    await bus.subscribe<ChangeNotice>(CHANGES_CHANNEL, (n) => void notices.push(n));
    const runner = new ProjectionRunner({ events, read, bus, projections: testProjections });
    await runner.start();
    closers.push(() => runner.stop());

    await vi.waitFor(async () => expect(await read.checkpoint('tallies')).toBe(6));
    const { position } = await events.append('counter-9', [{ type: 'Counted', data: { amount: 5 } }], 'no_stream');
    await vi.waitFor(async () => expect(await read.collection('tallies').get('counter-9')).toMatchObject({ total: 5 }));
    expect(await read.checkpoint('tallies')).toBe(position);
    expect(
      notices.some(
        (n) => n.projection === 'tallies' && n.position === position && n.changes.some((c) => c.id === 'counter-9'),
      ),
    ).toBe(true);
    expect(await projectionLag(events, read, ['tallies', 'stream-counts'])).toEqual({
      tallies: { processed: position, last: position, lag: 0 },
      'stream-counts': expect.objectContaining({ last: position }),
    });
  });

  it('publishes the documents of a batch within 64 KiB of JSON, past it their ids, and a deletion as one either way', async () => {
    // A document per stream, `size` characters long; `Dropped` deletes it.
    const blobs: Projection = {
      name: 'blobs',
      collections: [{ name: 'blobs' }],
      eventTypes: new Set(['Sized', 'Dropped']),
      async apply(event, work) {
        if (event.type === 'Dropped') return work.delete('blobs', event.stream);
        work.put('blobs', { id: event.stream, text: 'x'.repeat((event.data as { size: number }).size) });
      },
    };
    const sized = (stream: string, size: number) =>
      events.append(stream, [{ type: 'Sized', data: { size } }], 'no_stream');
    await sized('b-1', 10);
    await sized('b-2', 10);
    await events.append('b-2', [{ type: 'Dropped', data: {} }], 0);
    await sized('b-3', 40_000);
    await sized('b-4', 30_000);
    await events.append('b-1', [{ type: 'Dropped', data: {} }], 0);
    const read = openRead();
    const bus = new MemoryBus();
    const notices: ChangeNotice[] = [];
    await bus.subscribe<ChangeNotice>(CHANGES_CHANNEL, (n) => void notices.push(n));
    await new ProjectionRunner({ events, read, bus, projections: [blobs], batchSize: 3 }).catchUp('blobs');

    const [small, large] = notices;
    expect(small).toEqual({
      projection: 'blobs',
      position: 3,
      changes: [
        { collection: 'blobs', id: 'b-1', doc: { id: 'b-1', text: 'x'.repeat(10) } },
        { collection: 'blobs', id: 'b-2', doc: null },
      ],
    });
    expect(large).toStrictEqual({
      projection: 'blobs',
      position: 6,
      changes: [
        { collection: 'blobs', id: 'b-3' },
        { collection: 'blobs', id: 'b-4' },
        { collection: 'blobs', id: 'b-1', doc: null },
      ],
    });
    expect(JSON.stringify(large).length).toBeLessThan(200);
    // Committed before it was published: what the ids name is there to read.
    expect(
      (await withDocuments(large!, read)).changes.map(({ doc }) =>
        doc ? `${doc.id}:${(doc.text as string).length}` : doc,
      ),
    ).toEqual(['b-3:40000', 'b-4:30000', null]);
  });

  it('rebuilds a projection from zero to the same documents', async () => {
    await seed(4, 5);
    const read = openRead();
    const runner = new ProjectionRunner({ events, read, bus: new MemoryBus(), projections: testProjections });
    for (const p of testProjections) await runner.catchUp(p.name);
    const before = await snapshot(read, testProjections);
    expect(before.tallies).toHaveLength(4);

    await read.collection('tallies').put({ id: 'counter-0', total: -1, last: -1 }); // corrupt it
    await runner.rebuild('tallies');
    expect(await read.checkpoint('tallies')).toBe(0);
    await runner.catchUp('tallies');
    expect(await snapshot(read, testProjections)).toEqual(before);
  });

  it('replays a projection once from the start when its version changes, and not when it stays', async () => {
    await seed(4, 5);
    const read = openRead();
    const logged = captureLog();
    onTestFinished(logged.restore);
    const replays = () => logged.lines.filter((line) => line.name === 'projections').map((line) => line.msg);
    const run = async (projections: Projection[]) => {
      const runner = new ProjectionRunner({ events, read, bus: new MemoryBus(), projections });
      for (const p of projections) await runner.catchUp(p.name);
    };
    await run(testProjections);
    const before = await snapshot(read, testProjections);
    await read.collection('tallies').put({ id: 'counter-0', total: -1, last: -1 }); // what an old version left
    const tallies = testProjections.find((p) => p.name === 'tallies')!;
    const upgraded = testProjections.map((p) => (p === tallies ? { ...p, version: 2 } : p));

    await run(upgraded);
    expect(await snapshot(read, testProjections)).toEqual(before);
    expect(replays()).toEqual([
      'tallies: its read models were built by version 1, this is version 2: replaying the log',
    ]);

    await read.collection('tallies').put({ id: 'counter-0', total: -1, last: -1 });
    await run(upgraded);
    expect((await read.collection('tallies').get('counter-0'))?.total).toBe(-1);
    expect(replays()).toHaveLength(1);
  });

  it('stops at a batch boundary and resumes from the checkpoint', async () => {
    await seed(2, 50);
    const read = openRead();
    const runner = new ProjectionRunner({
      events,
      read,
      bus: new MemoryBus(),
      projections: testProjections,
      batchSize: 10,
    });
    await runner.start();
    await runner.stop();
    const checkpoint = await read.checkpoint('tallies');
    expect(checkpoint % 10).toBe(0); // never a half batch

    const again = new ProjectionRunner({
      events,
      read,
      bus: new MemoryBus(),
      projections: testProjections,
      batchSize: 10,
    });
    await again.start();
    closers.push(() => again.stop());
    await vi.waitFor(async () => expect(await read.checkpoint('tallies')).toBe(100));
    expect(await snapshot(read, testProjections)).toEqual(await rebuildInto('clean.db'));
  });

  it('retries a failing batch without committing it, and reports the failure meanwhile', async () => {
    await seed(1, 3);
    const read = openRead();
    let failuresLeft = 2;
    const flaky: Projection = {
      ...testProjections[1]!,
      async apply(event, work) {
        if (failuresLeft-- > 0) throw new Error('store unavailable');
        await testProjections[1]!.apply(event, work);
      },
    };
    const errors: string[] = [];
    const runner = new ProjectionRunner({
      events,
      read,
      bus: new MemoryBus(),
      projections: [flaky],
      onError: (_n, e) => void errors.push((e as Error).message),
    });
    await runner.start();
    closers.push(() => runner.stop());
    await vi.waitFor(async () => expect(await read.checkpoint('tallies')).toBe(3));
    expect(errors).toEqual(['store unavailable', 'store unavailable']);
    expect(runner.failures()).toEqual({});
    expect(await read.collection('tallies').get('counter-0')).toEqual((await rebuildInto('clean.db')).tallies![0]);
  });

  it('lets the others go on while a failing projection retries alone', async () => {
    await seed(1, 3);
    const read = openRead();
    let failuresLeft = 3;
    const flaky: Projection = {
      ...testProjections[1]!,
      async apply(event, work) {
        if (failuresLeft-- > 0) throw new Error('bad handler');
        await testProjections[1]!.apply(event, work);
      },
    };
    const runner = new ProjectionRunner({
      events,
      read,
      bus: new MemoryBus(),
      projections: [testProjections[0]!, flaky],
      onError: () => {},
    });
    await runner.start();
    closers.push(() => runner.stop());
    await vi.waitFor(async () => expect(await read.checkpoint('stream-counts')).toBe(3));
    await events.append('counter-0', [{ type: 'Counted', data: { amount: 1 } }], 2);
    await vi.waitFor(async () => expect(await read.checkpoint('stream-counts')).toBe(4));
    await vi.waitFor(async () => expect(await read.checkpoint('tallies')).toBe(4), { timeout: 5000 });
    expect(runner.failures()).toEqual({});
    expect(await snapshot(read, testProjections)).toEqual(await rebuildInto('clean.db'));
  });

  it('survives SIGKILL mid-way: after a restart the read models equal a clean rebuild', async () => {
    await seed(20, 150); // 3,000 events, batches of 50 in the child
    const child = runnerProcess();
    const killedAt = await child.killAt(600);

    const read = openRead();
    const checkpoint = await read.checkpoint('tallies');
    expect(checkpoint).toBeGreaterThanOrEqual(killedAt);
    expect(checkpoint).toBeLessThan(3000); // really stopped mid-way

    const runner = new ProjectionRunner({ events, read, bus: new MemoryBus(), projections: testProjections });
    for (const p of testProjections) await runner.catchUp(p.name);
    expect(await snapshot(read, testProjections)).toEqual(await rebuildInto('clean.db'));
  }, 60_000);
});

/** The kill fixture in a child process over `dir`, under the lease when given an owner. */
function runnerProcess(owner?: string) {
  const args = ['--import', 'tsx', join(import.meta.dirname, 'runner.kill-fixture.ts'), dir, ...(owner ? [owner] : [])];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  /** Positions of tallies it committed, with when it said so. */
  const commits: Array<{ position: number; at: number }> = [];
  const watchers = new Set<() => void>();
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    const lines = output.split('\n');
    output = lines.pop()!;
    for (const line of lines) {
      const committed = /^committed tallies (\d+)$/.exec(line);
      if (committed) commits.push({ position: Number(committed[1]), at: Date.now() });
      if (line === 'started') started = true;
    }
    for (const watch of watchers) watch();
  });
  let started = false;
  const until = (done: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      const watch = () => done() && (watchers.delete(watch), resolve());
      watchers.add(watch);
      watch();
      void exited.then(() => reject(new Error(`runner ${owner ?? ''} exited early`)));
    });
  const reached = () => commits.at(-1)?.position ?? 0;
  closers.push(async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  });
  return {
    commits,
    reached,
    started: () => until(() => started),
    /** Resolves once it committed `position`. */
    reach: (position: number) => until(() => reached() >= position),
    /** SIGKILLs it as soon as it says it committed `position`; the position it had reached. */
    async killAt(position: number): Promise<number> {
      await until(() => reached() >= position && child.kill('SIGKILL'));
      await exited;
      return reached();
    },
  };
}

describe('ProjectionRunner under a lease', () => {
  let logged: ReturnType<typeof captureLog>;
  beforeEach(() => void (logged = captureLog()));
  afterEach(() => logged.restore());
  /** What the runners told of their leases. */
  const leaseLines = () => logged.lines.filter((line) => line.name === 'lease').map((line) => line.msg);

  /** A runner of its own "process": its own store on the shared files and its own bus. */
  function leased(owner: string, read: ReadStore = openRead(), lease: Partial<RunnerLease> = {}) {
    const bus = new MemoryBus();
    const notices: Array<ChangeNotice & { at: number }> = [];
    void bus.subscribe<ChangeNotice>(CHANGES_CHANNEL, (notice) => void notices.push({ ...notice, at: Date.now() }));
    const runner = new ProjectionRunner({
      events,
      read,
      bus,
      projections: testProjections,
      batchSize: 10,
      lease: { name: 'projections', owner, ttlMs: 300, retryMs: 50, ...lease },
    });
    closers.push(() => runner.stop());
    return { runner, notices };
  }

  const caughtUp = async (read: ReadStore) => {
    const last = await events.lastPosition();
    await vi.waitFor(
      async () => {
        for (const p of testProjections) expect(await read.checkpoint(p.name)).toBe(last);
      },
      { timeout: 15_000, interval: 20 },
    );
  };

  it('only the holder commits while the other stands by, and keeps the lease by renewing it', async () => {
    await seed(4, 50);
    const a = leased('a');
    const b = leased('b');
    await a.runner.start();
    await b.runner.start();
    const read = openRead();
    await caughtUp(read);
    const [held] = await read.leases.list();
    expect(held).toMatchObject({ name: 'projections', owner: 'a' });

    await new Promise((resolve) => setTimeout(resolve, 1_000)); // several ttls: renewed, never taken over
    for (let s = 0; s < 4; s++) await events.append(`counter-${s}`, [{ type: 'Counted', data: { amount: 1 } }], 'any');
    await caughtUp(read);
    expect(b.notices).toEqual([]);
    expect((await read.leases.list())[0]).toMatchObject({ owner: 'a', epoch: held!.epoch });
    expect(await snapshot(read, testProjections)).toEqual(await rebuildInto('clean.db'));
  });

  it('stop releases the lease: the other takes over within its retry, long before the ttl', async () => {
    await seed(2, 10);
    const a = leased('a', openRead(), { ttlMs: 30_000 });
    const b = leased('b', openRead(), { ttlMs: 30_000 });
    await a.runner.start();
    await b.runner.start();
    const read = openRead();
    await caughtUp(read);
    const stoppedAt = Date.now();
    await a.runner.stop();
    const { position } = await events.append('counter-0', [{ type: 'Counted', data: { amount: 3 } }], 'any');
    await vi.waitFor(() => expect(b.notices.some((n) => n.position === position)).toBe(true), { timeout: 5_000 });
    expect(b.notices[0]!.at - stoppedAt).toBeLessThan(1_000);
    expect(b.notices[0]!.position).toBeGreaterThan(20); // resumed from the checkpoint
    expect(await snapshot(read, testProjections)).toEqual(await rebuildInto('clean.db'));
  });

  it('keeps renewing through a long catch-up on the embedded stores, which never wait on I/O', async () => {
    await seed(10, 100); // 1,000 events at 1 ms of work each, in one stretch of microtasks: several times the ttl
    const [counts, tallies] = testProjections as [Projection, Projection];
    const busy: Projection = {
      ...tallies,
      async apply(event, work) {
        for (const until = Date.now() + 1; Date.now() < until; );
        await tallies.apply(event, work);
      },
    };
    const store = openRead();
    const renewals: number[] = [];
    const read = intercepted(store, (batches, fence) => store.commitMany(batches, fence), {
      acquire: (...args) => (renewals.push(Date.now()), store.leases.acquire(...args)),
      release: (...args) => store.leases.release(...args),
      list: () => store.leases.list(),
    });
    const runner = new ProjectionRunner({
      events,
      read,
      bus: new MemoryBus(),
      projections: [counts, busy],
      batchSize: 10,
      lease: { name: 'projections', owner: 'a', ttlMs: 300 },
    });
    closers.push(() => runner.stop());
    const startedAt = Date.now();
    await runner.start();
    await caughtUp(store);
    const took = Date.now() - startedAt;
    expect(took).toBeGreaterThan(1_000);
    // Renewals keep coming through the catch-up (due every ttl/3): on average within the ttl
    // (one gap alone may stretch on a loaded machine, as CI's once did to 356 ms, without harm).
    const gaps = renewals.length - 1;
    expect(gaps).toBeGreaterThan(0);
    expect((Date.now() - renewals[0]!) / gaps).toBeLessThan(300);
    expect(leaseLines().filter((line) => line?.startsWith('a '))).toEqual([]); // never lost
  });

  it(`a holder that stops renewing is taken over within the documented time (ttl ${LEASE_TTL_MS} ms + retry ${STANDBY_RETRY_MS} ms), and its late batch is fenced off`, async () => {
    await seed(10, 100); // 1,000 events, batches of 10
    // Process a pauses (a long GC, SIGSTOP, a hung disk) in the middle of a commit, past position 300.
    let pausedAt = 0;
    let resume = () => {};
    const resumed = new Promise<void>((resolve) => (resume = resolve));
    const storeA = openRead();
    const paused = async () => {
      if (pausedAt) await resumed;
    };
    const readA = intercepted(
      storeA,
      async (batches, fence) => {
        if (!pausedAt && batches.some((b) => b.position >= 300)) pausedAt = Date.now();
        await paused();
        await storeA.commitMany(batches, fence);
      },
      {
        acquire: async (...args) => (await paused(), storeA.leases.acquire(...args)),
        release: (...args) => storeA.leases.release(...args),
        list: () => storeA.leases.list(),
      },
    );
    const defaults = { ttlMs: LEASE_TTL_MS, retryMs: STANDBY_RETRY_MS };
    const a = leased('a', readA, defaults);
    const b = leased('b', openRead(), defaults);
    await a.runner.start();
    await b.runner.start();
    const read = openRead();
    await vi.waitFor(() => expect(pausedAt).toBeGreaterThan(0), { timeout: 10_000 });
    const checkpointAtPause = await read.checkpoint('tallies');
    const publishedByA = a.notices.length;

    await vi.waitFor(() => expect(b.notices.length).toBeGreaterThan(0), { timeout: 15_000, interval: 50 });
    const takeover = b.notices[0]!.at - pausedAt;
    expect(takeover).toBeLessThanOrEqual(LEASE_TTL_MS + STANDBY_RETRY_MS + 500);
    expect(takeover).toBeLessThan(10_000);
    expect(b.notices[0]!.position).toBeGreaterThan(checkpointAtPause); // resumed from the checkpoint
    await caughtUp(read);
    expect(await snapshot(read, testProjections)).toEqual(await rebuildInto('clean.db'));

    // a wakes up: its renewal is refused, its batch fenced off; it stands by and stores nothing.
    resume();
    await vi.waitFor(() => expect(leaseLines()).toContain('a lost projections (epoch 1): standing by'));
    for (let s = 0; s < 10; s++) await events.append(`counter-${s}`, [{ type: 'Counted', data: { amount: 2 } }], 'any');
    await caughtUp(read);
    expect(a.notices).toHaveLength(publishedByA);
    expect((await read.leases.list())[0]).toMatchObject({ owner: 'b', epoch: 2 });
    expect(await snapshot(read, testProjections)).toEqual(await rebuildInto('clean2.db'));
  }, 30_000);

  it('two processes under one lease: only the holder commits; SIGKILLed, the other takes over and resumes from the checkpoint', async () => {
    const first = runnerProcess('p1');
    const second = runnerProcess('p2');
    await Promise.all([first.started(), second.started()]);
    const seeding = seed(20, 150); // 3,000 events, followed live
    const holder = await Promise.race([first.reach(1).then(() => first), second.reach(1).then(() => second)]);
    const other = holder === first ? second : first;
    const killedAt = await holder.killAt(600);
    const diedAt = Date.now();
    expect(other.commits).toEqual([]);
    await seeding;

    await other.reach(3000);
    const read = openRead();
    expect(killedAt).toBeLessThan(3000); // really mid-way
    expect(other.commits[0]!.position).toBeGreaterThan(killedAt); // resumed from the holder's checkpoint
    // The fixture's lease: ttl 1 s, standby retry 0.2 s.
    expect(other.commits[0]!.at - diedAt).toBeLessThan(1_000 + 200 + 1_000);
    expect(await snapshot(read, testProjections)).toEqual(await rebuildInto('clean.db'));
  }, 60_000);
});
