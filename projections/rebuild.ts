/**
 * Rebuilds from zero for analysts and benchmarks: replays the log into a read store of their
 * own (never the live one), compares two read stores, and summarises what a store holds.
 */
import { isDeepStrictEqual } from 'node:util';
import type { EventStore, RecordedEvent } from '../platform/eventstore/port.ts';
import type { LogPage } from '../platform/eventstore/sqlite-log.ts';
import type { Projection } from '../platform/projection/projection.ts';
import type { Doc, DocChange, ProjectionBatch, ReadStore } from '../platform/readstore/port.ts';
import { ChangesOnly, ReplayWork, UseClock, olderHalf } from './replay-work.ts';

/** Events read per page. */
const REPLAY_PAGE = 5000;
/**
 * Documents a replay keeps at hand, written or read, for all its projections: past it, the
 * less recently used half of them all goes, whatever their projection and collection, writing
 * those changed (a later read finds them in the store). So a replay's memory is
 * bounded whatever the size of the log, and few documents are written more than once: most are
 * done with in the thousands of events after they are first written, and the others stay at
 * hand. 50,000 (per thread of a SQLite rebuild) kept the peak of 1,000,000 or 3,000,000 events
 * near 750 MB, and was no slower than twice as many (2026-11-28).
 */
const CACHE_DOCUMENTS = 50_000;
/** Documents per transaction when a replay commits: each a few MB, so no commit holds the store for long. */
export const COMMIT_DOCUMENTS = 20_000;
/** Documents read per page while comparing. */
const COMPARE_PAGE = 1000;

export interface ReplayProgress {
  /** Events read from the log so far. */
  events: number;
  /** Position of the last event read. */
  position: number;
  /** The position the replay stops at (the largest target). */
  target: number;
}

export interface ReplayPlan {
  projection: Projection;
  /** Last position to apply (inclusive). */
  toPosition: number;
}

export interface ReplayOptions {
  /** Stop before the first event recorded after this time (ISO-8601): the marketplace as it was then. */
  toTime?: string;
  /** Events per commit of each projection; by default the documents are committed when they fill its cache, and at the end. */
  batchSize?: number;
  /** Documents the replay keeps at hand for all its projections (`CACHE_DOCUMENTS` by default). */
  cacheDocuments?: number;
  onProgress?: (progress: ReplayProgress) => void;
}

export interface ReplayResult {
  events: number;
  /** Position of the last event applied (0 when none). */
  position: number;
  /** Time of the last event applied. */
  lastEventAt: string | null;
  ms: number;
  /**
   * Where the time went: the CPU time (ms) of the thread that replayed, spent reading the log, in
   * each projection's handlers, commits and indexes. CPU time, so that other work on the machine
   * does not count (a store across the network waits without it).
   */
  parts: Record<string, number>;
}

/**
 * Replays the log from the start into `read`, through the ports (any adapters), for every
 * projection of the plan in one pass: each page is read and parsed once, then applied to each
 * projection still below its target. The projections' collections are emptied first; the
 * projections keep the documents they touched lately in a cache of `cacheDocuments` in all
 * (when it is full, the less recently used half of them goes, writing what was changed of it), committed with their checkpoints every `batchSize` events and at the end;
 * the indexes are created once the documents are in, so the inserts do not maintain them row by
 * row. A replay that fails midway leaves a store to throw away. `replaySqlite`
 * (rebuild-threads.ts) does the same for SQLite files in several threads.
 */
export async function replay(
  events: EventStore,
  read: ReadStore,
  plan: ReplayPlan[],
  options: ReplayOptions = {},
): Promise<ReplayResult> {
  const started = performance.now();
  const until = options.toTime === undefined ? Number.POSITIVE_INFINITY : Date.parse(options.toTime);
  const target = Math.max(0, ...plan.map((step) => step.toPosition));
  let lastEventAt: string | null = null;
  async function* pages(limit: number): AsyncGenerator<LogPage> {
    for (let after = 0; after < target; ) {
      const page = await events.readAll({ after, limit });
      const cut = page.findIndex((event) => event.position > target || Date.parse(event.metadata.time) > until);
      const batch = cut === -1 ? page : page.slice(0, cut);
      if (batch.length === 0) return;
      const last = batch[batch.length - 1]!;
      lastEventAt = last.metadata.time;
      yield { events: batch, count: batch.length, position: last.position };
      if (cut !== -1) return;
      after = last.position;
    }
  }
  const result = await replayPages(pages, read, plan, options);
  return { ...result, lastEventAt, ms: performance.now() - started };
}

/** The log a replay reads, in pages of at most `limit` events. */
export type LogPages = (limit: number) => AsyncIterable<LogPage> | Iterable<LogPage>;

