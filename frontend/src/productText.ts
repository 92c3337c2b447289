/** A product's name, description and tags in the language on screen (issue 30), falling back to English field by field. */
import { useSignals } from '@preact/signals-react/runtime';
import { DEFAULT_LOCALE } from '../../domain/i18n/locales.ts';
import { type LocalizedText, type ProductTranslations, localizedText } from '../../domain/product/translation.ts';
import { locale } from './i18n/locale.ts';

/** Show each field with `lang={text.lang.field}` and `dir="auto"`: sellers write them, in either script. */
export function useProductText(product: {
  name: string;
  description: string;
  tags: string[];
  translations: ProductTranslations;
}): LocalizedText {
  useSignals();
  // The pseudo-locale checks the SPA's own texts: a seller's stay as written, in English.
  return localizedText(product, locale.value === 'pseudo' ? DEFAULT_LOCALE : locale.value);
}
