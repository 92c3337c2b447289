/**
 * The languages MIBI speaks. English is the source every text is written in (the spec's texts
 * word for word); Hindi is translated from it. A new language is a new code here and its
 * catalogs (the check that catalogs are complete goes through this list).
 */
export const LOCALES = ['en', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's name in itself, as a switcher offers it. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', hi: 'हिन्दी' };

/** The BCP 47 tag numbers, dates and plurals are formatted with: Indian conventions in both (lakh and crore grouping). */
export const FORMAT_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

export const isLocale = (value: unknown): value is Locale => LOCALES.some((locale) => locale === value);

/**
 * The first of the user's preferred languages (best first, as `Accept-Language` or
 * `navigator.languages` list them) that MIBI speaks, matched on the primary subtag
 * ("hi-IN" is Hindi); English when none is.
 */
export function pickLocale(preferences: readonly string[]): Locale {
  for (const tag of preferences) {
    const primary = tag.trim().toLowerCase().split('-')[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** A language a page can be shown in: MIBI's, or `pseudo` (accented, bracketed English) that shows any text not from a catalog. */
export type PageLocale = Locale | 'pseudo';

/** The path prefix of a page's language: '' for English, '/hi' for Hindi. */
export const basePath = (locale: PageLocale): string => (locale === DEFAULT_LOCALE ? '' : `/${locale}`);

/**
 * The language a page's path names by its first segment and the page within it ('/hi/products'
 * is Hindi's '/products'); a path naming none is the page itself, in no stated language.
 */
export function splitLocalePath(path: string): { locale: PageLocale | null; page: string } {
  const first = path.split('/')[1];
  if (first !== 'pseudo' && (first === DEFAULT_LOCALE || !isLocale(first))) return { locale: null, page: path };
  return { locale: first, page: path.slice(first.length + 1) || '/' };
}
