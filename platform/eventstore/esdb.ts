import { setTimeout as sleep } from 'node:timers/promises';
import {
  ANY,
  BACKWARDS,
  CancelledError,
  DeadlineExceededError,
  END,
  KurrentDBClient,
  FORWARDS,
  NO_STREAM,
  NotLeaderError,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  TimeoutError,
  UnavailableError,
  WrongExpectedVersionError,
  excludeSystemEvents,
  jsonEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendStreamState,
  type JSONType,
  type Position,
  type ResolvedEvent,
} from '@kurrent/kurrentdb-client';
import {
  WrongExpectedRevisionError,
  completeEvent,
  type AppendResult,
  type Correlated,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeAllOptions,
  checkStreamAppends,
} from './port.ts';

export interface EventStoreDbOptions {
  /**
   * Longest wait for the server: for a whole append, and for each message of a read or the
   * confirmation of a subscription. The client's own deadlines do not cover a server that
   * accepts connections but never answers.
   */
  timeoutMs?: number;
  /** First and longest pause before a dropped subscription or a failed append is tried again. */
  retryDelayMs?: { first: number; max: number };
  /**
   * Tries of one append when the server is unreachable or silent. Every try sends the same
   * event ids, so a try that landed although its answer was lost is not written again.
   */
  appendAttempts?: number;
}

export class EventStoreDbTimeoutError extends Error {
  constructor(operation: string, timeoutMs: number) {
    super(`EventStoreDB did not answer ${operation} within ${timeoutMs} ms`);
    this.name = 'EventStoreDbTimeoutError';
  }
}

const DEFAULT_BATCH_SIZE = 500;

/** Event store on EventStoreDB / KurrentDB: the adapter for running at scale. */
export class EventStoreDbStore implements EventStore {
  readonly kind = 'eventstoredb';
  readonly #client: KurrentDBClient;
  readonly #timeoutMs: number;
  readonly #retryDelayMs: { first: number; max: number };
  readonly #appendAttempts: number;

  /**
   * `connectionString` as the client takes it, e.g. `kurrentdb://localhost:2113?tls=false`;
   * the older `esdb://` and `esdb+discover://` schemes are accepted too.
   */
  constructor(connectionString: string, options: EventStoreDbOptions = {}) {
    this.#client = KurrentDBClient.connectionString(withCurrentScheme(connectionString));
    this.#timeoutMs = options.timeoutMs ?? 10_000;
    this.#retryDelayMs = options.retryDelayMs ?? { first: 100, max: 5_000 };
    this.#appendAttempts = options.appendAttempts ?? 3;
  }

