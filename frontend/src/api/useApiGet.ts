import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { subscribeLive } from '../state/live.ts';
import { toast } from '../state/toasts.ts';
import { api } from './client.ts';

export interface ApiGetOptions {
  /**
   * Kept current by the live feed: fetch again after a live `reset` (updates may have been
   * missed). Off by default, as subscribing opens the live stream.
   */
  live?: boolean;
}

/**
 * A screen's GET of `path`, fetched again whenever the path changes; a failure shows an
 * error toast titled `errorTitle`. What it holds stays on screen while a newer answer loads,
 * so `loading` and `failed` only speak of the time before the first answer.
 * `update` applies the screen's own commands and live events to the data it holds;
 * `reload(after)` fetches again, waiting for the log position a command reached.
 */
export function useApiGet<T>(path: string, errorTitle: string, { live = false }: ApiGetOptions = {}) {
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  // Only the answer to the latest request counts.
  const latest = useRef(0);

  const reload = useCallback(
    async (after?: number) => {
      const request = ++latest.current;
      const query = after === undefined ? '' : `${path.includes('?') ? '&' : '?'}after=${after}`;
      try {
        const fresh = await api.get<T>(path + query);
        if (request !== latest.current) return;
        setData(fresh);
        setFailed(false);
      } catch (error) {
        if (request !== latest.current) return;
        setFailed(true);
        toast({ title: errorTitle, description: (error as Error).message, tone: 'error' });
      }
    },
    [path, errorTitle],
  );

  useEffect(() => {
    void reload();
    return () => {
      latest.current++;
    };
  }, [reload]);

  const onReset = useEffectEvent(() => void reload());
  useEffect(() => (live ? subscribeLive('reset', () => onReset()) : undefined), [live]);

  const update = useCallback((change: (current: T) => T) => setData((current) => (current === null ? current : change(current))), []);

  return { data, loading: data === null && !failed, failed: data === null && failed, update, reload };
}

/** What useApiGet gives: the data, its loading and failed states, `update` and `reload`. */
export type Resource<T> = ReturnType<typeof useApiGet<T>>;
