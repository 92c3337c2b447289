import type { RecordedEvent } from '../eventstore/port.ts';
import type { CollectionSpec, Doc, DocChange, ReadStore, UnitOfWork } from '../readstore/port.ts';
import { logger } from '../log.ts';

const log = logger('notices');

/**
 * A projection turns events into read-model documents. `apply` must be deterministic and
 * depend only on the event and the documents it reads, so a rebuild from zero gives the
 * same documents as the live run.
 */
export interface Projection {
  name: string;
  /**
   * Raised when a change of `apply` makes documents the old ones cannot be brought to by
   * further events (a new shape, a new rule over past events): the runner then replays the
   * whole log into emptied collections once. 1 when absent.
   */
  version?: number;
  collections: CollectionSpec[];
  /**
   * Event types the projection reads; others are skipped without a call. One that reads 'all'
   * may be handed events whose `data` is parsed when first read (rebuilds in threads): an
   * accessor, which a copy made by spreading the event leaves out.
   */
  eventTypes: ReadonlySet<string> | 'all';
  apply(event: RecordedEvent, work: UnitOfWork): Promise<void>;
}

/** A document the batch wrote, left out of the notice: its `doc` is absent, read it from the read store. */
export interface WrittenId {
  collection: string;
  id: string;
  doc?: undefined;
}

/**
 * One document a batch changed, as a notice tells it: `doc` present, the document after the
 * batch; `doc: null`, deleted (in every notice, whatever its size); `doc` absent (`WrittenId`),
 * written, but the notice was too large to carry it.
 */
export type NoticeChange = DocChange | WrittenId;

/**
 * Published on the bus after every committed batch. Bounded: it carries the documents only
 * while their JSON stays within `NOTICE_DOCUMENTS_LIMIT`; past it, every written document is
 * told by its id alone (`WrittenId`). Every change of the batch is in it either way.
 */
export interface ChangeNotice {
  projection: string;
  position: number;
  changes: NoticeChange[];
}

/** A notice with every document in it: one that carried them, or one whose ids were read (`NoticeDocuments`). */
export interface DocNotice extends ChangeNotice {
  changes: DocChange[];
}

export const CHANGES_CHANNEL = 'read-model-changes';

/**
 * The most JSON (UTF-8 bytes) of documents one notice carries: 64 KiB. A catch-up commits
 * batches of hundreds of events whose documents come to hundreds of KB a notice, and Redis
 * cuts off a subscriber whose output buffer holds more than 8 MiB for 60 s (32 MiB at once);
 * past the limit a notice carries ids instead, some 100 bytes a change with UUIDs, so a
 * notice grows with the changes of its batch (about 100 KB for 1,000), not their documents.
 */
export const NOTICE_DOCUMENTS_LIMIT = 64 * 1024;

/** The notice of a committed batch: with its documents while they fit within `limit`, else with the ids of those written. */
export function changeNotice(
  projection: string,
  position: number,
  changes: DocChange[],
  limit = NOTICE_DOCUMENTS_LIMIT,
): ChangeNotice {
  let bytes = 0;
  for (const { doc } of changes) {
    if (doc === null) continue;
    bytes += Buffer.byteLength(JSON.stringify(doc));
    if (bytes > limit) {
      const ids = changes.map(
        ({ collection, id, doc }): NoticeChange => (doc === null ? { collection, id, doc } : { collection, id }),
      );
      return { projection, position, changes: ids };
    }
  }
  return { projection, position, changes };
}

/** Whether the notice carries every document it tells of. */
export function carriesDocuments(notice: ChangeNotice): notice is DocNotice {
  return notice.changes.every((change) => change.doc !== undefined);
}

/**
 * The notice with the documents it left out read from the read store, one `getMany` per
 * collection. They were committed before the notice was published, so they are there, though
 * perhaps already newer, or deleted since (told as a deletion): a later batch changed them, and
 * its notice comes after this one. A document is whole, not a difference, so a consumer that
 * takes a newer one early ends, once that later notice is taken, where it would have anyway.
 */
