/**
 * The language the SPA speaks (issue 30): English or Hindi, and `pseudo` (accented, bracketed
 * English) for the missing-string check. The address says it: Hindi pages live under /hi, the
 * pseudo-locale's under /pseudo, English at the plain path. An address without a prefix opens in
 * the language the visitor chose last (kept in this browser), else the first of the browser's
 * languages MIBI speaks; a signed-in user's choice is also kept on the account (account-language.ts).
 */
import { signal } from '@preact/signals-react';
import {
  DEFAULT_LOCALE,
  isLocale,
  type Locale,
  type PageLocale,
  pickLocale,
  splitLocalePath,
} from '../../../domain/i18n/locales.ts';

export { basePath } from '../../../domain/i18n/locales.ts';

/** A language the SPA can show: MIBI's, or the pseudo-locale no one picks. */
export type UiLocale = PageLocale;

const STORAGE_KEY = 'mibi:language';

function storedLocale(): Locale | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** Keeps the visitor's choice in this browser. */
export function rememberLocale(locale: Locale): void {
  try {
    localStorage.setItem(STORAGE_KEY, locale);
  } catch {
    // Storage refused (private mode, full): the address still says the language.
  }
}

/** The language to open `path` in: the one it names, else the visitor's last choice, else the browser's. */
export function initialLocale(path: string, preferences: readonly string[]): UiLocale {
  return splitLocalePath(path).locale ?? storedLocale() ?? pickLocale(preferences);
}

/** The language on screen. Changed only by `switchLocale` (i18n.ts), once its catalogs are in. */
export const locale = signal<UiLocale>(DEFAULT_LOCALE);
