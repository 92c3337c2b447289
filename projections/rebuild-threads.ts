/**
 * Rebuilds of SQLite files, the embedded default, in parallel: the projections are shared out
 * among worker threads, each reading the event log file on its own connection (parsing only what
 * its projections read) and bulk-loading its projections' documents into a scratch file of its
 * own (those of the log's own figures from its totals, log-totals.ts); the files are merged into
 * one, which takes the read store's place once complete. Other adapters rebuild through their
 * ports (`replay`).
 */
import { availableParallelism } from 'node:os';
import { type LogInterest, SqliteLogReader } from '../platform/eventstore/sqlite-log.ts';
import type { Projection } from '../platform/projection/projection.ts';
import { startWorker } from '../platform/worker-thread.ts';
import { SqliteReadStore, mergeSqliteFile, removeSqliteFile, replaceSqliteFile } from '../platform/readstore/sqlite.ts';
import { projections as registered } from './index.ts';
import { FROM_LOG_TOTALS, loadLogTotals } from './log-totals.ts';
import { type ReplayOptions, type ReplayPlan, type ReplayResult, replayPages, threadCpuMs } from './rebuild.ts';

export interface SqliteFiles {
  /** The event store's file. */
  events: string;
  /** The read store's file: replaced once the rebuild is complete (whatever it held is dropped). */
  read: string;
}

export interface ThreadsOptions extends ReplayOptions {
  /** Most threads to use; by default one per core. */
  threads?: number;
}

/** What a thread reports: its progress while it replays, then its result. */
export type ThreadMessage = { progress: { events: number; position: number } } | { done: GroupResult };

export interface GroupResult {
  events: number;
  position: number;
  parts: Record<string, number>;
  /** The thread's CPU time in all (ms), its start included. */
  cpuMs: number;
}

/** What a thread is given: the files and its projections (by name, with their targets). */
export interface GroupTask {
  files: SqliteFiles;
  steps: Array<{ name: string; toPosition: number }>;
  batchSize?: number;
  cacheDocuments?: number;
}

/** One thread's result, and the projections it rebuilt. */
export interface ThreadResult extends GroupResult {
  projections: string[];
}

/**
 * Each projection's share of a replay's work (its handlers, the documents it writes and their
 * indexes), relative: the tenths of CPU seconds each took when rebuilt alone from the marketplace log of
 * `npm run bench:replay` (1,000,000 events, 2026-11-29, the log's reading left out; the log's
 * totals, log-totals.ts, under log-stats). Only used to share the projections out evenly; one not
 * listed counts as the median.
 */
const COSTS: Record<string, number> = {
  orders: 70,
  'log-stats': 32,
  sales: 32,
  ledger: 31,
  catalog: 26,
  notifications: 23,
  reviews: 22,
  storefronts: 7,
  payments: 3,
  'buyer-notifications': 2,
  'stream-browser': 2,
  users: 1,
  admin: 1,
  provenance: 1,
  wishlists: 1,
};

/**
 * Shares the plan out among at most `threads` groups, the most costly first, each to the cheapest
 * group so far. The projections made from the log's totals go together: they share one pass.
 */
export function shareOut(plan: ReplayPlan[], threads: number): ReplayPlan[][] {
  const known = Object.values(COSTS).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)]!;
  const units = new Map<string, { steps: ReplayPlan[]; cost: number }>();
  for (const step of plan) {
    const { name } = step.projection;
    const key = FROM_LOG_TOTALS.has(name) ? 'log totals' : name;
    const unit = units.get(key) ?? { steps: [], cost: 0 };
    unit.steps.push(step);
    unit.cost += COSTS[name] ?? median;
    units.set(key, unit);
  }
  const groups = Array.from({ length: Math.max(1, Math.min(threads, units.size)) }, () => ({
    steps: [] as ReplayPlan[],
    cost: 0,
  }));
  for (const unit of [...units.values()].sort((a, b) => b.cost - a.cost)) {
    const cheapest = groups.reduce((low, group) => (group.cost < low.cost ? group : low));
    cheapest.steps.push(...unit.steps);
    cheapest.cost += unit.cost;
  }
  return groups.filter((group) => group.steps.length > 0).map((group) => group.steps);
}

