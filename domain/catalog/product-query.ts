import type { ProductTranslations } from '../product/translation.ts';
import { type SearchIndex, holdsSearch, searchIndexOf } from './search-keys.ts';

/**
 * What a list of products is asked for: the sorts offered, and the filter, which the catalog
 * index (api/reads) and the SPA (keeping a shown list current from live messages) both apply.
 */

export const PRODUCT_SORTS = ['popularity', 'price-low', 'price-high', 'rating', 'newest'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/**
 * The certificates a list filters by (issue 29), and the badge each asks for: GI-tagged goods
 * (their seller an authorised user of a GI, or the product certified) and Handloom Mark goods.
 */
export const CERTIFIED_BADGES = { gi: 'gi-authorised-user', 'handloom-mark': 'handloom-mark' } as const;
export type Certified = keyof typeof CERTIFIED_BADGES;
export const CERTIFIED = Object.keys(CERTIFIED_BADGES) as Certified[];

/** The category of a list query for every category. */
export const ALL_CATEGORIES = 'all';

export interface ProductFilter {
  /** A category id, or null for all. */
  category: string | null;
  /** Lower-cased search text, or null for none. */
  q: string | null;
  /** One seller's products only (their storefront), or null for every seller's. */
  seller: string | null;
  /**
   * Option values asked for, as `name:value` lower-cased ('colour:red'), sorted: a product
   * matches when one of its variants has a value of each option named, any of the values named
   * for it (Colour:Red with Size:8 needs a red one in size 8, not a red 6 and a blue 8).
   */
  options: string[];
  /** Products showing this certificate's badge only, or null for any. */
  certified: Certified | null;
}

/** 'Colour:Red' -> 'colour:red': the key an option value is filtered by. */
export const optionFilterKey = (name: string, value: string): string => `${name}:${value}`.trim().toLowerCase();

const optionName = (key: string): string => key.slice(0, key.indexOf(':'));

/** The filter a query gives: absent, empty (or 'all' categories) is no filter; the search text trimmed and lower-cased. */
export function productFilter({
  category,
  q,
  seller,
  option,
  certified,
}: {
  category?: string;
  q?: string;
  seller?: string;
  /** 'Colour:Red', once or repeated. */
  option?: string | readonly string[];
  certified?: Certified | undefined;
}): ProductFilter {
  const options = (option === undefined ? [] : typeof option === 'string' ? [option] : option)
    .map((text) => text.trim().toLowerCase())
    .filter((key) => key.indexOf(':') > 0);
  return {
    category: !category || category === ALL_CATEGORIES ? null : category,
    q: q?.trim().toLowerCase() || null,
    seller: seller || null,
    options: [...new Set(options)].sort(),
    certified: certified ?? null,
  };
}

/** The fields the filter looks at. */
export interface Filterable {
  categoryId: string;
  sellerId: string;
  name: string;
  description: string;
  tags: readonly string[];
  /** The name, description and tags in other languages: searched too. */
  translations: ProductTranslations;
  options: ReadonlyArray<{ name: string }>;
  /** One value per option, in order; none for the default variant of a product without options. */
  variants: ReadonlyArray<{ optionValues: readonly string[] }>;
  /** The badges of its certificates in force. */
  provenance: { badges: ReadonlyArray<{ kind: string }> };
}

/** Where the search text is looked for: the name, description and tags, in English and every translation (search-keys.ts). */
export const productSearchIndex = ({ name, description, tags, translations }: Filterable): SearchIndex =>
  searchIndexOf([
    name,
    description,
    ...tags,
    ...Object.values(translations).flatMap((translation) => [
      translation.name,
      translation.description,
      ...translation.tags,
    ]),
  ]);

/**
 * Whether one variant of the product has, for each option the filter names, one of the values
 * it names. Sold-out variants count: the list shows sold-out products too (with their badge), and
 * a buyer may save the variant to hear when it is back in stock.
 */
function hasOptionValues(asked: readonly string[], { options, variants }: Filterable): boolean {
  if (asked.length === 0) return true;
  const names = [...new Set(asked.map(optionName))];
  return variants.some((variant) => {
    const keys = variant.optionValues.map((value, i) => optionFilterKey(options[i]?.name ?? '', value));
    return names.every((name) => keys.some((key) => optionName(key) === name && asked.includes(key)));
  });
}

/** Whether the product is of the filter's category and seller, has its option values and badge, and holds its search text (`search`: its `productSearchIndex`, if kept). */
export const matchesFilter = (
  { category, q, seller, options, certified }: ProductFilter,
  product: Filterable,
  search?: SearchIndex,
): boolean =>
  (category === null || product.categoryId === category) &&
  (seller === null || product.sellerId === seller) &&
  hasOptionValues(options, product) &&
  (certified === null || product.provenance.badges.some(({ kind }) => kind === CERTIFIED_BADGES[certified])) &&
  (q === null || holdsSearch(q, search ?? productSearchIndex(product)));
