import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import type { ClientRequestOptions, ClientResponse } from 'hono/client';
import { subscribeLive } from '../state/live.ts';
import { toast } from '../state/toasts.ts';
import { type Answer, call, readAfter } from './client.ts';

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
 * `update` applies the screen's own commands and live events to the data it holds;
 * `reload(after)` fetches again, waiting for the log position a command reached.
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
  // Only the answer to the latest request counts.
  const latest = useRef(0);

  const reload = useCallback(
    async (after?: number) => {
      const current = ++latest.current;
      try {
        const fresh = await call(request(readAfter(after)));
        if (current !== latest.current) return;
        setData(fresh);
        setFailed(false);
      } catch (error) {
        if (current !== latest.current) return;
        setFailed(true);
        toast({ title: errorTitle, description: (error as Error).message, tone: 'error' });
      }
    },
    // The request reads only what `deps` name, so the one from their last change is current.
    [errorTitle, ...deps],
  );

  useEffect(() => {
    void reload();
    return () => {
      latest.current++;
    };
  }, [reload]);

  const onReset = useEffectEvent(() => void reload());
  useEffect(() => (live ? subscribeLive('reset', () => onReset()) : undefined), [live]);

  const update = useCallback(
    (change: (current: T) => T) => setData((current) => (current === null ? current : change(current))),
    [],
  );

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
