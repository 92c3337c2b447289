/**
 * Read store port: named collections of JSON documents keyed by `id`, the read models
 * projections build and queries serve, with the leases of their writers in the same database.
 * Every adapter passes `contract.ts` and `../lease/contract.ts`.
 */
import type { Fence, LeaseStore } from '../lease/port.ts';

export type Scalar = string | number | boolean | null;

export interface Doc {
  id: string;
  [field: string]: unknown;
}

export interface FindQuery {
  /** Equality on top-level fields; all must hold. */
  where?: Record<string, Scalar>;
  /** Applied in order; ties keep ascending `id` order so paging is stable. */
  sort?: Array<[field: string, direction: 'asc' | 'desc']>;
  limit?: number;
  skip?: number;
}

export interface CollectionSpec {
  name: string;
  /** Field lists the queries filter and sort on; adapters create indexes for them. */
  indexes?: string[][];
  /**
   * A field holding an ISO-8601 time after which a document may vanish by itself (sessions).
   * Stores that expire documents (MongoDB, with a TTL index) remove it some time after that;
   * the others keep it, so readers must still compare the time themselves.
   */
  expireAt?: string;
}

export interface Collection<T extends Doc = Doc> {
  get(id: string): Promise<T | null>;
  /** Documents that exist, in the order of `ids`. */
  getMany(ids: string[]): Promise<T[]>;
  put(doc: T): Promise<void>;
  /** Shallow merge into an existing document; returns the result, or null when absent. */
  patch(id: string, fields: Partial<T>): Promise<T | null>;
  delete(id: string): Promise<boolean>;
  find(query?: FindQuery): Promise<T[]>;
  count(where?: Record<string, Scalar>): Promise<number>;
}

/** Reads and buffered writes of one projection batch; see `ReadStore.commit`. */
export interface UnitOfWork {
  get<T extends Doc = Doc>(collection: string, id: string): Promise<T | null>;
  put<T extends Doc>(collection: string, doc: T): void;
  patch<T extends Doc>(collection: string, id: string, fields: Partial<T>): Promise<T | null>;
  delete(collection: string, id: string): void;
  /** What the batch changed, in the order written, last write per document. */
  changes(): DocChange[];
}

export interface DocChange {
  collection: string;
  id: string;
  /** The document after the batch, or null when deleted. */
  doc: Doc | null;
}

export interface ProjectionBatch {
  work: UnitOfWork;
  projection: string;
  position: number;
}

export interface ReadStore {
  readonly kind: string;
  /** Opens a collection, creating it and its indexes when missing. */
  collection<T extends Doc = Doc>(spec: CollectionSpec | string): Collection<T>;
  /** A batch whose reads see its own writes; nothing is stored until `commit`. */
  unitOfWork(): UnitOfWork;
  /** The leases of the processes that write here (one active writer per projection group or reactor). */
  readonly leases: LeaseStore;
  /**
   * Stores the batch's writes and the checkpoint of `projection` at `position` together, in
   * one transaction. With a `fence`, the same transaction first checks that `fence.epoch` is
   * still the current epoch of lease `fence.lease`, else throws `FencedError` and stores nothing.
   */
  commit(work: UnitOfWork, projection: string, position: number, fence?: Fence): Promise<void>;
  /** Several projections' batches at once, in one transaction, under one optional fence. */
  commitMany(batches: ProjectionBatch[], fence?: Fence): Promise<void>;
  /** Last committed position of a projection (0 when it never ran). */
  checkpoint(projection: string): Promise<number>;
  /** Drops the collections and the checkpoint so the projection rebuilds from zero. */
  reset(projection: string, collections: string[]): Promise<void>;
  close(): Promise<void>;
}
