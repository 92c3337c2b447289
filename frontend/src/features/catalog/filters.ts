import {
  ALL_CATEGORIES,
  type ProductSort,
  matchesFilter,
  productFilter,
} from '../../../../domain/catalog/product-query.ts';
import { queryOf } from '../../api/client.ts';
import type { Product } from './types.ts';

/** The sorts GET /products takes, in the order offered. */
export const SORT_OPTIONS = [
  { value: 'popularity', label: 'Popularity' },
  { value: 'price-low', label: 'Price: Low to High' },
  { value: 'price-high', label: 'Price: High to Low' },
  { value: 'rating', label: 'Customer Rating' },
  { value: 'newest', label: 'Newest First' },
] as const satisfies ReadonlyArray<{ value: ProductSort; label: string }>;

export { ALL_CATEGORIES, type ProductSort };
const DEFAULT_SORT: ProductSort = 'popularity';

/** What the products screen shows, kept in the URL: ?q=, ?category=, ?sort=. */
export interface ProductFilters {
  q: string;
  category: string;
  sort: ProductSort;
  /** One seller's products only: a storefront's (its path names the seller, so the query string leaves it out). */
  seller?: string;
}

const isSort = (value: string | null): value is ProductSort => SORT_OPTIONS.some((option) => option.value === value);

export function filtersFrom(search: string): ProductFilters {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  return {
    q: params.get('q')?.trim() ?? '',
    category: params.get('category') || ALL_CATEGORIES,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
  };
}

/** The query string of `filters`, defaults left out: '?q=silk&sort=newest', or '' for none. */
export const searchOf = ({ q, category, sort }: ProductFilters): string =>
  queryOf({
    q,
    category: category === ALL_CATEGORIES ? undefined : category,
    sort: sort === DEFAULT_SORT ? undefined : sort,
  });

export const hasFilters = (filters: ProductFilters): boolean => filters.q !== '' || filters.category !== ALL_CATEGORIES;

/** The API's own filter (domain/catalog/product-query.ts), for products the live feed brings. */
export const matches = (product: Product, filters: ProductFilters): boolean =>
  matchesFilter(productFilter(filters), product);