/**
 * The replay of the pages into `read` for the plan, as `replay` tells: the projections'
 * collections emptied first, their indexes created at the end.
 */
export async function replayPages(
  pages: LogPages,
  read: ReadStore,
  plan: ReplayPlan[],
  options: Pick<ReplayOptions, 'batchSize' | 'cacheDocuments' | 'onProgress'> = {},
): Promise<Omit<ReplayResult, 'lastEventAt' | 'ms'>> {
  const parts = new Timings();
  const batchSize = options.batchSize ?? Number.POSITIVE_INFINITY;
  const cacheDocuments = options.cacheDocuments ?? CACHE_DOCUMENTS;
  const target = Math.max(0, ...plan.map((step) => step.toPosition));
  for (const { projection } of plan)
    await read.reset(
      projection.name,
      projection.collections.map((c) => c.name),
    );

  const clock = new UseClock();
  const replays = plan.map(({ projection, toPosition }) => new ProjectionReplay(read, projection, toPosition, clock));
  let count = 0;
  let position = 0;
  let uncommitted = 0;
  const reading = parts.start('reading the log');
  for await (const page of pages(Math.min(REPLAY_PAGE, batchSize))) {
    parts.stop(reading);
    for (const replaying of replays) {
      const applying = parts.start(`handlers: ${replaying.name}`);
      await replaying.apply(page.events, page.position);
      parts.stop(applying);
    }
    count += page.count;
    position = page.position;
    uncommitted += page.count;
    if (uncommitted >= batchSize) {
      await parts.time('commits', () => commitAll(read, replays));
      uncommitted = 0;
    }
    // Halved until within the bound: one page may have added more than the cache holds.
    while (replays.reduce((sum, replaying) => sum + replaying.held, 0) > cacheDocuments) {
      const threshold = olderHalf(replays.map((replaying) => replaying.work));
      await parts.time('commits', () =>
        commitBatches(
          read,
          replays.flatMap((replaying) => [...replaying.evict(threshold, COMMIT_DOCUMENTS)]),
        ),
      );
    }
    options.onProgress?.({ events: count, position, target });
    parts.start(reading);
  }
  parts.stop(reading);
  await parts.time('commits', () => commitAll(read, replays));

  await parts.time('indexes', async () => {
    for (const { projection } of plan) for (const spec of projection.collections) read.collection(spec);
  });
  return { events: count, position, parts: parts.all() };
}

/** CPU time of this thread so far, in ms. */
export function threadCpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

/** CPU time spent per part, summed over calls. */
class Timings {
  private readonly spent = new Map<string, number>();
  private readonly since = new Map<string, number>();

  start(part: string): string {
    this.since.set(part, threadCpuMs());
    return part;
  }

  stop(part: string): void {
    const since = this.since.get(part);
    if (since === undefined) return;
    this.since.delete(part);
    this.spent.set(part, (this.spent.get(part) ?? 0) + threadCpuMs() - since);
  }

  async time<T>(part: string, work: () => Promise<T>): Promise<T> {
    this.start(part);
    try {
      return await work();
    } finally {
      this.stop(part);
    }
  }

  all(): Record<string, number> {
    return Object.fromEntries(this.spent);
  }
}

/** One projection's side of a replay: its events up to its target, its documents cached and committed with the checkpoint. */
class ProjectionReplay {
  readonly work: ReplayWork;
  /** Position of the last event the projection has seen (applied or not its type). */
  private position = 0;
  private committed = 0;

  constructor(
    read: ReadStore,
    private readonly projection: Projection,
    private readonly toPosition: number,
    clock: UseClock,
  ) {
    this.work = new ReplayWork(read.unitOfWork(), clock);
  }

  get name(): string {
    return this.projection.name;
  }

  /** Documents held in the cache. */
  get held(): number {
    return this.work.size;
  }

  /** Applies the page's events up to the target; `through` is the last position the page covers. */
  async apply(events: RecordedEvent[], through: number): Promise<void> {
    const { projection, work, toPosition } = this;
    if (this.position >= toPosition) return;
    const types = projection.eventTypes;
    for (const event of events) {
      if (event.position > toPosition) break;
      if (types === 'all' || types.has(event.type)) await projection.apply(event, work);
    }
    this.position = Math.min(through, toPosition);
  }

  /**
   * The batches that commit what was written since the last, in pieces of at most `size`
   * documents: every piece but the last keeps the checkpoint where it was, the last moves it.
   */
  *take(size: number): Generator<ProjectionBatch> {
    if (this.position === this.committed) return;
    const { committed, position } = this;
    this.committed = position;
    let previous: DocChange[] | undefined;
    for (const piece of this.work.drain(size)) {
      if (previous) yield this.batch(previous, committed);
      previous = piece;
    }
    yield this.batch(previous ?? [], position);
  }

