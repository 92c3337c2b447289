/**
 * Rebuilds from zero for analysts and benchmarks: replays the log into a read store of their
 * own (never the live one), compares two read stores, and summarises what a store holds.
 */
import { isDeepStrictEqual } from 'node:util';
import type { EventStore, RecordedEvent } from '../platform/eventstore/port.ts';
import type { Doc, ProjectionBatch, ReadStore, UnitOfWork } from '../platform/readstore/port.ts';
import { BufferedUnitOfWork } from '../platform/readstore/unit-of-work.ts';
import type { Projection } from '../platform/projection/projection.ts';

/** Events read per page. */
const REPLAY_PAGE = 5000;
/**
 * Events between commits. Large batches are what make a rebuild fast: a document changed many
 * times is written once per batch, and the fewer commits, the fewer pages SQLite writes twice
 * (WAL, then checkpoint). The bound keeps the batches' documents within a few hundred MB.
 */
const REPLAY_BATCH = 100_000;
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
  /** Events per commit of each projection. */
  batchSize?: number;
  onProgress?: (progress: ReplayProgress) => void;
}

export interface ReplayResult {
  events: number;
  /** Position of the last event applied (0 when none). */
  position: number;
  /** Time of the last event applied. */
  lastEventAt: string | null;
  ms: number;
}

/**
 * Replays the log from the start into `read` for every projection of the plan in one pass:
 * each page is read and parsed once, then applied to each projection still below its target.
 * The projections' collections are emptied first; the projections' documents and checkpoints
 * are committed together every `batchSize` events (and at the end), and the indexes are
 * created once the documents are in, so the inserts do not maintain them row by row.
 */
export async function replay(events: EventStore, read: ReadStore, plan: ReplayPlan[], options: ReplayOptions = {}): Promise<ReplayResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? REPLAY_BATCH;
  const until = options.toTime === undefined ? Number.POSITIVE_INFINITY : Date.parse(options.toTime);
  const target = Math.max(0, ...plan.map((step) => step.toPosition));
  for (const { projection } of plan) await read.reset(projection.name, projection.collections.map((c) => c.name));

  const replays = plan.map(({ projection, toPosition }) => new ProjectionReplay(read, projection, toPosition));
  let count = 0;
  let uncommitted = 0;
  let last: RecordedEvent | undefined;
  while ((last?.position ?? 0) < target) {
    const page = await events.readAll({ after: last?.position ?? 0, limit: Math.min(REPLAY_PAGE, batchSize) });
    const cut = page.findIndex((event) => event.position > target || Date.parse(event.metadata.time) > until);
    const batch = cut === -1 ? page : page.slice(0, cut);
    if (batch.length === 0) break;
    for (const replaying of replays) await replaying.apply(batch);
    count += batch.length;
    uncommitted += batch.length;
    if (uncommitted >= batchSize) {
      await commitAll(read, replays);
      uncommitted = 0;
    }
    last = batch[batch.length - 1]!;
    options.onProgress?.({ events: count, position: last.position, target });
    if (cut !== -1) break;
  }
  await commitAll(read, replays);

  for (const { projection } of plan) for (const spec of projection.collections) read.collection(spec);
  return { events: count, position: last?.position ?? 0, lastEventAt: last?.metadata.time ?? null, ms: performance.now() - started };
}

/** One projection's side of a replay: its events up to its target, in batches committed with the checkpoint. */
class ProjectionReplay {
  private work: UnitOfWork;
  private position = 0;
  private committed = 0;

  constructor(
    private readonly read: ReadStore,
    private readonly projection: Projection,
    private readonly toPosition: number,
  ) {
    this.work = this.newBatch();
  }

  /**
   * The collections were emptied, so until the first commit every document the batch has
   * not written is absent: no need to ask the store.
   */
  private newBatch(): UnitOfWork {
    if (this.committed === 0) return new BufferedUnitOfWork(async () => null);
    return this.read.unitOfWork();
  }

  async apply(batch: RecordedEvent[]): Promise<void> {
    const { projection, work, toPosition } = this;
    for (const event of batch) {
      if (event.position > toPosition) return;
      if (projection.eventTypes === 'all' || projection.eventTypes.has(event.type)) await projection.apply(event, work);
      this.position = event.position;
    }
  }

  /** The batch to commit, if it holds events; the next batch starts. */
  take(): ProjectionBatch | null {
    if (this.position === this.committed) return null;
    const batch = { work: this.work, projection: this.projection.name, position: this.position };
    this.committed = this.position;
    this.work = this.newBatch();
    return batch;
  }
}

/** Commits every projection's batch with its checkpoint, in one transaction where the store has them. */
async function commitAll(read: ReadStore, replays: ProjectionReplay[]): Promise<void> {
  const batches = replays.flatMap((replaying) => replaying.take() ?? []);
  if (batches.length > 0) await read.commitMany(batches);
}

/** Every document of a collection, in pages ordered by id. */
async function* pagesOf(read: ReadStore, collection: string): AsyncGenerator<Doc[]> {
  for (let skip = 0; ; skip += COMPARE_PAGE) {
    const page = await read.collection(collection).find({ sort: [['id', 'asc']], skip, limit: COMPARE_PAGE });
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
      const found = new Map((await actual.collection(collection).getMany(page.map((doc) => doc.id))).map((doc) => [doc.id, doc]));
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
        const found = new Set((await expected.collection(collection).getMany(page.map((doc) => doc.id))).map((doc) => doc.id));
        for (const doc of page) if (!found.has(doc.id)) extra.add(doc.id);
      }
    }
    const differing = missing.count + extra.count + changed.count;
    if (differing > 0) {
      differences.push({ collection, expected: expectedCount, actual: actualCount, missing: missing.ids, extra: extra.ids, changed: changed.ids, differing });
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
export const collectionsOf = (projections: Projection[]): string[] => projections.flatMap((p) => p.collections.map((c) => c.name));

/** How many documents each collection holds. */
export async function countDocuments(read: ReadStore, collections: string[]): Promise<Array<{ collection: string; documents: number }>> {
  const counts = [];
  for (const collection of collections) counts.push({ collection, documents: await read.collection(collection).count() });
  return counts;
}
