/**
 * How the catalogs are packed: those every page needs (the shell's and those of the features
 * the header, footer and home page show) in one file per language, loaded at start, and all the
 * others in a second file per language, fetched once the first page shows (scripts/catalog-parts.ts).
 */
const START_CATALOGS: readonly string[] = [
  'shell',
  ...['catalog', 'product', 'cart', 'wishlist', 'delivery', 'provenance'], // the shop's pages (routes.tsx `shopPage`)
];

export type CatalogPart = 'start' | 'rest';

/** The language and part of catalog file `id` ('/src/features/cart/locales/hi.po', or a full path to it); null for any other file. */
export function catalogFile(id: string): { locale: string; part: CatalogPart } | null {
  const match = /\/src\/(?:features\/([\w-]+)\/)?locales\/([\w-]+)\.po$/.exec(id);
  if (!match) return null;
  const [, feature = 'shell', locale = ''] = match;
  return { locale, part: START_CATALOGS.includes(feature) ? 'start' : 'rest' };
}
