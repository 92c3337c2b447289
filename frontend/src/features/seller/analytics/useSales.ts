import { useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useState } from 'react';
import { call, server } from '../../../api/client.ts';
import { useLiveEvent } from '../../../state/live.ts';
import { toast } from '../../../state/toasts.ts';
import type { SellerSales } from '../types.ts';
import { type Period, rangeOf } from './range.ts';

interface Answer {
  /** The range asked for: `from/to`. */
  range: string;
  attempt: number;
  /** Null when the request failed. */
  sales: SellerSales | null;
}

/**
 * The signed-in seller's sales of the last `period` days (GET /analytics/seller), fetched
 * again when the period changes. While a period loads, `sales` still holds the last
 * figures shown (`loading` says they are being replaced), so the screen does not flash.
 */
export function useSales(period: Period) {
  const { t } = useLingui();
  const { from, to } = rangeOf(period);
  const range = `${from}/${to}`;
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    call(server.analytics.seller.$get({ query: { from, to } })).then(
      (sales) => current && setAnswer({ range, attempt, sales }),
      (error: Error) => {
        if (!current) return;
        toast({ title: t`Failed to load sales`, description: error.message, tone: 'error' });
        setAnswer({ range, attempt, sales: null });
      },
    );
    return () => {
      current = false;
    };
  }, [from, to, range, attempt]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  useLiveEvent('reset', retry);

  const answered = answer !== null && answer.range === range && answer.attempt === attempt;
  return {
    sales: answer?.sales ?? null,
    loading: !answered,
    failed: answered && answer.sales === null,
    retry,
  };
}
