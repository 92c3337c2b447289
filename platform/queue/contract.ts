import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { killWhen } from '../testing/kill-fixture.ts';
import type { Job, Queue } from './port.ts';

export interface OpenedQueue {
  queue: Queue;
  /** Where the jobs are kept (a file, a key prefix): open(storage) reaches the same jobs. */
  storage: string;
  cleanup(): Promise<void>;
}

export interface QueueUnderTest {
  /** A queue on fresh, empty storage; or, given `storage`, another instance on the same jobs. */
  open(storage?: string): Promise<OpenedQueue>;
  /** The arguments that make `crash.fixture.ts` open this adapter, as open() does, on `storage`. */
  fixtureArgs(storage: string): string[];
  /** How long a job stays locked to a consumer that stops renewing it, as open() configures it. */
  leaseMs: number;
}

/** Long enough for a worker to pick up a job it should not, short enough to keep the suite quick. */
const QUIET_MS = 100;
const WAIT = { timeout: 5_000, interval: 10 };
const CRASH_FIXTURE = join(import.meta.dirname, 'crash.fixture.ts');

/** The behaviour every Queue adapter must show; each test gets a freshly opened, empty queue. */
export function queueContract(name: string, adapter: QueueUnderTest): void {
  describe(`Queue contract: ${name}`, () => {
    let opened: OpenedQueue;
    let queue: Queue;

    beforeEach(async () => {
      opened = await adapter.open();
      queue = opened.queue;
    });

    afterEach(async () => {
      await opened.cleanup();
    });

    it('runs an added job once, with its data, as attempt 1', async () => {
      const runs: Job[] = [];
      queue.process('once', async (job) => void runs.push(job));
      await queue.add('once', { orderId: 'o-1', lines: [{ sku: 'saree', quantity: 2 }] }, { jobId: 'order-o-1' });
      await queue.drained('once');
      expect(runs).toEqual([
        { id: 'order-o-1', name: 'once', data: { orderId: 'o-1', lines: [{ sku: 'saree', quantity: 2 }] }, attempt: 1 },
      ]);
    });

    it('runs a job added with an id already waiting or done only once', async () => {
      const runs: string[] = [];
      await queue.add('dedupe', 'first', { jobId: 'same' });
      await queue.add('dedupe', 'second', { jobId: 'same' });
      queue.process<string>('dedupe', async (job) => void runs.push(job.data));
      await queue.drained('dedupe');
      await queue.add('dedupe', 'after completion', { jobId: 'same' });
      await queue.drained('dedupe');
      expect(runs).toEqual(['first']);
    });

    it('never deduplicates jobs added without an id', async () => {
      const ids: string[] = [];
      queue.process('anonymous', async (job) => void ids.push(job.id));
      await queue.add('anonymous', 'same data');
      await queue.add('anonymous', 'same data');
      await queue.drained('anonymous');
      expect(new Set(ids).size).toBe(2);
    });

    it('accepts any string as a job id', async () => {
      const ids = ['42', 'order:42', 'seller/7 notified?', 'नमस्ते'];
      const seen: string[] = [];
      queue.process('ids', async (job) => void seen.push(job.id));
      for (const jobId of ids) await queue.add('ids', null, { jobId });
      await queue.drained('ids');
      expect(seen.sort()).toEqual([...ids].sort());
    });

    it('retries a failing job with doubling delays until an attempt succeeds', async () => {
      const backoffMs = 40;
      const attempts: number[] = [];
      const startedAt: number[] = [];
      queue.process('flaky', async (job) => {
        attempts.push(job.attempt);
        startedAt.push(performance.now());
        if (job.attempt < 3) throw new Error(`attempt ${job.attempt} failed`);
      });
      await queue.add('flaky', { to: 'seller-1' }, { attempts: 5, backoffMs });
      await queue.drained('flaky');

      expect(attempts).toEqual([1, 2, 3]);
      // Only lower bounds: a busy machine stretches gaps but never shortens them. A
      // constant backoff would leave the second gap near backoffMs, well under 1.8x.
      const [first, second, third] = startedAt as [number, number, number];
      expect(second - first).toBeGreaterThanOrEqual(backoffMs * 0.9);
      expect(third - second).toBeGreaterThanOrEqual(2 * backoffMs * 0.9);
      expect(await queue.deadLetters('flaky')).toEqual([]);
    });

    it('moves a job that fails every attempt to the dead letters, oldest first, and stops retrying it', async () => {
      const attempts: string[] = [];
      queue.process<{ orderId: string }>('doomed', async (job) => {
        attempts.push(`${job.data.orderId}#${job.attempt}`);
        throw new Error(`mail server refused ${job.data.orderId} (attempt ${job.attempt})`);
      });
      await queue.add('doomed', { orderId: 'o-1' }, { jobId: 'dead-1', attempts: 3, backoffMs: 10 });
      await queue.drained('doomed');
      await queue.add('doomed', { orderId: 'o-2' }, { jobId: 'dead-2', attempts: 1, backoffMs: 10 });
      await queue.drained('doomed');
      await sleep(QUIET_MS);

      expect(attempts).toEqual(['o-1#1', 'o-1#2', 'o-1#3', 'o-2#1']);
      expect(await queue.deadLetters('doomed')).toEqual([
        {
          id: 'dead-1',
          name: 'doomed',
          data: { orderId: 'o-1' },
          attempt: 3,
          error: 'mail server refused o-1 (attempt 3)',
        },
        {
          id: 'dead-2',
          name: 'doomed',
          data: { orderId: 'o-2' },
          attempt: 1,
          error: 'mail server refused o-2 (attempt 1)',
        },
      ]);
      expect(await queue.deadLetters('other')).toEqual([]);
    });

    it('runs at most `concurrency` jobs at a time', async () => {
      let running = 0;
      let mostRunning = 0;
      let finished = 0;
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      for (let i = 0; i < 8; i++) await queue.add('limited', i);
      queue.process(
        'limited',
        async () => {
          mostRunning = Math.max(mostRunning, ++running);
          await gate;
          running--;
          finished++;
        },
        { concurrency: 3 },
      );

      try {
        await vi.waitFor(() => expect(running).toBe(3), WAIT);
        await sleep(QUIET_MS);
        expect(running).toBe(3);
      } finally {
        open(); // also on failure, or cleanup would wait for the held jobs forever
      }
      await queue.drained('limited');
      expect(finished).toBe(8);
      expect(mostRunning).toBe(3);
    });

    it('resolves drained() at once when idle, else once every job has finished', async () => {
      await queue.drained('never-used');
      const finished: number[] = [];
      queue.process<number>(
        'batch',
        async (job) => {
          await sleep(20);
          finished.push(job.data);
        },
        { concurrency: 2 },
      );
      for (let i = 0; i < 5; i++) await queue.add('batch', i);
      await queue.drained('batch');
      expect(finished.sort()).toEqual([0, 1, 2, 3, 4]);
    });

    it('lets running jobs finish on close() and takes no job afterwards', async () => {
      const events: string[] = [];
      let started!: () => void;
      const firstStarted = new Promise<void>((resolve) => (started = resolve));
      queue.process<string>('closing', async (job) => {
        events.push(`start ${job.data}`);
        started();
        await sleep(QUIET_MS);
        events.push(`end ${job.data}`);
      });
      await queue.add('closing', 'a');
      await firstStarted;
      await queue.add('closing', 'b');

      await queue.close();
      expect(events).toEqual(['start a', 'end a']);
      await sleep(QUIET_MS);
      expect(events).toEqual(['start a', 'end a']);
      await expect(queue.add('closing', 'c')).rejects.toThrow('closed');
      await queue.close();
    });

    it('keeps the jobs that had not run at close() for the next instance on the same storage, which runs each once', async () => {
      const ids = ['r-0', 'r-1', 'r-2', 'r-3', 'r-4', 'r-5'];
      const runs: string[] = [];
      let started!: () => void;
      const firstStarted = new Promise<void>((resolve) => (started = resolve));
      queue.process('restart', async (job) => {
        runs.push(job.id);
        started();
        await sleep(QUIET_MS / 2);
      });
      for (const jobId of ids) await queue.add('restart', { jobId }, { jobId });
      await firstStarted;
      await queue.close();
      expect(runs.length).toBeLessThan(ids.length);

      const restarted = await adapter.open(opened.storage);
      try {
        restarted.queue.process('restart', async (job) => void runs.push(job.id));
        await restarted.queue.drained('restart');
      } finally {
        await restarted.cleanup();
      }
      expect(runs.toSorted()).toEqual(ids);
    });

    it('runs again a job whose process was killed while running it, and no job that had completed', async () => {
      // The child completes done-1..3 (drained: their completion is stored), then hangs in
      // "hang" with "after" waiting behind it, and is killed there.
      const output = await killWhen(
        [CRASH_FIXTURE, ...adapter.fixtureArgs(opened.storage)],
        (printed) => printed.includes('hanging hang') && printed.includes('added after'),
      );
      expect(output.match(/^ran .*/gm)).toEqual(['ran done-1', 'ran done-2', 'ran done-3']);

      const runs: string[] = [];
      queue.process('crash', async (job) => void runs.push(job.id));
      await queue.drained('crash');
      expect(runs.toSorted()).toEqual(['after', 'hang']);
    }, 30_000);

    it('runs a job that outlasts its lease on only one of two instances sharing the storage', async () => {
      const other = await adapter.open(opened.storage);
      try {
        const runs: string[] = [];
        const consumer = (instance: string) => async (job: Job) => {
          runs.push(`${job.id} on ${instance}`);
          if (job.id === 'slow') await sleep(adapter.leaseMs * 3);
        };
        queue.process('shared', consumer('first'), { concurrency: 2 });
        other.queue.process('shared', consumer('second'), { concurrency: 2 });
        await queue.add('shared', null, { jobId: 'slow' });
        for (let i = 0; i < 4; i++) await other.queue.add('shared', null, { jobId: `quick-${i}` });
        await queue.drained('shared');
        await other.queue.drained('shared');
        expect(runs.map((run) => run.split(' ')[0]).toSorted()).toEqual([
          'quick-0',
          'quick-1',
          'quick-2',
          'quick-3',
          'slow',
        ]);
      } finally {
        await other.cleanup();
      }
    });
  });
}