  async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`Nothing to append to ${stream}`);
    const now = new Date();
    // The ids are fixed here, once: every try below sends the same ones, and the server
    // recognises a try that already landed by them instead of writing the events twice.
    const data = events.map((event) => {
      const { id, type, data, metadata } = completeEvent(event, now);
      return jsonEvent({ id, type, data: data as JSONType, metadata: { ...metadata, ...serverLinks(metadata) } });
    });
    const options = { streamState: toStreamState(expectedRevision), deadline: this.#timeoutMs };
    let retryDelay = this.#retryDelayMs.first;
    for (let attempt = 1; ; attempt++) {
      try {
        const result = await this.#withTimeout(
          `an append to ${stream}`,
          this.#client.appendToStream(stream, data, options),
        );
        const revision = Number(result.nextExpectedRevision);
        // A retry recognised as such may come back without a position: look it up.
        const position = result.position
          ? toPosition(result.position.commit)
          : (await this.#eventAt(stream, revision)).position;
        return { revision, position };
      } catch (error) {
        if (error instanceof WrongExpectedVersionError) {
          const actual = error.actualState === NO_STREAM ? -1 : Number(error.actualState);
          throw new WrongExpectedRevisionError(stream, expectedRevision, actual);
        }
        if (attempt >= this.#appendAttempts || !isTransient(error)) throw error;
      }
      await sleep(retryDelay);
      retryDelay = Math.min(retryDelay * 2, this.#retryDelayMs.max);
    }
  }

  /**
   * KurrentDB's multi-stream append (25.1 and later): all or nothing. Its events carry their
   * metadata as properties of text only, so the metadata's nulls are written as '' (read back as
   * null by toRecordedEvent); each stream's last position is read back, the server answering one.
   */
  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    checkStreamAppends(appends);
    const now = new Date();
    const requests = appends.map(({ stream, events, expectedRevision }) => ({
      streamName: stream,
      expectedState: toStreamState(expectedRevision),
      events: events.map((event) => {
        const { id, type, data, metadata } = completeEvent(event, now);
        return jsonEvent({ id, type, data: data as JSONType, metadata: textMetadata(metadata) });
      }),
    }));
    try {
      const { responses } = await this.#withTimeout(
        'an append to several streams',
        this.#client.multiStreamAppend(requests),
      );
      return Promise.all(
        appends.map(async ({ stream }) => {
          const revision = Number(responses.find((response) => response.streamName === stream)!.revision);
          return { revision, position: (await this.#eventAt(stream, revision)).position };
        }),
      );
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      const { streamName, actualState } = error;
      const expected = appends.find((append) => append.stream === streamName)?.expectedRevision ?? 'any';
      throw new WrongExpectedRevisionError(
        streamName,
        expected,
        typeof actualState === 'bigint' ? Number(actualState) : -1,
      );
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const backwards = options.direction === 'backwards';
    const limit = options.limit ?? Number.MAX_SAFE_INTEGER;
    if (limit <= 0) return [];
    const events: RecordedEvent[] = [];
    const read = this.#client.readStream(stream, {
      direction: backwards ? BACKWARDS : FORWARDS,
      fromRevision: options.fromRevision === undefined ? (backwards ? END : START) : BigInt(options.fromRevision),
      maxCount: limit,
    });
    try {
      await this.#consume(`a read of ${stream}`, read, (resolved) => {
        if (resolved.event) events.push(toRecordedEvent(resolved.event));
        return true;
      });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async streamRevision(stream: string): Promise<number> {
    const [last] = await this.readStream(stream, { direction: 'backwards', limit: 1 });
    return last?.revision ?? -1;
  }

  async readAll({ after = 0, limit = Number.MAX_SAFE_INTEGER }: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    if (limit <= 0) return events;
    // Reads from a position include the event at that position; `after` is exclusive.
    const read = this.#client.readAll({ fromPosition: after === 0 ? START : toAllPosition(after) });
    await this.#consume('a read of $all', read, (resolved) => {
      const event = userEvent(resolved);
      if (event && event.position > after) events.push(event);
      return events.length < limit;
    });
    return events;
  }

  /**
   * From `$bc-<correlation id>`, the stream KurrentDB's system projection `$by_correlation_id`
   * keeps of the events whose metadata names it in `$correlationId` (written beside ours at
   * every append). Needs the server's system projections running, and that one started; it
   * follows the log, so the latest events of a correlation may be listed a moment later.
   */
  async readCorrelation(correlationId: string, limit: number): Promise<Correlated> {
    const stream = `$bc-${correlationId}`;
    const events: RecordedEvent[] = [];
    let total = 0;
    try {
      if (limit > 0) {
        const read = this.#client.readStream(stream, { fromRevision: START, maxCount: limit, resolveLinkTos: true });
        await this.#consume(`a read of ${stream}`, read, (resolved) => {
          if (resolved.event) events.push(toRecordedEvent(resolved.event));
          return true;
        });
      }
      // The links are numbered from 0: the last one's number counts them (one whose event is gone included).
      const last = this.#client.readStream(stream, { direction: BACKWARDS, fromRevision: END, maxCount: 1 });
      await this.#consume(`a backwards read of ${stream}`, last, (resolved) => {
        if (resolved.event) total = Number(resolved.event.revision) + 1;
        return false;
      });
    } catch (error) {
      if (error instanceof StreamNotFoundError) return { events: [], total: 0 };
      throw error;
    }
    return { events, total };
  }

  async lastPosition(): Promise<number> {
    let last = 0;
    const read = this.#client.readAll({ direction: BACKWARDS, fromPosition: END });
    await this.#consume('a backwards read of $all', read, (resolved) => {
      const event = userEvent(resolved);
      if (event) last = event.position;
      return last === 0;
    });
    return last;
  }

  async *subscribeAll({
    after,
    batchSize = DEFAULT_BATCH_SIZE,
    signal,
  }: SubscribeAllOptions): AsyncGenerator<RecordedEvent[]> {
    let position = after;
    let retryDelay = this.#retryDelayMs.first;
    while (!signal?.aborted) {
      const subscription = new BufferedSubscription(
        this.#client.subscribeToAll({
          fromPosition: position === 0 ? START : toAllPosition(position),
          filter: excludeSystemEvents(),
        }),
      );
      try {
        await subscription.confirmed(this.#timeoutMs, signal);
        retryDelay = this.#retryDelayMs.first;
        for (;;) {
          const buffered = await subscription.take(batchSize, signal);
          if (!buffered) break;
          // A resubscription may start at the last delivered event again: skip what was delivered.
          const batch = buffered
            .map(userEvent)
            .filter((e): e is RecordedEvent => e !== undefined && e.position > position);
          const last = batch.at(-1);
          if (last) {
            position = last.position;
            yield batch;
          }
        }
      } catch (error) {
        if (!signal?.aborted && !isTransient(error)) throw error;
      } finally {
        subscription.close();
      }
      if (signal?.aborted) break;
      await sleep(retryDelay, undefined, { signal }).catch(() => {});
      retryDelay = Math.min(retryDelay * 2, this.#retryDelayMs.max);
    }
  }

  /** Closes the connections; a server that does not answer the goodbye does not hold up the shutdown. */
  async close(): Promise<void> {
    await this.#withTimeout('closing the connection', this.#client.dispose()).catch((error: unknown) => {
      if (!(error instanceof EventStoreDbTimeoutError)) throw error;
    });
  }

  async #eventAt(stream: string, revision: number): Promise<RecordedEvent> {
    const [event] = await this.readStream(stream, { fromRevision: revision, limit: 1 });
    if (!event) throw new Error(`Event ${revision} of ${stream} was appended but cannot be read`);
    return event;
  }

  #withTimeout<T>(operation: string, promise: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new EventStoreDbTimeoutError(operation, this.#timeoutMs)), this.#timeoutMs);
    });
    return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
  }

  /**
   * Feeds a read to `take` until it ends or `take` answers false. Fails when the server stays
   * silent for the timeout: a long read is fine as long as events keep coming.
   */
  async #consume<E>(operation: string, read: AsyncIterableIterator<E>, take: (event: E) => boolean): Promise<void> {
    try {
      for (;;) {
        const next = await this.#withTimeout(operation, read.next());
        if (next.done || !take(next.value)) return;
      }
    } finally {
      // Closes the server's stream. Behind a read still waiting for the server the close waits
      // too, so it is not awaited, and its late failure is ignored.
      read.return?.().catch(() => {});
    }
  }
}

