import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import { type Data, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';

/** The returns policy as the screens apply it: the window after delivery, and which categories take returns. */

export interface ReturnRules {
  windowDays: number;
  /** The last moment a return of a part delivered at `deliveredAt` may be asked. */
  closesAt: (deliveredAt: string) => Date;
  /** Whether a category takes returns; undefined when not known (the server decides). */
  returnable: (categoryId: string) => boolean | undefined;
}

const DAY_MS = 86_400_000;

/** The rules of a policy: `windowDays` after delivery, categories as listed. */
export function rulesOf(
  windowDays: number,
  categories: ReadonlyArray<{ id: string; returnable: boolean }> = [],
): ReturnRules {
  const returnable = new Map(categories.map((category) => [category.id, category.returnable]));
  return {
    windowDays,
    closesAt: (deliveredAt) => new Date(Date.parse(deliveredAt) + windowDays * DAY_MS),
    returnable: (categoryId) => returnable.get(categoryId),
  };
}

/** GET /returns/policy: the window after delivery, and every category with whether it takes returns. */
export type ReturnPolicy = Data<typeof server.returns.policy.$get>;

/**
 * The returns policy in force, as rules for the buyer's screens. Until it has loaded (or when
 * it could not be), the default window applies and the categories are left to the server.
 */
export function useReturnRules(): ReturnRules {
  const { t } = useLingui();
  const { data } = useApiGet(
    (options) => server.returns.policy.$get({}, options),
    [],
    t`Failed to load the returns policy`,
  );
  return useMemo(() => (data ? rulesOf(data.windowDays, data.categories) : FALLBACK), [data]);
}

/** What the server's configuration defaults to (RETURN_WINDOW_DAYS); it decides in any case. */
const FALLBACK = rulesOf(7);
