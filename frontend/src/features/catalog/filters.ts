import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  ALL_CATEGORIES,
  CERTIFIED,
  type Certified,
  type ProductSort,
  matchesFilter,
  productFilter,
} from '../../../../domain/catalog/product-query.ts';
import { queryOf } from '../../api/client.ts';
import type { Product } from './types.ts';

/** The sorts GET /products takes, in the order offered. */
export const SORT_OPTIONS = [
  { value: 'popularity', label: msg`Popularity` },
  { value: 'price-low', label: msg`Price: Low to High` },
  { value: 'price-high', label: msg`Price: High to Low` },
  { value: 'rating', label: msg`Customer Rating` },
  { value: 'newest', label: msg`Newest First` },
] as const satisfies ReadonlyArray<{ value: ProductSort; label: MessageDescriptor }>;

/** The certificate filters, by the badge they ask for (issue 29). */
export const CERTIFIED_LABELS: Readonly<Record<Certified, MessageDescriptor>> = {
  gi: msg`GI-tagged`,
  'handloom-mark': msg`Handloom Mark`,
};

export { ALL_CATEGORIES, CERTIFIED, type Certified, type ProductSort };
const DEFAULT_SORT: ProductSort = 'popularity';

/** What the products screen shows, kept in the URL: ?q=, ?category=, ?sort=, ?option=Colour:Red (repeated), ?certified=gi. */
export interface ProductFilters {
  q: string;
  category: string;
  sort: ProductSort;
  /** Option values asked, as `name:value` (Colour:Red), in the order asked. */
  options: string[];
  /** Products with this certificate's badge only (GI-tagged, Handloom Mark), or null for any. */
  certified: Certified | null;
  /** One seller's products only: a storefront's (its path names the seller, so the query string leaves it out). */
  seller?: string;
}

const isSort = (value: string | null): value is ProductSort => SORT_OPTIONS.some((option) => option.value === value);
const isCertified = (value: string | null): value is Certified => CERTIFIED.includes(value as Certified);

export function filtersFrom(search: string): ProductFilters {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  const certified = params.get('certified');
  return {
    q: params.get('q')?.trim() ?? '',
    category: params.get('category') || ALL_CATEGORIES,
    sort: isSort(sort) ? sort : DEFAULT_SORT,
    options: params.getAll('option').filter((option) => /^[^:]+:.+$/.test(option)),
    certified: isCertified(certified) ? certified : null,
  };
}

/** The query string of `filters`, defaults left out: '?q=silk&sort=newest&option=Colour%3ARed', or '' for none. */
export function searchOf({ q, category, sort, options, certified }: ProductFilters): string {
  const params = new URLSearchParams(
    queryOf({
      q,
      category: category === ALL_CATEGORIES ? undefined : category,
      sort: sort === DEFAULT_SORT ? undefined : sort,
      certified: certified ?? undefined,
    }),
  );
  for (const option of options) params.append('option', option);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const hasFilters = (filters: ProductFilters): boolean =>
  filters.q !== '' || filters.category !== ALL_CATEGORIES || filters.options.length > 0 || filters.certified !== null;

/** `name:value`, as the list's `option` takes it. */
export const optionParam = (name: string, value: string): string => `${name}:${value}`;

/** Whether `filters` ask for `option` (the API compares without case). */
export const asksFor = (filters: ProductFilters, option: string): boolean =>
  filters.options.some((asked) => asked.toLowerCase() === option.toLowerCase());

/** `filters` with `option` asked or no longer asked. */
export const withOption = (filters: ProductFilters, option: string, on: boolean): ProductFilters => {
  const others = filters.options.filter((asked) => asked.toLowerCase() !== option.toLowerCase());
  return { ...filters, options: on ? [...others, option] : others };
};

/** The API's own filter (domain/catalog/product-query.ts), for products the live feed brings. */
export const matches = (product: Product, filters: ProductFilters): boolean =>
  matchesFilter(
    productFilter({ ...filters, option: filters.options, certified: filters.certified ?? undefined }),
    product,
  );