/**
 * Replays the log of `files.events` into `files.read` for the plan's projections (those of
 * `projections/index.ts`), in parallel threads, with the same documents and checkpoints as
 * `replay`. The read store file is left ready to open as an ordinary store; a rebuild that fails
 * leaves it as it was (only a scratch file was written, and it is removed). The result's
 * `parts` add up the threads' times; `threads` tells each one's.
 */
export async function replaySqlite(
  files: SqliteFiles,
  plan: ReplayPlan[],
  options: ThreadsOptions = {},
): Promise<ReplayResult & { threads: ThreadResult[] }> {
  const started = performance.now();
  for (const { projection } of plan) {
    if (!registered.includes(projection))
      throw new Error(`${projection.name} is not a registered projection: only those are rebuilt in threads`);
  }
  const log = new SqliteLogReader(files.events, { types: new Set(), everyEvent: false });
  let steps: ReplayPlan[];
  try {
    // A time is turned into the position of its last event, so every thread stops at the same event.
    const last = options.toTime === undefined ? log.lastPosition() : log.positionAt(options.toTime);
    steps = plan.map((step) => ({ ...step, toPosition: Math.min(step.toPosition, last) }));
  } finally {
    log.close();
  }
  const target = Math.max(0, ...steps.map((step) => step.toPosition));
  const groups = shareOut(steps, options.threads ?? availableParallelism());
  const progress = groups.map(() => ({ events: 0, position: 0 }));
  const report = () => {
    const slowest = progress.reduce((low, p) => (p.position < low.position ? p : low));
    options.onProgress?.({ ...slowest, target });
  };
  // Each thread loads a scratch file of its own (writers of one file would wait for each other);
  // they are merged into the first, which takes the place of `files.read` once complete.
  const scratch = (i: number) => `${files.read}.rebuild${i === 0 ? '' : `-${i}`}`;
  const tasks = groups.map(
    (group, i): GroupTask => ({
      files: { events: files.events, read: scratch(i) },
      steps: group.map(({ projection, toPosition }) => ({ name: projection.name, toPosition })),
      ...(options.batchSize !== undefined && { batchSize: options.batchSize }),
      ...(options.cacheDocuments !== undefined && { cacheDocuments: options.cacheDocuments }),
    }),
  );
  let results: GroupResult[];
  try {
    for (const task of tasks) removeSqliteFile(task.files.read);
    results =
      tasks.length === 1
        ? [await replayGroup(tasks[0]!, (p) => ((progress[0] = p), report()))]
        : await inThreads(tasks, (i, p) => ((progress[i] = p), report()));
    for (const task of tasks.slice(1)) mergeSqliteFile(scratch(0), task.files.read);
    // Opened once as an ordinary store: the bulk-loaded file becomes one (write-ahead log and all).
    await new SqliteReadStore(scratch(0)).close();
    replaceSqliteFile(scratch(0), files.read);
  } finally {
    for (const task of tasks) removeSqliteFile(task.files.read);
  }

  const position = Math.max(0, ...results.map((result) => result.position));
  const after = new SqliteLogReader(files.events, { types: new Set(), everyEvent: false });
  const lastEventAt = position > 0 ? after.timeAt(position) : null;
  after.close();
  const threads = results.map((result, i) => ({ ...result, projections: tasks[i]!.steps.map((step) => step.name) }));
  const parts: Record<string, number> = {};
  for (const thread of threads)
    for (const [part, ms] of Object.entries(thread.parts)) parts[part] = (parts[part] ?? 0) + ms;
  return {
    events: Math.max(0, ...results.map((result) => result.events)),
    position,
    lastEventAt,
    ms: performance.now() - started,
    parts,
    threads,
  };
}

