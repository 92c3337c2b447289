import type { CategoryList } from '../../../api/types.ts';
import { useApiGet } from '../../../api/useApiGet.ts';

/** A category's name by its id; the id itself until the categories have loaded (or when they could not be). */
export function useCategoryNames(): (categoryId: string) => string {
  const { data } = useApiGet<CategoryList>('/categories', 'Failed to load categories');
  return (categoryId) => data?.items.find((category) => category.id === categoryId)?.name ?? categoryId;
}
