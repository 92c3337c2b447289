import { i18n } from '@lingui/core';
import { afterAll, beforeAll } from 'vitest';
import { loadCatalogs } from './catalogs.ts';
import type { UiLocale } from './locale.ts';

/** The suite's tests run in `locale` with every catalog the SPA loads for it (both parts, the server's included). */
export function inLanguage(locale: UiLocale): void {
  beforeAll(async () => {
    const messages = { ...(await loadCatalogs(locale, 'start')), ...(await loadCatalogs(locale, 'rest')) };
    i18n.loadAndActivate({ locale, messages });
  });
  afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
}
