import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { useLiveEvent } from '../../state/live.ts';
import { toast } from '../../state/toasts.ts';

/**
 * A dashboard's GET that the screen keeps current: `update` applies its own commands and
 * live events to what it holds, `reload(after)` fetches again (waiting for the position a
 * command reached) while the old data stays on screen, and a live `reset` reloads.
 * A failure shows an error toast titled `errorTitle`.
 */
export function useResource<T>(path: string, errorTitle: string) {
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

  useLiveEvent('reset', () => void reload());

  const update = useCallback((change: (current: T) => T) => setData((current) => (current === null ? current : change(current))), []);

  return { data, loading: data === null && !failed, failed: data === null && failed, update, reload };
}

export type Resource<T> = ReturnType<typeof useResource<T>>;

/** A stat card's figure from a resource: null (its placeholder) while loading, a dash when loading failed. */
export function figureOf<T>(resource: { data: T | null; failed: boolean }, show: (data: T) => string): string | null {
  if (resource.data !== null) return show(resource.data);
  return resource.failed ? '–' : null;
}
