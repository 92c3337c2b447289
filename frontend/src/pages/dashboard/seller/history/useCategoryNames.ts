import { useMemo } from 'react';
import type { HistoryNames } from '../../../../../../domain/product/history.ts';
import type { CategoryList } from '../../../../api/types.ts';
import { useApiGet } from '../../../../api/useApiGet.ts';

/** Category names by id (GET /categories), for the words of domain/product/history.ts; an id is shown as it is until they arrive. */
export function useCategoryNames(): HistoryNames {
  const { data } = useApiGet<CategoryList>('/categories', 'Failed to load categories');
  return useMemo(() => {
    const names = new Map(data?.items.map((category) => [category.id, category.name]));
    return { category: (categoryId: string) => names.get(categoryId) ?? categoryId };
  }, [data]);
}
