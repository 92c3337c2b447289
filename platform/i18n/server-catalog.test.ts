import { getCatalogs } from '@lingui/cli/api';
import { makeConfig } from '@lingui/conf';
import { describe, expect, it } from 'vitest';
import config, { SERVER_CATALOG } from '../../lingui.config.ts';
import { readCatalog, SERVER_CATALOG_DIR } from './server-catalog.ts';

/** The languages translated from English (the pseudo-locale is made, not translated). */
const TRANSLATED = config.locales.filter((locale) => locale !== config.sourceLocale && locale !== 'pseudo');

/** The messages marked in the server's code now, as `npx lingui extract` collects them. */
async function markedMessages(): Promise<string[]> {
  const [catalog] = await getCatalogs(makeConfig({ ...config, rootDir: process.cwd(), catalogs: [SERVER_CATALOG] }));
  return Object.keys((await catalog!.collect()) ?? {});
}

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)/g)].map(([, name]) => name))].sort();

describe('the server catalog', () => {
  it(`translates every message marked in the code into every language (${SERVER_CATALOG_DIR})`, async () => {
    const marked = await markedMessages();
    expect(marked.length).toBeGreaterThan(0);
    for (const locale of TRANSLATED) {
      const translations = readCatalog(locale);
      const untranslated = marked.filter((id) => !translations[id]?.trim());
      expect(untranslated, `${locale}: run npx lingui extract and translate these`).toEqual([]);
      // A translation uses the values its English template has, and no other.
      const mismatched = marked.filter((id) => placeholders(id).join() !== placeholders(translations[id]!).join());
      expect(mismatched, locale).toEqual([]);
    }
  }, 60_000);
});
