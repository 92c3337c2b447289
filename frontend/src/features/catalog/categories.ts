import { useLingui } from '@lingui/react/macro';
import { useMemo } from 'react';
import type { HistoryNames } from '../../../../domain/product/history.ts';
import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { categoryName } from '../../i18n/domain-labels.ts';

/** Every category (GET /categories), with the spec's error toast when they cannot be loaded. */
export function useCategories() {
  const { t } = useLingui();
  return useApiGet((options) => server.categories.$get({}, options), [], t`Failed to load categories`);
}

/**
 * Category names by id, in the language on screen, as domain/product/history.ts takes them:
 * `names.category(id)`. An id is shown as it is until the categories have loaded (or when they
 * could not be).
 */
export function useCategoryNames(): HistoryNames {
  const { data } = useCategories();
  return useMemo(() => {
    const names = new Map(data?.items.map((category) => [category.id, categoryName(category)]));
    return { category: (categoryId: string) => names.get(categoryId) ?? categoryId };
  }, [data]);
}
