/**
 * A product's name, description and tags in another language than English (issue 30): the
 * seller gives them beside the English ones, and a buyer reading that language sees them,
 * each field falling back to the English one where none is given. Its rules are in
 * translation-schema.ts, kept apart so that the buyer's pages read this without zod.
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../i18n/locales.ts';

/** The languages a product is translated into: every one MIBI speaks but English, the source. */
export type TranslatedLocale = Exclude<Locale, 'en'>;
export const TRANSLATED_LOCALES = LOCALES.filter(
  (locale): locale is TranslatedLocale => locale !== DEFAULT_LOCALE,
) as readonly TranslatedLocale[] as readonly [TranslatedLocale, ...TranslatedLocale[]];

export const isTranslatedLocale = (value: unknown): value is TranslatedLocale =>
  TRANSLATED_LOCALES.some((locale) => locale === value);

/** Each language's name in English, as the seller's history and messages name it. */
export const LANGUAGE_NAMES: Record<TranslatedLocale, string> = { hi: /*i18n*/ 'Hindi' };

/** `description` '' and `tags` [] are not given: the English ones are shown. */
export interface ProductTranslation {
  name: string;
  description: string;
  tags: string[];
}

export type ProductTranslations = Partial<Record<TranslatedLocale, ProductTranslation>>;

/** A product's text as a buyer reads it, with the language each field is written in (for `lang`). */
export interface LocalizedText extends ProductTranslation {
  lang: Record<keyof ProductTranslation, Locale>;
}

/** What a product shows in a language: its translation's fields where given, the English ones otherwise. */
export function localizedText(
  product: ProductTranslation & { translations: ProductTranslations },
  locale: Locale,
): LocalizedText {
  const translation = isTranslatedLocale(locale) ? product.translations[locale] : undefined;
  const name = translation ? locale : DEFAULT_LOCALE;
  const description = translation?.description ? locale : DEFAULT_LOCALE;
  const tags = translation?.tags.length ? locale : DEFAULT_LOCALE;
  return {
    name: translation?.name ?? product.name,
    description: translation?.description || product.description,
    tags: translation?.tags.length ? translation.tags : product.tags,
    lang: { name, description, tags },
  };
}

/** Whether two translations (or their absence, null) say the same. */
export const sameTranslation = (a: ProductTranslation | null, b: ProductTranslation | null): boolean =>
  a === null || b === null
    ? a === b
    : a.name === b.name && a.description === b.description && a.tags.join('\n') === b.tags.join('\n');

/** The translations with the one in `locale` given, or taken away (null). */
export function withTranslation(
  translations: ProductTranslations,
  locale: TranslatedLocale,
  translation: ProductTranslation | null,
): ProductTranslations {
  const { [locale]: _, ...others } = translations;
  return translation === null ? others : { ...others, [locale]: translation };
}

/** A product's name in each language it is translated into: what a cart or wishlist line shows of it. */
export type TranslatedNames = Partial<Record<TranslatedLocale, string>>;

export const translatedNames = (translations: ProductTranslations): TranslatedNames =>
  Object.fromEntries(Object.entries(translations).map(([locale, { name }]) => [locale, name]));

/** The name in `locale` when the seller gave one, else the English one; with the language it is in (for `lang`). */
export function localizedName(
  product: { name: string; names: TranslatedNames },
  locale: Locale,
): { name: string; lang: Locale } {
  const translated = isTranslatedLocale(locale) ? product.names[locale] : undefined;
  return translated === undefined ? { name: product.name, lang: DEFAULT_LOCALE } : { name: translated, lang: locale };
}
