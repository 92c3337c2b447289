import { MongoClient, MongoServerError } from 'mongodb';
import type {
  AnyBulkWriteOperation,
  ClientSession,
  Db,
  Filter,
  IndexDescription,
  Collection as MongoCollection,
  MongoClientOptions,
} from 'mongodb';
import { type Fence, FencedError, type LeaseGrant, type LeaseStore } from '../lease/port.ts';
import type {
  Collection,
  CollectionSpec,
  Doc,
  DocChange,
  FindQuery,
  ProjectionBatch,
  ReadStore,
  Scalar,
  UnitOfWork,
} from './port.ts';
import { BufferedUnitOfWork } from './unit-of-work.ts';
import { identifier, scalarKind } from './validation.ts';

/**
 * A document as stored: `_id` repeats `id`; `_expiresAt` is the real date a TTL index reads,
 * copied from the field the collection names for expiry. (`_pos` is only found in documents
 * written by older versions, which guarded each write by log position instead of a transaction.)
 */
interface Stored {
  _id: string;
  id: string;
  _expiresAt?: Date;
  [field: string]: unknown;
}

interface StoredLease {
  _id: string;
  owner: string;
  epoch: number;
  expiresAt: Date;
  /** Raised by every fenced commit: the write that makes a commit conflict with a takeover. */
  fencedCommits?: number;
}

/** Reads leave the internal fields out, so documents come back exactly as they were put. */
const PUBLIC = { _id: 0, _pos: 0, _expiresAt: 0 };

const DUPLICATE_KEY = 11000;

export interface MongoReadStoreOptions {
  /**
   * Longest wait for one operation: the server's own limit (maxTimeMS) for each query and
   * write, the commit of a transaction (maxCommitTimeMS), connecting and the selection of a
   * server. Sockets give up on a server gone silent at six times this.
   */
  timeoutMs?: number;
}

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

class MongoReadCollection implements Collection {
  /** Index builds in flight: operations wait for them, and fail loudly when one failed. */
  ready: Promise<unknown> = Promise.resolve();
  private readonly indexed = new Set<string>();
  /** The field whose time, as a date, the TTL index expires documents by. */
  private expiryField: string | undefined;

  constructor(
    readonly docs: MongoCollection<Stored>,
    private readonly maxTimeMS: number,
  ) {}

  ensureIndexes(indexes: string[][], expireAt?: string): void {
    const descriptions: IndexDescription[] = [];
    for (const fields of indexes) {
      if (this.indexed.has(fields.join(','))) continue;
      this.indexed.add(fields.join(','));
      descriptions.push({ key: Object.fromEntries(fields.map((field) => [path(field), 1 as const])) });
    }
    if (expireAt && !this.expiryField) {
      this.expiryField = identifier('field', expireAt);
      // Expires a document once its date has passed (MongoDB's monitor runs about once a minute).
      descriptions.push({ key: { _expiresAt: 1 }, name: '_expiresAt_ttl', expireAfterSeconds: 0 });
    }
    if (!descriptions.length) return;
    // No maxTimeMS: building an index on a large collection may rightly take a while.
    this.ready = Promise.all([this.ready, this.docs.createIndexes(descriptions)]);
    this.ready.catch(() => {}); // reported to the operations awaiting it, not as an unhandled rejection
  }

  /** The stored form of a document: `_id`, and the expiry date when the collection has one. */
  stored(doc: Doc): Stored {
    const stored: Stored = { ...doc, _id: doc.id };
    const expiry = this.expiryOf(doc);
    if (expiry) stored._expiresAt = expiry;
    return stored;
  }

  private expiryOf(fields: Partial<Doc>): Date | undefined {
    if (!this.expiryField) return undefined;
    const value = fields[this.expiryField];
    const date = typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
    return date && !Number.isNaN(date.getTime()) ? date : undefined;
  }

  /** The writes of one batch, inside the commit's transaction: whole documents replaced or deleted. */
  async writeBatch(changes: DocChange[], session: ClientSession): Promise<void> {
    const operations = changes.map(({ id, doc }): AnyBulkWriteOperation<Stored> => {
      if (!doc) return { deleteOne: { filter: { _id: id } } };
      return { replaceOne: { filter: { _id: id }, replacement: this.stored(doc), upsert: true } };
    });
    await this.docs.bulkWrite(operations, { ordered: true, session });
  }

  async get(id: string): Promise<Doc | null> {
    await this.ready;
    return (await this.docs.findOne({ _id: id }, { projection: PUBLIC, maxTimeMS: this.maxTimeMS })) as Doc | null;
  }

