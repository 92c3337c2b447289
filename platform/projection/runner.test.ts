import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryBus } from '../bus/memory.ts';
import { SqliteEventStore } from '../eventstore/sqlite.ts';
import type { Doc, ReadStore } from '../readstore/port.ts';
import { SqliteReadStore } from '../readstore/sqlite.ts';
import { testProjections } from './fixtures.ts';
import { projectionLag } from './lag.ts';
import { CHANGES_CHANNEL, type ChangeNotice, type Projection } from './projection.ts';
import { ProjectionRunner } from './runner.ts';

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

async function seed(streams: number, perStream: number): Promise<void> {
  for (let i = 0; i < perStream; i++) {
    for (let s = 0; s < streams; s++) {
      await events.append(`counter-${s}`, [{ type: 'Counted', data: { amount: (i * 7 + s) % 13 } }], i === 0 ? 'no_stream' : i - 1);
    }
  }
}

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
    expect(notices.some((n) => n.projection === 'tallies' && n.position === position && n.changes.some((c) => c.id === 'counter-9'))).toBe(true);
    expect(await projectionLag(events, read, ['tallies', 'stream-counts'])).toEqual({
      tallies: { processed: position, last: position, lag: 0 },
      'stream-counts': expect.objectContaining({ last: position }),
    });
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

  it('stops at a batch boundary and resumes from the checkpoint', async () => {
    await seed(2, 50);
    const read = openRead();
    const runner = new ProjectionRunner({ events, read, bus: new MemoryBus(), projections: testProjections, batchSize: 10 });
    await runner.start();
    await runner.stop();
    const checkpoint = await read.checkpoint('tallies');
    expect(checkpoint % 10).toBe(0); // never a half batch

    const again = new ProjectionRunner({ events, read, bus: new MemoryBus(), projections: testProjections, batchSize: 10 });
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
    const runner = new ProjectionRunner({ events, read, bus: new MemoryBus(), projections: [flaky], onError: (_n, e) => void errors.push((e as Error).message) });
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
    const runner = new ProjectionRunner({ events, read, bus: new MemoryBus(), projections: [testProjections[0]!, flaky], onError: () => {} });
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
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'runner.kill-fixture.ts'), dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let lines = '';
    const killedAt = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        lines += chunk.toString();
        const positions = [...lines.matchAll(/committed tallies (\d+)/g)].map((m) => Number(m[1]));
        const reached = Math.max(0, ...positions);
        if (reached >= 600 && !child.killed) {
          child.kill('SIGKILL');
          resolve(reached);
        }
      });
      child.once('exit', (code) => reject(new Error(`runner exited early with ${code}`)));
    });
    await new Promise((r) => child.once('exit', r));

    const read = openRead();
    const checkpoint = await read.checkpoint('tallies');
    expect(checkpoint).toBeGreaterThanOrEqual(killedAt);
    expect(checkpoint).toBeLessThan(3000); // really stopped mid-way

    const runner = new ProjectionRunner({ events, read, bus: new MemoryBus(), projections: testProjections });
    for (const p of testProjections) await runner.catchUp(p.name);
    expect(await snapshot(read, testProjections)).toEqual(await rebuildInto('clean.db'));
  }, 60_000);
});
