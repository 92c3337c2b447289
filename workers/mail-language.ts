/** The language a mail speaks to its recipient (issue 30): the one they chose on their account, English when none. */
import { DEFAULT_LOCALE, FORMAT_LOCALE, type Locale } from '../domain/i18n/locales.ts';
import { english, type Translate } from '../domain/i18n/message.ts';
import { catalogLanguage } from '../platform/i18n/server-catalog.ts';

/** Messages in `language`: English is the code's own text, every other language is read from the server catalog. */
export const mailTranslator = (language: Locale | null): Translate =>
  language === null || language === DEFAULT_LOCALE ? english : catalogLanguage(language).translate;

/**
 * A finished English text of the domain in `language`, one message a line (a notice's title or
 * body, as recorded in the log: the domain writes English, and a line it did not make from a
 * message, a buyer's own words, stays as written).
 */
export const mailTextTranslator = (language: Locale | null): ((text: string) => string) => {
  if (language === null || language === DEFAULT_LOCALE) return (text) => text;
  const { translateText } = catalogLanguage(language);
  return (text) => text.split('\n').map(translateText).join('\n');
};

/** What a mail in `language` needs: its messages, and the tag its dates and numbers are formatted with. */
export const mailLanguage = (language: Locale | null): { t: Translate; formatLocale: string } => ({
  t: mailTranslator(language),
  formatLocale: FORMAT_LOCALE[language ?? DEFAULT_LOCALE],
});

/**
 * The mail that tells a recorded notice: a greeting, its title (also the subject) and its body in
 * the recipient's language, then the `closing` lines saying where to follow it up. `headline`
 * frames the title when the mail says more than the title itself.
 */
export function noticeMailIn(
  language: Locale | null,
  name: string,
  { title, body }: { title: string; body: string },
  closing: (t: Translate) => string[],
  headline: (t: Translate, title: string) => string = (_, title) => title,
): { subject: string; text: string } {
  const t = mailTranslator(language);
  const told = mailTextTranslator(language);
  return {
    subject: told(title),
    text: [
      t(/*i18n*/ 'Hello {name},', { name }),
      '',
      headline(t, told(title)),
      '',
      told(body),
      '',
      ...closing(t),
      '',
    ].join('\n'),
  };
}