  /**
   * Lets go of the documents last used at or before `threshold`: the batches that commit the
   * writes among them, in pieces of at most `size` documents, each keeping the checkpoint where
   * it was (the documents still held are part of what it would cover).
   */
  *evict(threshold: number, size: number): Generator<ProjectionBatch> {
    const changes = this.work.evict(threshold);
    for (let i = 0; i < changes.length; i += size) yield this.batch(changes.slice(i, i + size), this.committed);
  }

  private batch(changes: DocChange[], position: number): ProjectionBatch {
    return { work: new ChangesOnly(changes), projection: this.projection.name, position };
  }
}

/** Commits what every projection holds, with their checkpoints. */
const commitAll = (read: ReadStore, replays: ProjectionReplay[]) =>
  commitBatches(
    read,
    replays.flatMap((replaying) => [...replaying.take(COMMIT_DOCUMENTS)]),
  );

/** Commits the batches in transactions of about `COMMIT_DOCUMENTS` documents. */
async function commitBatches(read: ReadStore, all: Iterable<ProjectionBatch>): Promise<void> {
  let batches: ProjectionBatch[] = [];
  let documents = 0;
  for (const batch of all) {
    batches.push(batch);
    documents += batch.work.changes().length;
    if (documents >= COMMIT_DOCUMENTS) {
      await read.commitMany(batches);
      batches = [];
      documents = 0;
    }
  }
  if (batches.length > 0) await read.commitMany(batches);
}

/** Every document of a collection, in pages ordered by id. */
export async function* pagesOf<T extends Doc = Doc>(read: ReadStore, collection: string): AsyncGenerator<T[]> {
  for (let skip = 0; ; skip += COMPARE_PAGE) {
    const page = await read.collection<T>(collection).find({ sort: [['id', 'asc']], skip, limit: COMPARE_PAGE });
    if (page.length > 0) yield page;
    if (page.length < COMPARE_PAGE) return;
  }
}

export interface CollectionDifference {
  collection: string;
  expected: number;
  actual: number;
  /** In `expected` only, in `actual` only, and in both with other contents: the first few ids of each. */
  missing: string[];
  extra: string[];
  changed: string[];
  /** How many documents differ in all (missing + extra + changed). */
  differing: number;
}

/**
 * Compares the collections of two read stores document by document (any key order).
 * Answers the collections that differ, with the first `sample` ids of each kind of difference.
 */
export async function compareReadStores(
  expected: ReadStore,
  actual: ReadStore,
  collections: string[],
  sample = 5,
): Promise<CollectionDifference[]> {
  const differences: CollectionDifference[] = [];
  for (const collection of collections) {
    const missing = new Sampled(sample);
    const changed = new Sampled(sample);
    const extra = new Sampled(sample);
    let expectedCount = 0;
    for await (const page of pagesOf(expected, collection)) {
      expectedCount += page.length;
      const found = new Map(
        (await actual.collection(collection).getMany(page.map((doc) => doc.id))).map((doc) => [doc.id, doc]),
      );
      for (const doc of page) {
        const other = found.get(doc.id);
        if (!other) missing.add(doc.id);
        else if (!isDeepStrictEqual(doc, other)) changed.add(doc.id);
      }
    }
    const actualCount = await actual.collection(collection).count();
    // Documents only `actual` has exist exactly when the counts say so; only then look for them.
    if (actualCount !== expectedCount - missing.count) {
      for await (const page of pagesOf(actual, collection)) {
        const found = new Set(
          (await expected.collection(collection).getMany(page.map((doc) => doc.id))).map((doc) => doc.id),
        );
        for (const doc of page) if (!found.has(doc.id)) extra.add(doc.id);
      }
    }
    const differing = missing.count + extra.count + changed.count;
    if (differing > 0) {
      differences.push({
        collection,
        expected: expectedCount,
        actual: actualCount,
        missing: missing.ids,
        extra: extra.ids,
        changed: changed.ids,
        differing,
      });
    }
  }
  return differences;
}

/** Counts everything, keeps the first few. */
class Sampled {
  count = 0;
  readonly ids: string[] = [];
  constructor(private readonly size: number) {}
  add(id: string): void {
    if (this.count++ < this.size) this.ids.push(id);
  }
}

/** The collections of the projections, in their order. */
export const collectionsOf = (projections: Projection[]): string[] =>
  projections.flatMap((p) => p.collections.map((c) => c.name));

/** How many documents each collection holds. */
export async function countDocuments(
  read: ReadStore,
  collections: string[],
): Promise<Array<{ collection: string; documents: number }>> {
  const counts = [];
  for (const collection of collections)
    counts.push({ collection, documents: await read.collection(collection).count() });
  return counts;
}
