import { MongoBulkWriteError, MongoClient } from 'mongodb';
import type { AnyBulkWriteOperation, Db, Filter, IndexDescription, Collection as MongoCollection } from 'mongodb';
import type { Collection, CollectionSpec, Doc, DocChange, FindQuery, ProjectionBatch, ReadStore, Scalar, UnitOfWork } from './port.ts';
import { BufferedUnitOfWork } from './unit-of-work.ts';
import { identifier, scalarKind } from './validation.ts';

/** A document as stored: `_id` repeats `id`; `_pos` is the log position of the batch that last wrote it. */
interface Stored {
  _id: string;
  id: string;
  _pos?: number;
  [field: string]: unknown;
}

/** Reads leave the internal fields out, so documents come back exactly as they were put. */
const PUBLIC = { _id: 0, _pos: 0 };

const DUPLICATE_KEY = 11000;

/** Where a field is stored: `id` is read from `_id` so filters and sorts on it use the primary index. */
const path = (field: string) => (field === 'id' ? '_id' : identifier('field', field));

function filterOf(where: Record<string, Scalar> = {}): Filter<Stored> {
  const filter: Record<string, Scalar> = {};
  for (const [field, value] of Object.entries(where)) {
    scalarKind(field, value);
    filter[path(field)] = value;
  }
  return filter;
}

function sortOf(sort: FindQuery['sort'] = []): Record<string, 1 | -1> {
  const order: Record<string, 1 | -1> = {};
  for (const [field, direction] of sort) order[path(field)] ??= direction === 'desc' ? -1 : 1;
  order._id ??= 1;
  return order;
}

/** The only failure a guarded batch expects: an upsert that lost to a newer write of the same document. */
function onlyNewerWritesWon(error: unknown): boolean {
  return (
    error instanceof MongoBulkWriteError &&
    error.result.hasWriteErrors() &&
    error.result.getWriteErrors().every((e) => e.code === DUPLICATE_KEY) &&
    !error.result.getWriteConcernError()
  );
}

class MongoReadCollection implements Collection {
  /** Index builds in flight: operations wait for them, and fail loudly when one failed. */
  private ready: Promise<unknown> = Promise.resolve();
  private readonly indexed = new Set<string>();

  constructor(readonly docs: MongoCollection<Stored>) {}

  ensureIndexes(indexes: string[][]): void {
    const fresh = indexes.filter((fields) => !this.indexed.has(fields.join(',')));
    if (!fresh.length) return;
    const descriptions: IndexDescription[] = fresh.map((fields) => ({
      key: Object.fromEntries(fields.map((field) => [path(field), 1 as const])),
    }));
    for (const fields of fresh) this.indexed.add(fields.join(','));
    this.ready = Promise.all([this.ready, this.docs.createIndexes(descriptions)]);
    this.ready.catch(() => {}); // reported to the operations awaiting it, not as an unhandled rejection
  }

  /**
   * Writes one batch so that replaying it is harmless: each write applies only over an
   * older version (lower `_pos`, or one put outside a batch). A delete leaves no tombstone:
   * the one batch ever replayed is the one after the checkpoint, and replaying it can only
   * put back a document that a later event of the log deletes again, whereas a tombstone
   * would have to be filtered out of every read, count and index.
   */
  async writeBatch(changes: DocChange[], position: number): Promise<void> {
    const operations = changes.map(({ id, doc }): AnyBulkWriteOperation<Stored> => {
      const filter: Filter<Stored> = { _id: id, $or: [{ _pos: { $lt: position } }, { _pos: { $exists: false } }] };
      if (!doc) return { deleteOne: { filter } };
      return { replaceOne: { filter, replacement: { ...doc, _id: id, _pos: position }, upsert: true } };
    });
    try {
      await this.docs.bulkWrite(operations, { ordered: false });
    } catch (error) {
      if (!onlyNewerWritesWon(error)) throw error;
    }
  }

  async get(id: string): Promise<Doc | null> {
    await this.ready;
    return (await this.docs.findOne({ _id: id }, { projection: PUBLIC })) as Doc | null;
  }

