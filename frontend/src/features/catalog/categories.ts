import { useMemo } from 'react';
import type { HistoryNames } from '../../../../domain/product/history.ts';
import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';

/** Every category (GET /categories), with the spec's error toast when they cannot be loaded. */
export const useCategories = () =>
  useApiGet((options) => server.categories.$get({}, options), [], 'Failed to load categories');

/**
 * Category names by id, as domain/product/history.ts takes them: `names.category(id)`. An id
 * is shown as it is until the categories have loaded (or when they could not be).
 */
export function useCategoryNames(): HistoryNames {
  const { data } = useCategories();
  return useMemo(() => {
    const names = new Map(data?.items.map((category) => [category.id, category.name]));
    return { category: (categoryId: string) => names.get(categoryId) ?? categoryId };
  }, [data]);
}
