import type { Doc, DocChange, UnitOfWork } from '../platform/readstore/port.ts';

/**
 * The documents of one projection during a replay, all in memory: one map per collection,
 * each document overwritten in place. Unlike the live runner's batches it keeps no order of
 * writes (a replay's commit does not publish changes), so a write is one map update. Reads of
 * documents it does not hold go to `store` (a unit of work on the read store), or find nothing
 * when there is none: the replay emptied the collections and has not committed yet.
 */
export class ReplayWork implements UnitOfWork {
  private readonly collections = new Map<string, Map<string, Doc | null>>();
  /** Documents held (deletions included). */
  size = 0;

  constructor(private readonly store: UnitOfWork | null) {}

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const doc = this.docsOf(collection).get(id);
    if (doc !== undefined) return doc as T | null;
    return this.store ? this.store.get<T>(collection, id) : null;
  }

  put<T extends Doc>(collection: string, doc: T): void {
    this.write(collection, doc.id, doc);
  }

  async patch<T extends Doc>(collection: string, id: string, fields: Partial<T>): Promise<T | null> {
    const current = await this.get<T>(collection, id);
    if (!current) return null;
    const next = { ...current, ...fields, id } as T;
    this.write(collection, id, next);
    return next;
  }

  delete(collection: string, id: string): void {
    this.write(collection, id, null);
  }

  changes(): DocChange[] {
    const out: DocChange[] = [];
    for (const [collection, docs] of this.collections) {
      for (const [id, doc] of docs) out.push({ collection, id, doc });
    }
    return out;
  }

  /**
   * The changes in pieces of at most `size` documents, each collection's in the order of their
   * ids: stores that keep documents in an index on `id` (SQLite's tables, B-trees elsewhere)
   * then append to it, several times cheaper than inserting at random places.
   */
  *sortedChanges(size: number): Generator<DocChange[]> {
    let piece: DocChange[] = [];
    for (const [collection, docs] of this.collections) {
      for (const id of [...docs.keys()].sort()) {
        piece.push({ collection, id, doc: docs.get(id) ?? null });
        if (piece.length === size) {
          yield piece;
          piece = [];
        }
      }
    }
    if (piece.length > 0) yield piece;
  }

  private write(collection: string, id: string, doc: Doc | null): void {
    const docs = this.docsOf(collection);
    const size = docs.size;
    docs.set(id, doc);
    this.size += docs.size - size;
  }

  /** Handlers mostly touch one collection several times in a row: the last one is at hand. */
  private last: { collection: string; docs: Map<string, Doc | null> } | undefined;

  private docsOf(collection: string): Map<string, Doc | null> {
    if (this.last?.collection === collection) return this.last.docs;
    let docs = this.collections.get(collection);
    if (!docs) this.collections.set(collection, (docs = new Map()));
    this.last = { collection, docs };
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