  async getMany(ids: string[]): Promise<Doc[]> {
    await this.ready;
    const found = (await this.docs
      .find({ _id: { $in: ids } }, { projection: PUBLIC, maxTimeMS: this.maxTimeMS })
      .toArray()) as Doc[];
    const byId = new Map(found.map((doc) => [doc.id, doc]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  async put(doc: Doc): Promise<void> {
    await this.ready;
    await this.docs.replaceOne({ _id: doc.id }, this.stored(doc), { upsert: true, maxTimeMS: this.maxTimeMS });
  }

  async patch(id: string, fields: Partial<Doc>): Promise<Doc | null> {
    await this.ready;
    const { id: _, ...changes } = fields; // the id never changes
    const expiry = this.expiryField && this.expiryField in changes ? this.expiryOf(changes) : undefined;
    const update = expiry ? { ...changes, _expiresAt: expiry } : changes;
    const options = { returnDocument: 'after', projection: PUBLIC, maxTimeMS: this.maxTimeMS } as const;
    return (await this.docs.findOneAndUpdate({ _id: id }, { $set: update }, options)) as Doc | null;
  }

  async delete(id: string): Promise<boolean> {
    await this.ready;
    return (await this.docs.deleteOne({ _id: id }, { maxTimeMS: this.maxTimeMS })).deletedCount === 1;
  }

  async find(query: FindQuery = {}): Promise<Doc[]> {
    const filter = filterOf(query.where);
    const sort = sortOf(query.sort);
    if (query.limit === 0) return []; // MongoDB reads a limit of 0 as no limit at all
    await this.ready;
    const options = {
      projection: PUBLIC,
      sort,
      skip: query.skip ?? 0,
      limit: query.limit ?? 0,
      maxTimeMS: this.maxTimeMS,
    };
    return (await this.docs.find(filter, options).toArray()) as Doc[];
  }

  async count(where?: Record<string, Scalar>): Promise<number> {
    const filter = filterOf(where);
    await this.ready;
    return this.docs.countDocuments(filter, { maxTimeMS: this.maxTimeMS });
  }
}

const grantOf = (lease: StoredLease): LeaseGrant => ({
  name: lease._id,
  owner: lease.owner,
  epoch: lease.epoch,
  expiresAt: lease.expiresAt.getTime(),
});

/**
 * Leases as documents of `_leases`: owner, epoch and expiry. Each change is one atomic
 * findOneAndUpdate whose filter admits only the holder or an expired lease, and whose times
 * come from the server's clock (`$$NOW`), which every process shares.
 */
class MongoLeases implements LeaseStore {
  constructor(
    readonly docs: MongoCollection<StoredLease>,
    private readonly maxTimeMS: number,
  ) {}

  async acquire(name: string, owner: string, ttlMs: number): Promise<LeaseGrant | null> {
    const holder = { $eq: ['$owner', { $literal: owner }] };
    try {
      const lease = await this.docs.findOneAndUpdate(
        // Free (no document yet: the upsert inserts it), expired, or ours: the holder renews
        // with its epoch even past the expiry, since nobody took it meanwhile.
        { _id: name, $or: [{ owner }, { $expr: { $lte: ['$expiresAt', '$$NOW'] } }] },
        [
          {
            $set: {
              epoch: { $cond: [holder, '$epoch', { $add: [{ $ifNull: ['$epoch', 0] }, 1] }] },
              owner: { $literal: owner },
              expiresAt: { $add: ['$$NOW', ttlMs] },
            },
          },
        ],
        { upsert: true, returnDocument: 'after', maxTimeMS: this.maxTimeMS },
      );
      return lease ? grantOf(lease) : null;
    } catch (error) {
      // The lease exists and the filter refused it (another holder, unexpired): the upsert's
      // insert collides with it. Also the loser of two processes racing for a new lease.
      if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return null;
      throw error;
    }
  }

  /** The document stays, expired at once, so the epoch is never lowered. */
  async release(name: string, owner: string): Promise<void> {
    await this.docs.updateOne(
      { _id: name, owner },
      { $set: { expiresAt: new Date(0) } },
      { maxTimeMS: this.maxTimeMS },
    );
  }

  async list(): Promise<LeaseGrant[]> {
    const leases = await this.docs.find({}, { sort: { _id: 1 }, maxTimeMS: this.maxTimeMS }).toArray();
    return leases.map(grantOf);
  }

  /**
   * Inside a commit's transaction: writes to the lease document when its epoch is still the
   * fence's, else throws. Writing (not just reading) it makes a takeover that races the commit
   * conflict with it, so one of them waits for or retries after the other.
   */
  async check(fence: Fence, session: ClientSession): Promise<void> {
    const { matchedCount } = await this.docs.updateOne(
      { _id: fence.lease, epoch: fence.epoch },
      { $inc: { fencedCommits: 1 } },
      { session },
    );
    if (matchedCount === 0) throw new FencedError(fence);
  }
}

/**
 * Read store on MongoDB: one MongoDB collection per read-store collection. A commit writes
 * its documents, the checkpoints and (with a fence) the lease check in one transaction, so
 * it needs a replica set (one member is enough, as docker-compose.yml runs it).
 */
export class MongoReadStore implements ReadStore {
  readonly kind = 'mongo';
  readonly leases: MongoLeases;
  private readonly client: MongoClient;
  private readonly db: Db;
  private readonly checkpoints: MongoCollection<{ _id: string; position: number }>;
  private readonly collections = new Map<string, MongoReadCollection>();
  private readonly timeoutMs: number;

  constructor(url: string, dbName: string, options: MongoReadStoreOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    const clientOptions: MongoClientOptions = {
      // Like JSON in the SQLite store, undefined fields are left out rather than stored as null.
      ignoreUndefined: true,
      serverSelectionTimeoutMS: this.timeoutMs,
      connectTimeoutMS: this.timeoutMs,
      waitQueueTimeoutMS: this.timeoutMs,
      // Well past the server's own limits (maxTimeMS, maxCommitTimeMS) and an index build on
      // a large collection: only a server that went silent hits it.
      socketTimeoutMS: this.timeoutMs * 6,
    };
    this.client = new MongoClient(url, clientOptions);
    this.db = this.client.db(dbName);
    // Collection names must start with a letter, so these never clash with a read model.
    this.checkpoints = this.db.collection('_checkpoints');
    this.leases = new MongoLeases(this.db.collection('_leases'), this.timeoutMs);
  }

  collection<T extends Doc = Doc>(spec: CollectionSpec | string): Collection<T> {
    const { name, indexes = [], expireAt } = typeof spec === 'string' ? { name: spec, expireAt: undefined } : spec;
    const collection = this.open(name);
    collection.ensureIndexes(indexes, expireAt);
    return collection as unknown as Collection<T>;
  }

  unitOfWork(): UnitOfWork {
    return new BufferedUnitOfWork((collection, id) => this.open(collection).get(id));
  }

  async commit(work: UnitOfWork, projection: string, position: number, fence?: Fence): Promise<void> {
    await this.commitMany([{ work, projection, position }], fence);
  }

  /**
   * One transaction for every batch: the fence first, then each batch's documents and its
   * checkpoint. `withTransaction` retries the whole callback on transient errors (a write
   * conflict with a takeover among them), and the callback is safe to run again.
   */
  async commitMany(batches: ProjectionBatch[], fence?: Fence): Promise<void> {
    const writes = batches.map(({ work, projection, position }) => {
      const byCollection = new Map<MongoReadCollection, DocChange[]>();
      for (const change of work.changes()) {
        const collection = this.open(change.collection);
        let changes = byCollection.get(collection);
        if (!changes) byCollection.set(collection, (changes = []));
        changes.push(change);
      }
      return { projection, position, byCollection };
    });
    // Index builds touch the catalog: let them finish before the transaction writes there.
    await Promise.all(
      writes.flatMap(({ byCollection }) => [...byCollection.keys()].map((collection) => collection.ready)),
    );

    const session = this.client.startSession();
    try {
      await session.withTransaction(
        async () => {
          if (fence) await this.leases.check(fence, session);
          for (const { projection, position, byCollection } of writes) {
            for (const [collection, changes] of byCollection) await collection.writeBatch(changes, session);
            await this.checkpoints.updateOne({ _id: projection }, { $max: { position } }, { upsert: true, session });
          }
        },
        { maxCommitTimeMS: this.timeoutMs },
      );
    } finally {
      await session.endSession();
    }
  }

  async checkpoint(projection: string): Promise<number> {
    return (await this.checkpoints.findOne({ _id: projection }, { maxTimeMS: this.timeoutMs }))?.position ?? 0;
  }

  /**
   * Forgets the checkpoint first, so an interrupted reset still ends in a rebuild; empties
   * the collections rather than dropping them, so the declared indexes stay.
   */
  async reset(projection: string, collections: string[]): Promise<void> {
    const emptied = collections.map((name) => this.open(name));
    await this.checkpoints.deleteOne({ _id: projection }, { maxTimeMS: this.timeoutMs });
    await Promise.all(emptied.map((collection) => collection.docs.deleteMany({}, { maxTimeMS: this.timeoutMs })));
  }

  async close(): Promise<void> {
    await this.client.close();
  }

  private open(name: string): MongoReadCollection {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new MongoReadCollection(this.db.collection<Stored>(identifier('collection', name)), this.timeoutMs);
      this.collections.set(name, collection);
    }
    return collection;
  }
}