/**
 * A subscription read as a pull: each take hands over what has arrived, up to a batch, and
 * waits only when nothing has.
 */
class BufferedSubscription {
  readonly #subscription: AllStreamSubscription;
  #confirmed = false;
  #failure: unknown;
  #wake: (() => void) | undefined;

  constructor(subscription: AllStreamSubscription) {
    this.#subscription = subscription;
    subscription
      .on('confirmation', () => {
        this.#confirmed = true;
        this.#wakeUp();
      })
      .on('readable', () => this.#wakeUp())
      .on('end', () => this.#wakeUp())
      .on('close', () => this.#wakeUp())
      .on('error', (error: unknown) => this.#fail(error));
  }

  /** Waits until the server has confirmed the subscription; no confirmation in time counts as a drop. */
  async confirmed(timeoutMs: number, signal?: AbortSignal): Promise<void> {
    const timer = setTimeout(
      () => this.#fail(new EventStoreDbTimeoutError('a subscription to $all', timeoutMs)),
      timeoutMs,
    );
    try {
      for (;;) {
        if (this.#failure !== undefined) throw this.#failure;
        if (this.#confirmed || this.#ended || signal?.aborted) return;
        await this.#next(signal);
      }
    } finally {
      clearTimeout(timer);
    }
  }

  /** Up to `max` events, waiting for at least one; undefined once the subscription has ended or the signal aborted. */
  async take(max: number, signal?: AbortSignal): Promise<AllStreamResolvedEvent[] | undefined> {
    for (;;) {
      if (signal?.aborted) return undefined;
      const batch: AllStreamResolvedEvent[] = [];
      for (let event; batch.length < max && (event = this.#subscription.read() as AllStreamResolvedEvent | null); )
        batch.push(event);
      if (batch.length > 0) return batch;
      if (this.#failure !== undefined) throw this.#failure;
      if (this.#ended) return undefined;
      await this.#next(signal);
    }
  }

  close(): void {
    this.#subscription.unsubscribe().catch(() => {});
    this.#subscription.destroy();
  }

  get #ended(): boolean {
    return this.#subscription.readableEnded || this.#subscription.destroyed;
  }

  #fail(error: unknown): void {
    this.#failure ??= error;
    this.#wakeUp();
  }

  #wakeUp(): void {
    this.#wake?.();
    this.#wake = undefined;
  }

  /** Resolves at the next thing the subscription does, or when the signal aborts. */
  #next(signal?: AbortSignal): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        signal?.removeEventListener('abort', done);
        resolve();
      };
      this.#wake = done;
      signal?.addEventListener('abort', done);
    });
  }
}

/** Failures after which subscribing again from the last delivered position may succeed. */
function isTransient(error: unknown): boolean {
  return [
    UnavailableError,
    CancelledError,
    DeadlineExceededError,
    TimeoutError,
    NotLeaderError,
    EventStoreDbTimeoutError,
  ].some((type) => error instanceof type);
}

/** The client still parses `esdb://` but warns on every connection: the same address under its current name. */
function withCurrentScheme(connectionString: string): string {
  return connectionString.replace(/^esdb(\+discover)?:\/\//i, 'kurrentdb$1://');
}

function toStreamState(expected: ExpectedRevision): AppendStreamState {
  if (expected === 'no_stream' || expected === -1) return NO_STREAM;
  if (expected === 'exists') return STREAM_EXISTS;
  if (expected === 'any') return ANY;
  return BigInt(expected);
}

/**
 * Our positions are the commit positions of the server's log, a byte offset: a JS number is
 * exact up to 2^53 bytes (8 PiB), beyond any log this system will write.
 */
function toPosition(commit: bigint | undefined): number {
  if (commit === undefined || commit > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new Error(
      `EventStoreDB gave no usable log position (${commit}); positions on stream reads need server 22.6 or later`,
    );
  }
  return Number(commit);
}

/** Events appended one write at a time have equal commit and prepare positions. */
function toAllPosition(position: number): Position {
  return { commit: BigInt(position), prepare: BigInt(position) };
}

/** The recorded event, unless it is one of the server's own ($-prefixed type or stream). */
function userEvent(resolved: AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || event.type.startsWith('$') || event.streamId.startsWith('$')) return undefined;
  return toRecordedEvent(event);
}

/**
 * The correlation and cause as KurrentDB's own projections read them (`$by_correlation_id`
 * makes `$bc-<id>` of them); '' for no cause, as its metadata is text.
 */
const serverLinks = ({ correlationId, causationId }: EventMetadata) => ({
  $correlationId: correlationId,
  $causationId: causationId ?? '',
});

/** Metadata as a multi-stream append takes it: text only, '' for null. */
const textMetadata = (metadata: EventMetadata): Record<string, string> => ({
  actor: metadata.actor ?? '',
  correlationId: metadata.correlationId,
  causationId: metadata.causationId ?? '',
  time: metadata.time,
  ...(metadata.schemaVersion !== undefined && { schemaVersion: String(metadata.schemaVersion) }),
  ...serverLinks(metadata),
});

function toRecordedEvent(event: NonNullable<ResolvedEvent['event']>): RecordedEvent {
  // The server's copies of the links are the server's business.
  const { $correlationId, $causationId, ...metadata } = (event.metadata ?? {}) as unknown as EventMetadata & {
    $correlationId?: string;
    $causationId?: string;
  };
  return {
    id: event.id,
    type: event.type,
    data: event.data,
    // '' of an event written by a multi-stream append (textMetadata) is null, and its version text.
    metadata: {
      ...metadata,
      actor: metadata.actor || null,
      causationId: metadata.causationId || null,
      ...(metadata.schemaVersion !== undefined && { schemaVersion: Number(metadata.schemaVersion) }),
    },
    stream: event.streamId,
    revision: Number(event.revision),
    position: toPosition(event.position?.commit),
  };
}
