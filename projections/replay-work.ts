import type { Doc, DocChange, UnitOfWork } from '../platform/readstore/port.ts';
import { BufferedWrites } from '../platform/readstore/unit-of-work.ts';

/**
 * The documents of one projection during a replay, all in memory: one map per collection,
 * each document overwritten in place. Unlike the live runner's batches it keeps no order of
 * writes (a replay's commit does not publish changes), so a write is one map update. Reads of
 * documents it does not hold go to `store` (a unit of work on the read store), or find nothing
 * when there is none: the replay emptied the collections and has not committed yet.
 */
export class ReplayWork extends BufferedWrites {
  private readonly collections = new Map<string, Map<string, Doc | null>>();
  /** Handlers mostly touch one collection several times in a row: the last one is at hand. */
  private lastName: string | undefined;
  private lastDocs = new Map<string, Doc | null>();

  constructor(private readonly store: UnitOfWork | null) {
    super();
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const doc = this.docsOf(collection).get(id);
    if (doc !== undefined) return doc as T | null;
    return this.store ? this.store.get<T>(collection, id) : null;
  }

  changes(): DocChange[] {
    const out: DocChange[] = [];
    for (const [collection, docs] of this.collections) {
      for (const [id, doc] of docs) out.push({ collection, id, doc });
    }
    return out;
  }

  /**
   * Hands the changes over in pieces of at most `size` documents, collection by collection, and
   * lets go of each collection once handed over, so what is committed can be collected. They are
   * not sorted by id: a bulk load's page cache holds the id indexes, so inserting at random places
   * costs SQLite less than sorting the ids costs here (a tenth of the rebuild threads' CPU, with
   * 1,000,000 events of `npm run bench:replay`).
   */
  *drain(size: number): Generator<DocChange[]> {
    this.lastName = undefined;
    let piece: DocChange[] = [];
    for (const [collection, docs] of this.collections) {
      this.collections.delete(collection);
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

  protected write(collection: string, id: string, doc: Doc | null): void {
    this.docsOf(collection).set(id, doc);
  }

  private docsOf(collection: string): Map<string, Doc | null> {
    if (collection === this.lastName) return this.lastDocs;
    let docs = this.collections.get(collection);
    if (!docs) this.collections.set(collection, (docs = new Map()));
    this.lastName = collection;
    this.lastDocs = docs;
    return docs;
  }
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