export async function withDocuments(notice: ChangeNotice, read: Pick<ReadStore, 'collection'>): Promise<DocNotice> {
  const missing = new Map<string, string[]>();
  for (const { collection, id, doc } of notice.changes) {
    if (doc !== undefined) continue;
    const ids = missing.get(collection);
    if (ids) ids.push(id);
    else missing.set(collection, [id]);
  }
  const found = new Map<string, Map<string, Doc>>();
  for (const [collection, ids] of missing) {
    const docs = await read.collection(collection).getMany(ids);
    found.set(collection, new Map(docs.map((doc) => [doc.id, doc])));
  }
  const changes = notice.changes.map(({ collection, id, doc }) => ({
    collection,
    id,
    doc: doc === undefined ? (found.get(collection)?.get(id) ?? null) : doc,
  }));
  return { ...notice, changes };
}

/**
 * Hands the notices it takes to `deliver` in the order taken, each with its documents: one
 * that carries them at once (within the bus delivery) when none waits before it; one with ids
 * once they are read, and those taken after it behind it, so a consumer sees the notices in
 * the order the bus gave them. When a read fails, `failed` is told and nothing more is handed
 * on: the consumer has missed a notice and must load afresh.
 */
export class NoticeDocuments {
  /** Taken, not handed on yet, in order; the first is being read. */
  readonly #waiting: ChangeNotice[] = [];
  #taken = 0;
  #handed = 0;
  #failed = false;
  #settled: Array<{ taken: number; resolve: (handed: boolean) => void }> = [];

  constructor(
    private readonly read: Pick<ReadStore, 'collection'>,
    private readonly deliver: (notice: DocNotice) => void,
    private readonly failed: (error: unknown) => void,
  ) {}

  take(notice: ChangeNotice): void {
    if (this.#failed) return;
    this.#taken++;
    if (this.#waiting.length === 0 && carriesDocuments(notice)) return this.#hand(notice);
    this.#waiting.push(notice);
    if (this.#waiting.length === 1) void this.#drain();
  }

  /** The lowest position of the notices taken and not handed on yet; Infinity when none waits. */
  get waitingFrom(): number {
    let lowest = Number.POSITIVE_INFINITY;
    for (const { position } of this.#waiting) lowest = Math.min(lowest, position);
    return lowest;
  }

  /** Resolves true once every notice taken so far is handed on, false if a read failed first. */
  settled(): Promise<boolean> {
    if (this.#failed) return Promise.resolve(false);
    if (this.#handed === this.#taken) return Promise.resolve(true);
    return new Promise((resolve) => this.#settled.push({ taken: this.#taken, resolve }));
  }

  async #drain(): Promise<void> {
    while (this.#waiting.length > 0) {
      let notice: DocNotice;
      try {
        notice = await withDocuments(this.#waiting[0]!, this.read);
      } catch (error) {
        this.#fail(error);
        return;
      }
      this.#waiting.shift();
      this.#hand(notice);
    }
  }

  #hand(notice: DocNotice): void {
    this.#handed++;
    // A consumer that fails on one notice must not keep the next ones from it.
    try {
      this.deliver(notice);
    } catch (error) {
      log.error({ err: error }, `a consumer failed on ${notice.projection} at ${notice.position}`);
    }
    if (this.#settled.length === 0) return;
    const done = this.#settled.filter((waiter) => waiter.taken <= this.#handed);
    this.#settled = this.#settled.filter((waiter) => waiter.taken > this.#handed);
    for (const { resolve } of done) resolve(true);
  }

  #fail(error: unknown): void {
    this.#failed = true;
    this.#waiting.length = 0;
    for (const { resolve } of this.#settled.splice(0)) resolve(false);
    this.failed(error);
  }
}
