/** What the SPA's Hindi catalogs say for an English text, so browser tests find Hindi labels as the catalogs word them. */
import { readFileSync } from 'node:fs';
import { globSync } from 'node:fs';

/** msgid -> msgstr of every SPA catalog in `locale` (single-line entries, as Lingui writes short texts). */
function translations(locale: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const file of globSync(`frontend/src/{locales,features/*/locales}/${locale}.po`)) {
    const text = readFileSync(file, 'utf8');
    for (const [, id = '', str = ''] of text.matchAll(/^msgid "(.*)"\nmsgstr "(.*)"$/gm)) {
      if (!id || !str) continue;
      found.set(id, (found.get(id) ?? new Set()).add(str));
    }
  }
  return found;
}

const HINDI = translations('hi');

/** The Hindi of `english` in the SPA's catalogs; fails the test when there is none (or several). */
export function hindi(english: string): string {
  const found = [...(HINDI.get(english) ?? [])];
  if (found.length !== 1) throw new Error(`The Hindi catalogs have ${found.length} translations of "${english}"`);
  return found[0]!;
}

/** Devanagari letters: a text in Hindi has some. */
export const DEVANAGARI = /[\u0900-\u097F]/;
