import { useEffect, useState } from 'react';
import type { ProductVersion } from '../types.ts';
import { type Moment, fetchVersionAsOf } from './historyApi.ts';

export type AsOfState =
  | { status: 'idle' }
  | { status: 'loading' }
  /** The API's reason, shown in place (e.g. the product was not listed yet then). */
  | { status: 'failed'; message: string }
  | { status: 'ready'; version: ProductVersion };

const keyOf = (moment: Moment): string => `${moment.position ?? ''}@${moment.at}`;

/** The product as it stood at `moment` (null: none picked yet). */
export function useVersionAsOf(productId: string, moment: Moment | null): AsOfState {
  const [loaded, setLoaded] = useState<{ key: string; state: AsOfState } | null>(null);
  const key = moment && keyOf(moment);

  useEffect(() => {
    if (!moment) return;
    let current = true;
    const settle = (state: AsOfState) => current && setLoaded({ key: keyOf(moment), state });
    fetchVersionAsOf(productId, moment).then(
      (version) => settle({ status: 'ready', version }),
      (error: Error) => settle({ status: 'failed', message: error.message }),
    );
    return () => {
      current = false;
    };
  }, [productId, moment]);

  if (!key) return { status: 'idle' };
  return loaded?.key === key ? loaded.state : { status: 'loading' };
}
