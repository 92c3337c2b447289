/**
 * Lingui's one instance, and the switch between languages: a language's catalogs are loaded
 * before anything shows it, so a page never mixes two.
 */
import { i18n, type Messages } from '@lingui/core';
import { FORMAT_LOCALE } from '../../../domain/i18n/locales.ts';
import { loadCatalogs } from './catalogs.ts';
import { locale, type UiLocale } from './locale.ts';

/** The tag numbers, dates and plurals follow: Indian conventions in every language (the pseudo-locale is English underneath). */
export const formatLocale = (ui: UiLocale = locale.value): string => FORMAT_LOCALE[ui === 'pseudo' ? 'en' : ui];

/** The catalogs beyond the start, per language: fetched once, in the background after the first page, awaited by any other page. */
const rest = new Map<UiLocale, Promise<void>>();

function restOf(shown: UiLocale): Promise<void> {
  let loaded = rest.get(shown);
  if (!loaded) {
    loaded = loadCatalogs(shown, 'rest').then((messages) => i18n.load(shown, messages));
    rest.set(shown, loaded);
  }
  return loaded;
}

/** Resolves once the language on screen has every catalog (a lazy page awaits it with its module). */
export const allCatalogs = (): Promise<void> => restOf(locale.value);

/**
 * Shows the SPA in `next`: its catalogs first (all of them once a page beyond the start was
 * shown), then the language, the document's `lang` and the signal; `moveAddress` runs in that
 * same moment, so the router never sees the old language's address with the new base.
 */
export async function switchLocale(next: UiLocale, moveAddress?: () => void): Promise<void> {
  const [messages] = await Promise.all([loadCatalogs(next, 'start'), rest.size > 0 && restOf(next)]);
  moveAddress?.();
  activate(next, messages);
  document.documentElement.lang = next === 'pseudo' ? 'en' : next;
}

/** Lingui and the signal in `next`, with its `messages`: what a page in `next` is drawn with, in the browser or on the server. */
export function activate(next: UiLocale, messages: Messages): void {
  i18n.loadAndActivate({ locale: next, locales: [formatLocale(next)], messages });
  locale.value = next;
}

export { i18n };
