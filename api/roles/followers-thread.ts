/**
 * The embedded `all` role on two threads: the API serves on the main thread while the log's
 * followers (the projections and the workers) run on a thread of their own, so their work uses
 * the second core instead of holding up requests. Each thread opens its own connections to the
 * SQLite files; they meet through the thread bus (change notices, which `?after=` and the live
 * feed wait on) and the event store's commit broadcast (which wakes the followers at once).
 */
import { once } from 'node:events';
import { parentPort, workerData } from 'node:worker_threads';
import { ShiftableClock } from '../../platform/clock.ts';
import type { Config } from '../../platform/config/config.ts';
import { startWorker } from '../../platform/worker-thread.ts';
import { logger } from '../../platform/log.ts';
import { SchemaVersionError } from '../../platform/schema/migrations.ts';
import { assemble } from './assemble.ts';

/**
 * What the thread tells the main thread: that it runs or could not start (`refused`: the data's
 * schema is not this release's, a message for the operator), then the projections failing on it
 * whenever that changes.
 */
type Report = 'ready' | { failed: string } | { refused: string } | { failures: Failures };
/** What the thread tells first. */
type StartReport = Exclude<Report, { failures: Failures }>;

/** What the main thread gives the followers: the shared memory of its clock when it runs on one that moves (a development server's). */
interface FollowersData {
  clock: SharedArrayBuffer | undefined;
}

/** Projections whose last batch failed, with the error (`ProjectionRunner.failures`). */
type Failures = Record<string, string>;

/** How often the thread compares its projections' failures with what it last told. */
const FAILURES_EVERY_MS = 500;

export interface FollowersThread {
  /** Lets the followers finish their work in flight (a batch, running jobs), then ends the thread. */
  stop(): Promise<void>;
  /** The projections failing on the thread, as it last told (within FAILURES_EVERY_MS), for the API's health. */
  failures(): Failures;
}

/**
 * The thread's young generation, in MiB (V8 grows it to 48 by default). Its work comes in
 * batches of short-lived objects; measured under the order loop, a young generation of 4 or 8
 * lowered the process's peak RSS by 20-30 MiB at the same orders/s, while the same cap on the
 * main thread (--max-semi-space-size) cost it a few per cent of its orders.
 */
const YOUNG_GENERATION_MB = 8;

/**
 * On the main thread: runs `entry` (the process entry, which calls `serveFollowers` when it finds
 * itself on a worker thread) and resolves once the followers run, so the demo data seeded next
 * is followed from its first event. `onLost` hears of a thread that ended unasked.
 */
export async function startFollowersThread(
  entry: URL,
  onLost: (why: string) => void,
  clock?: ShiftableClock,
): Promise<FollowersThread> {
  const thread = startWorker(entry, {
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    workerData: { clock: clock?.shared } satisfies FollowersData,
  });
  let stopping = false;
  const started = new Promise<void>((resolve, reject) => {
    thread.once('message', (report: StartReport) => {
      if (report === 'ready') resolve();
      else reject('refused' in report ? new SchemaVersionError(report.refused) : new Error(report.failed));
    });
    thread.once('exit', (code) => reject(new Error(`the followers' thread ended at start (exit code ${code})`)));
  });
  // A thread can throw anything, not only an Error (Node's types say so since 22).
  thread.on('error', (error) => {
    if (!stopping)
      onLost(
        `the followers' thread failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
  });
  await started;
  thread.on('exit', (code) => {
    if (!stopping) onLost(`the followers' thread ended (exit code ${code})`);
  });
  let failures: Failures = {};
  thread.on('message', (report: Report) => {
    if (typeof report === 'object' && 'failures' in report) failures = report.failures;
  });
  return {
    failures: () => failures,
    async stop() {
      stopping = true;
      const exited = once(thread, 'exit');
      thread.postMessage('stop');
      await exited;
    },
  };
}

/** On the followers' thread: assembles the projections and the workers, and stops them when asked. */
export async function serveFollowers(config: Config): Promise<void> {
  const port = parentPort!;
  let assembled: Awaited<ReturnType<typeof assemble>>;
  try {
    const { clock } = workerData as FollowersData;
    const now = clock && new ShiftableClock(clock).now;
    assembled = await assemble(config, ['projections', 'workers'], { threads: true, ...(now && { now }) });
  } catch (error) {
    port.postMessage(
      (error instanceof SchemaVersionError
        ? { refused: error.message }
        : { failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }) satisfies StartReport,
    );
    process.exit(1); // on a worker thread: ends the thread
  }
  port.on('message', (message) => {
    if (message !== 'stop') return;
    assembled.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger('start').error({ err: error }, 'the followers did not stop cleanly');
        process.exit(1);
      },
    );
  });
  port.postMessage('ready' satisfies StartReport);
  let told = '{}';
  setInterval(() => {
    const failures = assembled.runner!.failures();
    const now = JSON.stringify(failures);
    if (now !== told) port.postMessage({ failures } satisfies Report);
    told = now;
  }, FAILURES_EVERY_MS).unref();
}