/**
 * A group's replay, in this thread: the projections' events read from the file, their documents
 * bulk-loaded; those made from the log's totals (log-totals.ts) after the others.
 */
export async function replayGroup(
  task: GroupTask,
  onProgress: (progress: { events: number; position: number }) => void,
): Promise<GroupResult> {
  const plan = task.steps.map(({ name, toPosition }) => ({
    projection: registered.find((p) => p.name === name)!,
    toPosition,
  }));
  const totalled = plan.filter((step) => FROM_LOG_TOTALS.has(step.projection.name));
  const replayed = plan.filter((step) => !FROM_LOG_TOTALS.has(step.projection.name));
  const to = Math.max(0, ...replayed.map((step) => step.toPosition));
  const log = new SqliteLogReader(task.files.events, interestOf(replayed.map((step) => step.projection)));
  const read = new SqliteReadStore(task.files.read, { bulkLoad: true });
  try {
    const pages = function* (limit: number) {
      for (let after = 0; after < to; ) {
        const page = log.read(after, to, limit);
        if (page.count === 0) return;
        yield page;
        after = page.position;
      }
    };
    const result = await replayPages(pages, read, replayed, {
      ...(task.batchSize !== undefined && { batchSize: task.batchSize }),
      ...(task.cacheDocuments !== undefined && { cacheDocuments: task.cacheDocuments }),
      onProgress: ({ events, position }) => onProgress({ events, position }),
    });
    if (totalled.length === 0) return { ...result, cpuMs: threadCpuMs() };
    const started = threadCpuMs();
    const covered = await loadLogTotals(log, read, totalled);
    return {
      events: Math.max(result.events, covered.events),
      position: Math.max(result.position, covered.position),
      parts: { ...result.parts, 'log totals': threadCpuMs() - started },
      cpuMs: threadCpuMs(),
    };
  } finally {
    await read.close();
    log.close();
  }
}

/** The events a group of projections reads: the types they name, and every event when one of them reads all. */
function interestOf(projections: Projection[]): LogInterest {
  const types = new Set<string>();
  let everyEvent = false;
  for (const { eventTypes } of projections) {
    if (eventTypes === 'all') everyEvent = true;
    else for (const type of eventTypes) types.add(type);
  }
  return { types, everyEvent };
}

/**
 * A replay keeps what it builds, so much of what is allocated survives the young generation's
 * collections and is copied out of it: a larger one (V8's default is 16 MB per half) lets more
 * of the handlers' short-lived objects die first, and collects less often. Kept moderate: each
 * thread's young generation counts in full towards the rebuild's memory. Measured over 1,000,000
 * events (2026-11-28): 32 MB took the least CPU; 64 MB cost 170 MB more at its peak for no gain.
 */
const YOUNG_GENERATION_MB = 32;

/**
 * Runs each group in a worker thread (through tsx, which runs the CLI, the benchmarks and,
 * through vitest, the tests); when one fails, stops the others and fails.
 */
async function inThreads(
  tasks: GroupTask[],
  onProgress: (group: number, progress: { events: number; position: number }) => void,
): Promise<GroupResult[]> {
  const entry = new URL('./rebuild-worker.ts', import.meta.url);
  const workers = tasks.map((task) =>
    startWorker(entry, { workerData: task, resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB } }),
  );
  const results = workers.map(
    (worker, i) =>
      new Promise<GroupResult>((resolve, reject) => {
        let result: GroupResult | undefined;
        worker.on('message', (message: ThreadMessage) => {
          if ('progress' in message) onProgress(i, message.progress);
          else result = message.done;
        });
        worker.on('error', reject);
        worker.on('exit', (code) =>
          result
            ? resolve(result)
            : reject(new Error(`a rebuild thread stopped (exit code ${code}) before it finished`)),
        );
      }),
  );
  for (const result of results) result.catch(() => {}); // the first failure is reported below; the others follow from stopping
  try {
    return await Promise.all(results);
  } catch (error) {
    await Promise.all(workers.map((worker) => worker.terminate()));
    throw error;
  }
}
