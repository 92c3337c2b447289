import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../api/client.ts';
import { useLiveEvent } from '../../../state/live.ts';
import { toast } from '../../../state/toasts.ts';
import type { ProductHistory, ProductVersion } from '../types.ts';
import { fetchHistory, fetchVersionAsOf } from './historyApi.ts';

export type HistoryState =
  | { status: 'loading' }
  /** Not the caller's product (the API says 404 to anyone but its seller and the admins), or no such product. */
  | { status: 'notFound' }
  | { status: 'failed' }
  | { status: 'ready'; history: ProductHistory; current: ProductVersion };

/** The history, and the product as it is now: the version after its last entry. */
async function fetchHistoryAndCurrent(productId: string, after: number | undefined) {
  const history = await fetchHistory(productId, after);
  // A product's history starts with its listing, so it is never empty.
  const last = history.items[history.items.length - 1]!;
  const current = await fetchVersionAsOf(productId, { at: last.at, position: last.position });
  return { history, current };
}

/**
 * A product's history for its seller (or an admin), kept current: `reload(after)` fetches
 * it again once the server has reached a command's position, while the old one stays on
 * screen; a change of the product arriving live reloads it too.
 */
export function useProductHistory(productId: string) {
  const [state, setState] = useState<HistoryState>({ status: 'loading' });
  // Only the answer to the latest request counts.
  const latest = useRef(0);

  const reload = useCallback(
    async (after?: number) => {
      const request = ++latest.current;
      try {
        const loaded = await fetchHistoryAndCurrent(productId, after);
        if (request === latest.current) setState({ status: 'ready', ...loaded });
      } catch (error) {
        if (request !== latest.current) return;
        if (error instanceof ApiError && error.status === 404) {
          setState({ status: 'notFound' });
          return;
        }
        toast({ title: i18n._(msg`Failed to load history`), description: (error as Error).message, tone: 'error' });
        // A failed refresh keeps the history already shown.
        setState((shown) => (shown.status === 'ready' ? shown : { status: 'failed' }));
      }
    },
    [productId],
  );

  useEffect(() => {
    void reload();
    return () => {
      latest.current++;
    };
  }, [reload]);

  useLiveEvent('product.changed', (product) => {
    if (product.id === productId) void reload();
  });
  useLiveEvent('reset', () => void reload());

  return { state, reload };
}
