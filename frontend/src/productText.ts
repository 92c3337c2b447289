/** A product's name, description and tags in the language on screen (issue 30), falling back to English field by field. */
import { useSignals } from '@preact/signals-react/runtime';
import { DEFAULT_LOCALE, type Locale } from '../../domain/i18n/locales.ts';
import {
  type LocalizedText,
  type ProductTranslations,
  type TranslatedNames,
  localizedName,
  localizedText,
} from '../../domain/product/translation.ts';
import { locale } from './i18n/locale.ts';

// The pseudo-locale checks the SPA's own texts: a seller's stay as written, in English.
const textLocale = (): Locale => (locale.value === 'pseudo' ? DEFAULT_LOCALE : locale.value);

/** Show each field with `lang={text.lang.field}` and `dir="auto"`: sellers write them, in either script. */
export function useProductText(product: {
  name: string;
  description: string;
  tags: string[];
  translations: ProductTranslations;
}): LocalizedText {
  useSignals();
  return localizedText(product, textLocale());
}

/** The name a cart or wishlist line shows; with `lang={lang}` and `dir="auto"`. */
export function useProductName(product: { name: string; names: TranslatedNames }): { name: string; lang: Locale } {
  useSignals();
  return localizedName(product, textLocale());
}
