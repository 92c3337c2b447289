import type { RecordedEvent } from './port.ts';

/** Wakes a store instance's live subscriptions as soon as an append commits, instead of at the next poll. */
export class AppendNotifier {
  #count = 0;
  readonly #waiters = new Set<() => void>();

  /** Increases with every append; compare it to know whether one happened in the meantime. */
  get count(): number {
    return this.#count;
  }

  notify(): void {
    this.#count++;
    for (const wake of this.#waiters) wake();
  }

  /** Resolves at the first append after `seen`, after `timeoutMs`, or when the signal aborts. */
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
export async function* followLog({ after, read, appended, pollIntervalMs, signal, open }: FollowOptions): AsyncGenerator<RecordedEvent[]> {
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
