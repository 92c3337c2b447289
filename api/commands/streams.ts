import type { Decider } from '../../domain/decider.ts';
import {
  type EventStore,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedRevisionError,
} from '../../platform/eventstore/port.ts';
import { ApiError } from '../http/errors.ts';

export interface DomainEvent {
  type: string;
  data: unknown;
}

type Folder<S> = Pick<Decider<unknown, S, never>, 'initialState' | 'evolve'>;

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

export interface CommandMetadata {
  actor: string | null;
  correlationId?: string;
  causationId?: string | null;
}

const MAX_ATTEMPTS = 30;
const CACHE_LIMIT = 20_000;

/**
 * The write side's view of streams. States are cached by stream and brought up to date by
 * reading only the events after the cached revision, so hot streams (a popular product's
 * stock) are not re-read from the start on every command. Commands on one stream run one
 * at a time in this process; across processes the expected revision guards the append and
 * a conflict re-reads and re-decides.
 */
export class Streams {
  private readonly cache = new Map<string, Cached>();
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(readonly store: EventStore) {}

  /** Current state and revision (-1 for a missing stream) of one stream. */
  async load<S>(stream: string, decider: Folder<S>): Promise<{ state: S; revision: number; position: number }> {
    const key = cacheKey(stream, decider);
    const cached = this.cache.get(key) ?? { revision: -1, position: 0, state: decider.initialState };
    const fresh = await this.store.readStream(stream, { fromRevision: cached.revision + 1 });
    let state = cached.state as S;
    for (const event of fresh) state = decider.evolve(state, event as never);
    const last = fresh[fresh.length - 1];
    const entry = last ? { revision: last.revision, position: last.position, state } : cached;
    this.remember(key, entry);
    return { state, revision: entry.revision, position: entry.position };
  }

  /** Folds, decides and appends with optimistic concurrency; retries on conflict. */
  async decide<C, S, E extends DomainEvent>(
    stream: string,
    decider: Decider<C, S, E>,
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
            events.map((e) => toNew(e, metadata)),
            revision === -1 ? 'no_stream' : revision,
          );
          return { events, position: result.position, revision: result.revision };
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError) || attempt >= MAX_ATTEMPTS) {
            if (error instanceof WrongExpectedRevisionError)
              throw new ApiError(409, 'conflict', 'This item is changing quickly. Please try again.');
            throw error;
          }
          await new Promise((r) => setTimeout(r, Math.random() * 5 * attempt));
        }
      }
    });
  }

  /** Appends without a decider (e.g. a reservation with expected revision 'no_stream'). */
  async append(
    stream: string,
    events: DomainEvent[],
    expected: Parameters<EventStore['append']>[2],
    metadata: CommandMetadata,
  ) {
    return this.store.append(
      stream,
      events.map((e) => toNew(e, metadata)),
      expected,
    );
  }

  async read(stream: string): Promise<RecordedEvent[]> {
    return this.store.readStream(stream);
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

function toNew(event: DomainEvent, metadata: CommandMetadata): NewEvent {
  return {
    type: event.type,
    data: event.data,
    metadata: {
      actor: metadata.actor,
      ...(metadata.correlationId && { correlationId: metadata.correlationId }),
      causationId: metadata.causationId ?? null,
    },
  };
}
