import { BloomFilter } from 'bloomfilter';
import type { Doc, DocChange, UnitOfWork } from '../platform/readstore/port.ts';
import { BufferedWrites } from '../platform/readstore/unit-of-work.ts';

type Docs = Map<string, Doc | null>;

/** A cached document (null for one known absent), and when it was last used, on its `UseClock`. */
interface Slot {
  doc: Doc | null;
  used: number;
}
type Slots = Map<string, Slot>;

/** Counts the reads and writes of the projections replayed together, so their documents are let go of by last use across all of them. */
export class UseClock {
  now = 0;
}

/**
 * The filter of the documents a replay let go of: 2^24 bits (2 MB) and 5 hashes answer "never
 * let go of" wrongly for about 1 in 1,000 ids at a million documents, 1 in 15 at three million
 * (a wrong answer costs only a read), and its size does not grow with the log.
 */
const EVICTED_BITS = 1 << 24;
const EVICTED_HASHES = 5;

/**
 * The documents of one projection during a replay: a cache of those it wrote or read lately
 * (null for one known absent), one map per collection, each entry stamped with its last use,
 * and the writes not yet handed over for a commit. Unlike the live runner's batches it keeps no order of
 * writes (a replay's commit does not publish changes), so a write is a few map updates. A replay
 * starts from empty collections and writes a document to the store only when it lets go of it
 * (or at a commit, keeping it), so a document it never let go of is in the cache or absent: most
 * reads are of new ids (a new order, a new stream), and a filter of the ids let go of answers
 * them without asking `store` (a unit of work on the read store).
 */
export class ReplayWork extends BufferedWrites {
  /** Written or read, clean or not: what `get` answers from. */
  private readonly cached = new Map<string, Slots>();
  /** Written since the last `drain` or `evict`: every one of them is in `cached` too. */
  private readonly dirty = new Map<string, Docs>();
  /** Handlers mostly touch one collection several times in a row: the last one is at hand. */
  private lastName: string | undefined;
  private lastCached: Slots = new Map();
  private lastDirty: Docs = new Map();
  /** How many documents `cached` holds. */
  private held = 0;
  /** Every collection and id let go of, so far as a filter can tell. */
  private readonly evicted = new BloomFilter(EVICTED_BITS, EVICTED_HASHES);

  constructor(
    private readonly store: UnitOfWork,
    private readonly clock = new UseClock(),
  ) {
    super();
  }

  get size(): number {
    return this.held;
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    this.use(collection);
    const cached = this.lastCached;
    const slot = cached.get(id);
    if (slot !== undefined) {
      slot.used = ++this.clock.now;
      return slot.doc as T | null;
    }
    if (!this.evicted.test(`${collection}\0${id}`)) return null;
    const loaded = await this.store.get<T>(collection, id);
    // A write while it was read (handlers may read several at once) is newer: it stays.
    if (!cached.has(id)) {
      cached.set(id, { doc: loaded, used: ++this.clock.now });
      this.held++;
    }
    return loaded;
  }

  changes(): DocChange[] {
    const out: DocChange[] = [];
    for (const [collection, docs] of this.dirty) {
      for (const [id, doc] of docs) out.push({ collection, id, doc });
    }
    return out;
  }

  /**
   * Hands the writes over in pieces of at most `size` documents, collection by collection; they
   * stay in the cache, clean. They are not sorted by id: a bulk load's page cache holds the id
   * indexes, so inserting at random places costs SQLite less than sorting the ids costs here.
   */
  *drain(size: number): Generator<DocChange[]> {
    this.lastName = undefined;
    let piece: DocChange[] = [];
    for (const [collection, docs] of this.dirty) {
      this.dirty.delete(collection);
      for (const [id, doc] of docs) {
        piece.push({ collection, id, doc });
        if (piece.length === size) {
          yield piece;
          piece = [];
        }
      }
    }
    if (piece.length > 0) yield piece;
  }

  /** When each document held was last used, on the clock. */
  uses(): number[] {
    const out: number[] = [];
    for (const slots of this.cached.values()) for (const slot of slots.values()) out.push(slot.used);
    return out;
  }

  /**
   * Lets go of the documents last used at or before `threshold` on the clock, whatever their
   * collection, and answers the writes among them not yet handed over, for the store: a later
   * read of one finds it there. The others stay in the cache, dirty or not, so a document in use
   * (a seller's balance, a product) is written once, not at every eviction.
   */
  evict(threshold: number): DocChange[] {
    const out: DocChange[] = [];
    for (const [collection, slots] of this.cached) {
      const dirty = this.dirty.get(collection);
      for (const [id, slot] of slots) {
        if (slot.used > threshold) continue;
        slots.delete(id);
        this.held--;
        this.evicted.add(`${collection}\0${id}`);
        if (dirty?.delete(id)) out.push({ collection, id, doc: slot.doc });
      }
    }
    return out;
  }

  protected write(collection: string, id: string, doc: Doc | null): void {
    this.use(collection);
    const slot = this.lastCached.get(id);
    if (slot) {
      slot.doc = doc;
      slot.used = ++this.clock.now;
    } else {
      this.lastCached.set(id, { doc, used: ++this.clock.now });
      this.held++;
    }
    this.lastDirty.set(id, doc);
  }

  private use(collection: string): void {
    if (collection === this.lastName) return;
    this.lastCached = mapIn(this.cached, collection);
    this.lastDirty = mapIn(this.dirty, collection);
    this.lastName = collection;
  }
}

/**
 * The use at or before which the least recently used half of the documents `works` hold (on one
 * clock) were last used: evicting up to it lets go of that half. Uses are distinct, so exactly half.
 */
export function olderHalf(works: ReplayWork[]): number {
  const uses = Float64Array.from(works.flatMap((work) => work.uses()));
  if (uses.length === 0) return 0;
  return uses.sort()[Math.ceil(uses.length / 2) - 1]!;
}

function mapIn<T>(maps: Map<string, Map<string, T>>, collection: string): Map<string, T> {
  let docs = maps.get(collection);
  if (!docs) maps.set(collection, (docs = new Map()));
  return docs;
}

/** Changes made elsewhere, handed to a store's commit: nothing to read or write through it. */
export class ChangesOnly implements UnitOfWork {
  constructor(private readonly list: DocChange[]) {}

  get(): never {
    throw new Error('changes to commit are not read');
  }

  put(): never {
    throw new Error('changes to commit are not written to');
  }

  patch(): never {
    throw new Error('changes to commit are not written to');
  }

  delete(): never {
    throw new Error('changes to commit are not written to');
  }

  changes(): DocChange[] {
    return this.list;
  }
}
