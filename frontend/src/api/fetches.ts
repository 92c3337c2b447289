/** What one fetch gave: the answer or the error it failed with. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/** One resource's fetches, one at a time (see `oneFetchAtATime`). */
export interface Fetches {
  /** Fetches now, or once the fetch in flight has answered; resolves once an answer asked after this call is applied. */
  request(after?: number): Promise<void>;
  /** Something changed (a live event, a command): an answer in flight may predate it, so fetch again after it. */
  changed(): void;
  /** Answers still to come are dropped, and nothing more is fetched. */
  stop(): void;
}

/**
 * Runs `fetch` for one resource, one at a time, and hands each answer to `apply`. A request or
 * change that comes while a fetch is in flight would be lost if its answer were the last word
 * (it may have been read before the change): it fetches once more after that answer instead.
 * Any number of them coalesce into that one fetch, reading after the furthest log position asked.
 */
export function oneFetchAtATime<T>(
  fetch: (after?: number) => Promise<T>,
  apply: (outcome: Outcome<T>) => void,
): Fetches {
  let inFlight: Promise<void> | null = null;
  let again: Promise<void> | null = null;
  let againAfter: number | undefined;
  let stopped = false;

  async function once(after: number | undefined): Promise<void> {
    let outcome: Outcome<T>;
    try {
      outcome = { ok: true, value: await fetch(after) };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if (!stopped) apply(outcome);
  }

  function request(after?: number): Promise<void> {
    if (stopped) return Promise.resolve();
    if (!inFlight) {
      inFlight = once(after).finally(() => {
        inFlight = null;
      });
      return inFlight;
    }
    againAfter = againAfter === undefined ? after : after === undefined ? againAfter : Math.max(againAfter, after);
    again ??= inFlight.then(() => {
      const position = againAfter;
      again = null;
      againAfter = undefined;
      return request(position);
    });
    return again;
  }

  return {
    request,
    changed: () => {
      if (inFlight) void request();
    },
    stop: () => {
      stopped = true;
    },
  };
}
