import type { Doc, DocChange, UnitOfWork } from './port.ts';

type Loader = (collection: string, id: string) => Promise<Doc | null>;

/** Writes in terms of a unit of work's own reads and buffer: put, patch (read, merge, write) and delete. */
export abstract class BufferedWrites implements UnitOfWork {
  abstract get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  abstract changes(): DocChange[];
  protected abstract write(collection: string, id: string, doc: Doc | null): void;

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
}

/**
 * The buffered batch both adapters share: reads go to the overlay first, then the store;
 * writes stay in memory until the adapter's `commit` stores them in one go.
 */
export class BufferedUnitOfWork extends BufferedWrites {
  private readonly overlay = new Map<string, Map<string, Doc | null>>();

  constructor(private readonly load: Loader) {
    super();
  }

  async get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null> {
    const pending = this.overlay.get(collection);
    if (pending?.has(id)) return (pending.get(id) ?? null) as T | null;
    return (await this.load(collection, id)) as T | null;
  }

  changes(): DocChange[] {
    const out: DocChange[] = [];
    for (const [collection, docs] of this.overlay) {
      for (const [id, doc] of docs) out.push({ collection, id, doc });
    }
    return out;
  }

  protected write(collection: string, id: string, doc: Doc | null): void {
    let docs = this.overlay.get(collection);
    if (!docs) this.overlay.set(collection, (docs = new Map()));
    docs.delete(id); // re-insert so iteration order is the order of last write
    docs.set(id, doc);
  }
}
