/** The language a mail speaks to its recipient (issue 30): the one they chose on their account, English when none. */
import { DEFAULT_LOCALE, type Locale } from '../domain/i18n/locales.ts';
import { english, type Translate } from '../domain/i18n/message.ts';
import { catalogLanguage } from '../platform/i18n/server-catalog.ts';

/** Messages in `language`: English is the code's own text, every other language is read from the server catalog. */
export const mailTranslator = (language: Locale | null): Translate =>
  language === null || language === DEFAULT_LOCALE ? english : catalogLanguage(language).translate;
