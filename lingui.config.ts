import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-po';
import { LOCALES } from './domain/i18n/locales.ts';

/** The server's catalog: the API's messages and the mails (platform/i18n/server-catalog.ts loads it). */
export const SERVER_CATALOG = {
  path: '<rootDir>/platform/i18n/locales/{locale}',
  include: ['<rootDir>/domain', '<rootDir>/api', '<rootDir>/workers', '<rootDir>/platform'],
  exclude: ['**/*.test.ts', '**/*.fixtures.ts', '**/*.fixture.ts'],
};

/**
 * Message catalogs (issue 30). English is the source: its texts are the message ids' defaults and
 * its catalog needs no translation. Each feature of the SPA has its own catalog beside its code,
 * loaded with the feature's screens, so the first route carries only the shop's texts. The
 * pseudo-locale (accented, lengthened and bracketed English) shows in a browser every text that
 * does not come from a catalog: e2e/missing-strings.spec.ts fails on one.
 */
export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES, 'pseudo'],
  pseudoLocale: { locale: 'pseudo', prepend: '⟦', append: '⟧' },
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/frontend/src/features/{name}/locales/{locale}',
      include: ['<rootDir>/frontend/src/features/{name}'],
    },
    {
      path: '<rootDir>/frontend/src/locales/{locale}',
      include: ['<rootDir>/frontend/src'],
      exclude: ['<rootDir>/frontend/src/features/**'],
    },
    SERVER_CATALOG,
  ],
  // By English text, with the files each comes from but not their lines: an edit elsewhere in a file leaves the catalogs alone.
  orderBy: 'message',
  format: formatter({ lineNumbers: false }),
});
