/**
 * Event store port: append-only streams plus one global, totally ordered log.
 * Revisions are per stream and start at 0; positions are global, increase strictly, start above 0.
 * Every adapter passes `contract.ts`.
 */

export interface EventMetadata {
  /** The user (or system job) whose command produced the event; null for anonymous actions. */
  actor: string | null;
  correlationId: string;
  causationId: string | null;
  /** ISO-8601 UTC. */
  time: string;
  /**
   * The version of its type's shape it was written at (the event catalog's, which the write side
   * knows); absent when the writer named none, as on events written before versions were stamped.
   */
  schemaVersion?: number;
}

/** An event as a command handler proposes it; the store fills in the missing metadata. */
export interface NewEvent<T = unknown> {
  /** Unique id (UUID). Appending an id already stored in the stream is a no-op (idempotent retry). */
  id?: string;
  type: string;
  data: T;
  metadata?: Partial<EventMetadata>;
}

export interface RecordedEvent<T = unknown> {
  id: string;
  type: string;
  data: T;
  metadata: EventMetadata;
  stream: string;
  revision: number;
  position: number;
}

/** A number: the stream's current revision must be exactly this. */
export type ExpectedRevision = number | 'no_stream' | 'exists' | 'any';

export interface AppendResult {
  /** Revision of the last event of the stream after the append. */
  revision: number;
  /** Global position of the last appended event. */
  position: number;
}

/** One stream's part of an append to several streams at once. */
export interface StreamAppend {
  stream: string;
  events: NewEvent[];
  expectedRevision: ExpectedRevision;
}

export interface ReadStreamOptions {
  direction?: 'forwards' | 'backwards';
  /** Inclusive; defaults to the start (forwards) or the end (backwards). */
  fromRevision?: number;
  limit?: number;
}

export interface ReadAllOptions {
  /** Exclusive: events with a position above this. 0 reads from the start. */
  after?: number;
  limit?: number;
}

/** The events recorded with one correlation id. */
export interface Correlated {
  /** In log order: the first `limit` of them. */
  events: RecordedEvent[];
  /** How many there are in all. */
  total: number;
}

export interface SubscribeAllOptions {
  /** Checkpoint: the subscription delivers events with a position above this. */
  after: number;
  /** Largest batch handed over at once (catch-up reads in pages of this size). */
  batchSize?: number;
  signal?: AbortSignal;
}

export interface EventStore {
  readonly kind: string;
  append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult>;
  /**
   * Appends to several streams (each once) all or nothing: every stream's expected revision is
   * checked, and a conflict on any one writes nothing (WrongExpectedRevisionError naming it).
   * How uniqueness across streams is kept (e.g. a seller's SKUs beside a product's change).
   * The results, and the positions, follow the order given.
   */
  appendMany(appends: StreamAppend[]): Promise<AppendResult[]>;
  /** Events of one stream in order; an empty array when the stream does not exist. */
  readStream(stream: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Current revision of a stream, or -1 when it does not exist. */
  streamRevision(stream: string): Promise<number>;
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /** Position of the last event in the log (0 when empty). */
  lastPosition(): Promise<number>;
  /**
   * The events recorded with this correlation id (a purchase, an import: everything one act set
   * off, across streams), the first `limit` in log order, and how many in all; none for an id
   * never recorded. What the stream browser follows causation along.
   */
  readCorrelation(correlationId: string, limit: number): Promise<Correlated>;
  /**
   * Catch-up then live: yields batches of consecutive events in log order, never empty,
   * until the signal aborts (then the iterator ends). Transient connection failures are
   * retried from the last delivered position; only unrecoverable errors are thrown.
   */
  subscribeAll(options: SubscribeAllOptions): AsyncIterable<RecordedEvent[]>;
  close(): Promise<void>;
}

export class WrongExpectedRevisionError extends Error {
  readonly code = 'wrong_expected_revision';
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number,
  ) {
    super(`Stream ${stream} is at revision ${actual}, expected ${String(expected)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Fills in id and metadata defaults so adapters store complete events. */
export function completeEvent(
  event: NewEvent,
  now = new Date(),
): Required<Pick<NewEvent, 'id' | 'type' | 'data'>> & { metadata: EventMetadata } {
  const correlationId = event.metadata?.correlationId ?? crypto.randomUUID();
  return {
    id: event.id ?? crypto.randomUUID(),
    type: event.type,
    data: event.data,
    metadata: {
      actor: event.metadata?.actor ?? null,
      correlationId,
      causationId: event.metadata?.causationId ?? null,
      time: event.metadata?.time ?? now.toISOString(),
      ...(event.metadata?.schemaVersion !== undefined && { schemaVersion: event.metadata.schemaVersion }),
    },
  };
}

/** What every adapter refuses before an append to several streams: none, an empty part, a stream named twice. */
export function checkStreamAppends(appends: readonly StreamAppend[]): void {
  if (appends.length === 0) throw new RangeError('Nothing to append');
  const empty = appends.find((append) => append.events.length === 0);
  if (empty) throw new RangeError(`Nothing to append to ${empty.stream}`);
  const streams = new Set(appends.map((append) => append.stream));
  if (streams.size !== appends.length) throw new RangeError('An append to several streams names each stream once');
}

/** The revision check every adapter applies; `current` is -1 for a missing stream. */
export function checkExpectedRevision(stream: string, expected: ExpectedRevision, current: number): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === -1) ||
    (expected === 'exists' && current >= 0) ||
    (typeof expected === 'number' && expected === current);
  if (!ok) throw new WrongExpectedRevisionError(stream, expected, current);
}