  async getMany(ids: string[]): Promise<Doc[]> {
    await this.ready;
    const found = (await this.docs.find({ _id: { $in: ids } }, { projection: PUBLIC }).toArray()) as Doc[];
    const byId = new Map(found.map((doc) => [doc.id, doc]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async put(doc: Doc): Promise<void> {
    await this.ready;
    await this.docs.replaceOne({ _id: doc.id }, { ...doc, _id: doc.id }, { upsert: true });
  }

  async patch(id: string, fields: Partial<Doc>): Promise<Doc | null> {
    await this.ready;
    const { id: _, ...changes } = fields; // the id never changes
    const options = { returnDocument: 'after', projection: PUBLIC } as const;
    return (await this.docs.findOneAndUpdate({ _id: id }, { $set: changes }, options)) as Doc | null;
  }

  async delete(id: string): Promise<boolean> {
    await this.ready;
    return (await this.docs.deleteOne({ _id: id })).deletedCount === 1;
  }

  async find(query: FindQuery = {}): Promise<Doc[]> {
    const filter = filterOf(query.where);
    const sort = sortOf(query.sort);
    if (query.limit === 0) return []; // MongoDB reads a limit of 0 as no limit at all
    await this.ready;
    const cursor = this.docs.find(filter, { projection: PUBLIC, sort, skip: query.skip ?? 0, limit: query.limit ?? 0 });
    return (await cursor.toArray()) as Doc[];
  }

  async count(where?: Record<string, Scalar>): Promise<number> {
    const filter = filterOf(where);
    await this.ready;
    return this.docs.countDocuments(filter);
  }
}

/**
 * Read store on MongoDB: one MongoDB collection per read-store collection. A batch is not
 * atomic across documents, so `commit` makes it idempotent instead: every write is guarded
 * by the batch's log position, and the checkpoint is written only after all of them.
 */
export class MongoReadStore implements ReadStore {
  readonly kind = 'mongo';
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly checkpoints: MongoCollection<{ _id: string; position: number }>;
  private readonly collections = new Map<string, MongoReadCollection>();

  constructor(url: string, dbName: string) {
    // Like JSON in the SQLite store, undefined fields are left out rather than stored as null.
    this.client = new MongoClient(url, { ignoreUndefined: true });
    this.db = this.client.db(dbName);
    // Collection names must start with a letter, so this one never clashes with a read model.
    this.checkpoints = this.db.collection('_checkpoints');
  }

  collection<T extends Doc = Doc>(spec: CollectionSpec | string): Collection<T> {
    const { name, indexes = [] } = typeof spec === 'string' ? { name: spec } : spec;
    const collection = this.open(name);
    collection.ensureIndexes(indexes);
    return collection as unknown as Collection<T>;
  }

  unitOfWork(): UnitOfWork {
    return new BufferedUnitOfWork((collection, id) => this.open(collection).get(id));
  }

  async commit(work: UnitOfWork, projection: string, position: number): Promise<void> {
    const batches = new Map<MongoReadCollection, DocChange[]>();
    for (const change of work.changes()) {
      const collection = this.open(change.collection);
      let batch = batches.get(collection);
      if (!batch) batches.set(collection, (batch = []));
      batch.push(change);
    }
    await Promise.all([...batches].map(([collection, changes]) => collection.writeBatch(changes, position)));
    await this.checkpoints.updateOne({ _id: projection }, { $max: { position } }, { upsert: true });
  }

  /** MongoDB has no cheap multi-collection atomic write here: each batch commits idempotently on its own. */
  async commitMany(batches: ProjectionBatch[]): Promise<void> {
    for (const { work, projection, position } of batches) await this.commit(work, projection, position);
  }

  async checkpoint(projection: string): Promise<number> {
    return (await this.checkpoints.findOne({ _id: projection }))?.position ?? 0;
  }

  /**
   * Forgets the checkpoint first, so an interrupted reset still ends in a rebuild; empties
   * the collections rather than dropping them, so the declared indexes stay.
   */
  async reset(projection: string, collections: string[]): Promise<void> {
    const emptied = collections.map((name) => this.open(name));
    await this.checkpoints.deleteOne({ _id: projection });
    await Promise.all(emptied.map((collection) => collection.docs.deleteMany({})));
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private open(name: string): MongoReadCollection {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new MongoReadCollection(this.db.collection<Stored>(identifier('collection', name)));
      this.collections.set(name, collection);
    }
    return collection;
  }
}
