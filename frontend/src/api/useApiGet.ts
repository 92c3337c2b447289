import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ClientRequestOptions, ClientResponse } from 'hono/client';
import { subscribeLive } from '../state/live.ts';
import { toast } from '../state/toasts.ts';
import { type Answer, call, readAfter } from './client.ts';
import { type Fetches, oneFetchAtATime } from './fetches.ts';

export interface ApiGetOptions {
  /**
   * Kept current by the live feed: fetch again after a live `reset` (updates may have been
   * missed). Off by default, as subscribing opens the live stream.
   */
  live?: boolean;
}

/**
 * A screen's GET through the typed client, fetched again whenever `deps` change; a failure
 * shows an error toast titled `errorTitle`. What it holds stays on screen while a newer answer
 * loads, so `loading` and `failed` only speak of the time before the first answer.
 * `update` applies the screen's own commands and live events to the data it holds (and fetches
 * again after a fetch in flight, whose answer may predate them); `reload(after)` fetches again,
 * waiting for the log position a command reached. Fetches run one at a time (fetches.ts).
 *
 *   const orders = useApiGet((options) => server.orders.$get({}, options), [], 'Failed to load orders');
 */
export function useApiGet<R extends ClientResponse<unknown, number, string>>(
  request: (options: ClientRequestOptions) => Promise<R>,
  deps: readonly unknown[],
  errorTitle: string,
  { live = false }: ApiGetOptions = {},
) {
  type T = Answer<R>;
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  // The fetches of the current `deps`: a new set replaces it, and the old one's answers are dropped.
  const fetches = useRef<Fetches | null>(null);

  const load = useCallback(
    (after?: number) => call(request(readAfter(after))),
    // The request reads only what `deps` name, so the one from their last change is current.
    deps,
  );

  useEffect(() => {
    const current = oneFetchAtATime(load, (outcome) => {
      if (outcome.ok) {
        setData(outcome.value);
        setFailed(false);
      } else {
        setFailed(true);
        toast({ title: errorTitle, description: (outcome.error as Error).message, tone: 'error' });
      }
    });
    fetches.current = current;
    void current.request();
    return current.stop;
  }, [load, errorTitle]);

  const reload = useCallback((after?: number) => fetches.current?.request(after) ?? Promise.resolve(), []);

  const onReset = useEffectEvent(() => void reload());
  useEffect(() => (live ? subscribeLive('reset', () => onReset()) : undefined), [live]);

  const update = useCallback((change: (current: T) => T) => {
    setData((current) => (current === null ? current : change(current)));
    // A change the answer in flight may not hold yet (the first one above all, as there is no data to change).
    fetches.current?.changed();
  }, []);

  return { data, loading: data === null && !failed, failed: data === null && failed, update, reload };
}

/** What useApiGet gives: the data, its loading and failed states, `update` and `reload`. */
export type Resource<T> = {
  data: T | null;
  loading: boolean;
  failed: boolean;
  update(change: (current: T) => T): void;
  reload(after?: number): Promise<void>;
};
