import type { RecordedEvent } from './port.ts';

/**
 * Wakes a store instance's live subscriptions when appends commit, instead of at the next poll:
 * at once after a quiet spell, and during a run of appends at most every `everyMs`, so that a
 * follower takes what came meanwhile as one batch (one read, one commit of its read models)
 * rather than one batch per commit. A follower never misses an append: it reads the counter
 * before the log, and the counter moves only when the waiters are woken.
 */
export class AppendNotifier {
  #count = 0;
  readonly #waiters = new Set<() => void>();
  #lastWake = Number.NEGATIVE_INFINITY;
  #timer: NodeJS.Timeout | undefined;

  constructor(private readonly everyMs = 0) {}

  /** Increases at every wake-up; compare it to know whether one happened in the meantime. */
  get count(): number {
    return this.#count;
  }

  /** Appends committed: wakes the subscriptions now, or at the end of the current interval. */
  notify(): void {
    if (this.#timer) return;
    const wait = this.#lastWake + this.everyMs - performance.now();
    if (wait > 0) this.#timer = setTimeout(() => this.wake(), wait);
    else this.wake();
  }

  /** Wakes the subscriptions at once (the store closing, or the interval over). */
  wake(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#lastWake = performance.now();
    this.#count++;
    for (const wake of this.#waiters) wake();
  }

  /** Resolves at the first wake-up after `seen`, after `timeoutMs`, or when the signal aborts. */
  async next(seen: number, timeoutMs: number, signal?: AbortSignal): Promise<void> {
    if (this.#count !== seen || signal?.aborted) return;
    await new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.#waiters.delete(wake);
        signal?.removeEventListener('abort', wake);
        resolve();
      };
      const timer = setTimeout(wake, timeoutMs);
      this.#waiters.add(wake);
      signal?.addEventListener('abort', wake);
    });
  }
}

export interface FollowOptions {
  /** Checkpoint: events with a position above this are delivered. */
  after: number;
  /** The next events after a position (at most a batch); empty when there are none yet. */
  read(after: number): RecordedEvent[] | Promise<RecordedEvent[]>;
  appended: AppendNotifier;
  /** Longest wait for a wake-up before reading again (appends by other processes). */
  pollIntervalMs: number;
  signal?: AbortSignal;
  /** False once the store has closed: the iterator ends. */
  open(): boolean;
}

/** The catch-up-then-live loop of `EventStore.subscribeAll` for stores that read their log in pages. */
export async function* followLog({
  after,
  read,
  appended,
  pollIntervalMs,
  signal,
  open,
}: FollowOptions): AsyncGenerator<RecordedEvent[]> {
  let position = after;
  while (!signal?.aborted && open()) {
    // Read the counter before the log so an append landing in between still wakes us.
    const seen = appended.count;
    const pending = read(position);
    // A synchronous read (SQLite) is used as it is: no extra turn of the event loop per batch.
    const batch = Array.isArray(pending) ? pending : await pending;
    const last = batch.at(-1);
    if (last) {
      position = last.position;
      yield batch;
    } else {
      await appended.next(seen, pollIntervalMs, signal);
    }
  }
}
