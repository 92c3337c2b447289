/**
 * What a list of products is asked for: the sorts offered, and the filter, which the catalog
 * index (api/reads) and the SPA (keeping a shown list current from live messages) both apply.
 */

export const PRODUCT_SORTS = ['popularity', 'price-low', 'price-high', 'rating', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The category of a list query for every category. */
export const ALL_CATEGORIES = 'all';

export interface ProductFilter {
  /** A category id, or null for all. */
  category: string | null;
  /** Lower-cased search text, or null for none. */
  q: string | null;
  /** One seller's products only (their storefront), or null for every seller's. */
  seller: string | null;
}

/** The filter a query gives: absent, empty (or 'all' categories) is no filter; the search text trimmed and lower-cased. */
export function productFilter({
  category,
  q,
  seller,
}: {
  category?: string;
  q?: string;
  seller?: string;
}): ProductFilter {
  return {
    category: !category || category === ALL_CATEGORIES ? null : category,
    q: q?.trim().toLowerCase() || null,
    seller: seller || null,
  };
}

/** The fields the filter looks at. */
export interface Filterable {
  categoryId: string;
  sellerId: string;
  name: string;
  description: string;
  tags: readonly string[];
}

/** Where the search text is looked for: the name, description and tags, lower-cased. */
export const searchText = ({ name, description, tags }: Filterable): string =>
  [name, description, ...tags].join('\n').toLowerCase();

/** Whether the product is of the filter's category and seller and holds its search text (`text`: its `searchText`, if kept). */
export const matchesFilter = ({ category, q, seller }: ProductFilter, product: Filterable, text?: string): boolean =>
  (category === null || product.categoryId === category) &&
  (seller === null || product.sellerId === seller) &&
  (q === null || (text ?? searchText(product)).includes(q));
