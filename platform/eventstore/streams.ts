import {
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadStreamOptions,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from './port.ts';

/** An event as the domain writes it: its type names the shape of its data. */
export interface EventShape {
  type: string;
  data: unknown;
}

/** A recorded event of the domain's type `E`, with its id, metadata and place in the log. */
export type Recorded<E extends EventShape> = E & Omit<RecordedEvent, 'type' | 'data'>;

/**
 * Whether a recorded event is of one of `types`: its data is then what the domain wrote under
 * that type (how reactors following the whole log take the events they follow as the domain's).
 */
export function isOneOf<E extends EventShape>(
  recorded: RecordedEvent,
  types: ReadonlySet<E['type']>,
): recorded is Recorded<E> {
  const names: ReadonlySet<string> = types;
  return names.has(recorded.type);
}

/** What folds a stream's events into a state. */
export interface Folder<S, E> {
  initialState: S;
  evolve(state: S, event: E): S;
}

/**
 * The whole write-side behaviour of one stream, as the write side runs it: domain/decider.ts's
 * `Decider` has this shape (platform/ cannot name the domain, so it is spelled here by shape).
 */
export interface StreamDecider<C, S, E> extends Folder<S, E> {
  decide(command: C, state: S): E[];
}

interface Cached {
  revision: number;
  position: number;
  state: unknown;
}

export interface Decided<E> {
  events: E[];
  /** Global position reached (of the last event written, or of the stream's last event when nothing was written). */
  position: number;
  revision: number;
}

/** Another stream's events, appended with a command's (Streams.handleAlongside) at the revision read. */
export interface Alongside {
  stream: string;
  events: EventShape[];
  expectedRevision: ExpectedRevision;
}

const expected = (revision: number): ExpectedRevision => (revision === -1 ? 'no_stream' : revision);

export interface CommandMetadata {
  actor: string | null;
  correlationId?: string;
  causationId?: string | null;
}

/** A stream changed under a command at every attempt: the command may be tried again later. */
export class StreamContendedError extends Error {
  constructor(readonly stream: string) {
    super(`Stream ${stream} changed under the command at each of ${MAX_ATTEMPTS} attempts`);
    this.name = 'StreamContendedError';
  }
}

export interface StreamsOptions {
  /** The version of a type's shape the domain writes now, recorded in each event's metadata. */
  schemaVersion?: (type: string) => number | undefined;
}

const MAX_ATTEMPTS = 30;
const CACHE_LIMIT = 20_000;

/**
 * The write side's view of streams, the one way commands and workers write. States are cached
 * by stream and brought up to date by reading only the events after the cached revision, so
 * hot streams (a popular product's stock) are not re-read from the start on every command.
 * Commands on one stream run one at a time in this process; across processes the expected
 * revision guards the append and a conflict re-reads and re-decides.
 */
export class Streams {
  private readonly cache = new Map<string, Cached>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(
    readonly store: EventStore,
    private readonly options: StreamsOptions = {},
  ) {}

  /**
   * The events of one stream as the domain's events `E`: a stream holds the events its name
   * promises (domain/ names each stream beside its events), so this is where the log's
   * untyped data is taken as theirs, once for every reader.
   */
  async read<E extends EventShape = EventShape>(stream: string, options?: ReadStreamOptions): Promise<Recorded<E>[]> {
    return (await this.store.readStream(stream, options)) as Recorded<E>[];
  }

  /** Current state and revision (-1 for a missing stream) of one stream. */
  async load<S, E extends EventShape>(
    stream: string,
    folder: Folder<S, E>,
  ): Promise<{ state: S; revision: number; position: number }> {
    const key = cacheKey(stream, folder);
    const cached = this.cache.get(key) ?? { revision: -1, position: 0, state: folder.initialState };
    const fresh = await this.read<E>(stream, { fromRevision: cached.revision + 1 });
    let state = cached.state as S;
    for (const event of fresh) state = folder.evolve(state, event);
    const last = fresh[fresh.length - 1];
    const entry = last ? { revision: last.revision, position: last.position, state } : cached;
    this.remember(key, entry);
    return { state, revision: entry.revision, position: entry.position };
  }

  /**
   * Runs `command` on a stream: folds, decides and appends with optimistic concurrency,
   * re-reading and re-deciding on a conflict (a command decided again on a state that already
   * has its effect decides nothing, so a worker's retry or a racing process records it once).
   */
  async handle<C, S, E extends EventShape>(
    stream: string,
    decider: StreamDecider<C, S, E>,
    command: C,
    metadata: CommandMetadata,
  ): Promise<Decided<E>> {
    return this.exclusive(stream, async () => {
      for (let attempt = 1; ; attempt++) {
        const { state, revision, position } = await this.load(stream, decider);
        const events = decider.decide(command, state);
        if (events.length === 0) return { events, position, revision };
        try {
          const result = await this.store.append(
            stream,
            events.map((e) => this.toNew(e, metadata)),
            revision === -1 ? 'no_stream' : revision,
          );
          return { events, position: result.position, revision: result.revision };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          if (attempt >= MAX_ATTEMPTS) throw new StreamContendedError(stream);
          await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
        }
      }
    });
  }

  /**
   * Runs `command` on a stream as `handle` does, and appends with its events, all or nothing,
   * what `alongside` derives from them (from the state they were decided on): another stream's
   * events at the revision it read that stream at, or null for none. A conflict on either stream
   * reads both again and decides again; what `alongside` throws refuses the command.
   */
  async handleAlongside<C, S, E extends EventShape>(
    stream: string,
    decider: StreamDecider<C, S, E>,
    command: C,
    metadata: CommandMetadata,
    alongside: (state: S, events: E[]) => Promise<Alongside | null>,
  ): Promise<Decided<E>> {
    return this.exclusive(stream, async () => {
      for (let attempt = 1; ; attempt++) {
        const { state, revision, position } = await this.load(stream, decider);
        const events = decider.decide(command, state);
        if (events.length === 0) return { events, position, revision };
        const other = await alongside(state, events);
        const own = {
          stream,
          events: events.map((e) => this.toNew(e, metadata)),
          expectedRevision: expected(revision),
        };
        try {
          const [result] = other
            ? await this.store.appendMany([own, { ...other, events: other.events.map((e) => this.toNew(e, metadata)) }])
            : [await this.store.append(own.stream, own.events, own.expectedRevision)];
          return { events, position: result!.position, revision: result!.revision };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          if (attempt >= MAX_ATTEMPTS) throw new StreamContendedError(error.stream);
          await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
        }
      }
    });
  }

  /** Appends without a decider (e.g. a reservation with expected revision 'no_stream'). */
  async append(stream: string, events: EventShape[], expected: ExpectedRevision, metadata: CommandMetadata) {
    return this.store.append(
      stream,
      events.map((e) => this.toNew(e, metadata)),
      expected,
    );
  }

  private toNew(event: EventShape, metadata: CommandMetadata): NewEvent {
    const schemaVersion = this.options.schemaVersion?.(event.type);
    return {
      type: event.type,
      data: event.data,
      metadata: {
        actor: metadata.actor,
        ...(metadata.correlationId && { correlationId: metadata.correlationId }),
        causationId: metadata.causationId ?? null,
        ...(schemaVersion !== undefined && { schemaVersion }),
      },
    };
  }

  private async exclusive<T>(stream: string, work: () => Promise<T>): Promise<T> {
    const previous = this.locks.get(stream) ?? Promise.resolve();
    const run = previous.then(work, work);
    const tail = run.catch(() => {});
    this.locks.set(stream, tail);
    try {
      return await run;
    } finally {
      if (this.locks.get(stream) === tail) this.locks.delete(stream);
    }
  }

  private remember(key: string, entry: Cached): void {
    this.cache.delete(key);
    this.cache.set(key, entry);
    if (this.cache.size > CACHE_LIMIT) this.cache.delete(this.cache.keys().next().value!);
  }
}

// One stream may be folded by different deciders (e.g. a product for stock and for history).
const folderIds = new WeakMap<object, number>();
let nextFolderId = 1;
function cacheKey(stream: string, decider: object): string {
  let id = folderIds.get(decider);
  if (id === undefined) folderIds.set(decider, (id = nextFolderId++));
  return `${id}:${stream}`;
}
