import { BloomFilter } from 'bloomfilter';
import type { Doc, DocChange, UnitOfWork } from '../platform/readstore/port.ts';
import { BufferedWrites } from '../platform/readstore/unit-of-work.ts';

type Docs = Map<string, Doc | null>;

/**
 * The filter of the documents a replay wrote: 2^24 bits (2 MB) and 5 hashes answer "never
 * written" wrongly for about 1 in 1,000 ids at a million documents, 1 in 15 at three million
 * (a wrong answer costs only a read), and its size does not grow with the log.
 */
const WRITTEN_BITS = 1 << 24;
const WRITTEN_HASHES = 5;

/**
 * The documents of one projection during a replay: a cache of those it wrote or read lately
 * (null for one known absent), one map per collection, and the writes not yet handed over for
 * a commit. Unlike the live runner's batches it keeps no order of writes (a replay's commit does
 * not publish changes), so a write is two map updates. A replay starts from empty collections,
 * so a document it never wrote is absent: most reads are of new ids (a new order, a new
 * correlation), and a filter of the ids written answers them without asking the store. Other
 * reads of documents it does not hold go to `store` (a unit of work on the read store), or find
 * nothing while there is none (before the first commit).
 */
export class ReplayWork extends BufferedWrites {
  /** Written or read, clean or not: what `get` answers from. */
  private readonly cached = new Map<string, Docs>();
  /** Written since the last `drain`: every one of them is in `cached` too. */
  private readonly dirty = new Map<string, Docs>();
  /** Handlers mostly touch one collection several times in a row: the last one is at hand. */
  private lastName: string | undefined;
  private lastCached: Docs = new Map();
  private lastDirty: Docs = new Map();
  /** How many documents `cached` holds. */
  private held = 0;
  /** Every collection and id written, so far as a filter can tell. */
  private readonly written = new BloomFilter(WRITTEN_BITS, WRITTEN_HASHES);

  constructor(private store: UnitOfWork | null) {
    super();
  }

  /** Where reads of documents not held go from now on (after the first commit). */
  readFrom(store: UnitOfWork): void {
    this.store = store;
  }

  get size(): number {
    return this.held;
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    this.use(collection);
    const doc = this.lastCached.get(id);
    if (doc !== undefined || !this.store || !this.written.test(`${collection}\0${id}`))
      return (doc ?? null) as T | null;
    const cached = this.lastCached;
    const loaded = await this.store.get<T>(collection, id);
    // A write while it was read (handlers may read several at once) is newer: it stays.
    if (!cached.has(id)) {
      cached.set(id, loaded);
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

  /**
   * Lets go of the older half of each collection's documents (those first cached), which must
   * all be clean (drained): a later read of one finds it in the store.
   */
  evictHalf(): void {
    if (this.dirty.size > 0) throw new Error('a replay evicts only documents already committed');
    for (const docs of this.cached.values()) {
      let drop = Math.ceil(docs.size / 2);
      this.held -= drop;
      for (const id of docs.keys()) {
        if (drop-- === 0) break;
        docs.delete(id);
      }
    }
  }

  protected write(collection: string, id: string, doc: Doc | null): void {
    this.use(collection);
    if (!this.lastCached.has(id)) this.held++;
    this.written.add(`${collection}\0${id}`);
    this.lastCached.set(id, doc);
    this.lastDirty.set(id, doc);
  }

  private use(collection: string): void {
    if (collection === this.lastName) return;
    this.lastCached = mapIn(this.cached, collection);
    this.lastDirty = mapIn(this.dirty, collection);
    this.lastName = collection;
  }
}

function mapIn(maps: Map<string, Docs>, collection: string): Docs {
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
