/**
 * The server's message catalog (issue 30): the API's messages and the mails. English is the
 * source, written in the code; each other language has a .po file (`npx lingui extract` writes
 * them from the messages marked in domain/, api/, workers/ and platform/; translators fill them
 * in). A catalog is read and its ICU messages compiled once, when its language is first asked for.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { parsePo } from 'pofile-ts';
import { englishTextReader } from './english-text.ts';

/** From the repository's root, where the server runs (as it finds dist/). */
export const SERVER_CATALOG_DIR = 'platform/i18n/locales';

/** A language's translations by message id (the English template); untranslated ones are left out and stay English. */
export function readCatalog(locale: string): Record<string, string> {
  const po = parsePo(readFileSync(join(SERVER_CATALOG_DIR, `${locale}.po`), 'utf8'));
  return Object.fromEntries(po.items.flatMap(({ msgid, msgstr }) => (msgstr[0] ? [[msgid, msgstr[0]]] : [])));
}

export interface CatalogLanguage {
  /** A message by its id (its English template) and values. */
  translate: (message: string, values?: Readonly<Record<string, string | number>>) => string;
  /** A finished English text, as the domain writes it, in this language; as it is when it is no message. */
  translateText: (text: string) => string;
}

function languageOf(locale: string): CatalogLanguage {
  const messages = readCatalog(locale);
  const i18n = setupI18n().setMessagesCompiler(compileMessage);
  i18n.loadAndActivate({ locale, messages });
  const translate: CatalogLanguage['translate'] = (message, values) => i18n._(message, values);
  const read = englishTextReader(Object.keys(messages));
  // A value that is itself a message (a field's label) is translated too.
  const valueIn = (value: string) => (value in messages ? translate(value) : value);
  return {
    translate,
    translateText(text) {
      const message = read(text);
      if (!message) return text;
      const values =
        message.values && Object.fromEntries(Object.entries(message.values).map(([k, v]) => [k, valueIn(v)]));
      return translate(message.id, values);
    },
  };
}

const languages = new Map<string, CatalogLanguage>();

/** The catalog of `locale` (not the source language: English is the code's own text), read on first use. */
export function catalogLanguage(locale: string): CatalogLanguage {
  let found = languages.get(locale);
  if (!found) {
    found = languageOf(locale);
    languages.set(locale, found);
  }
  return found;
}
