/** The visitor's choice of language: the address, this browser and (signed in) the account follow it. */
import { type Locale, splitLocalePath } from '../../../domain/i18n/locales.ts';
import { switchLocale } from './i18n.ts';
import { basePath, rememberLocale, type UiLocale } from './locale.ts';

/** Rewrites the address to say `locale`, keeping the page, its query and its anchor. */
export function openIn(locale: UiLocale): void {
  const { pathname, search, hash } = location;
  const { page } = splitLocalePath(pathname);
  const path = `${basePath(locale)}${page === '/' && locale !== 'en' ? '' : page}` || '/';
  if (path !== pathname) history.replaceState(history.state, '', `${path}${search}${hash}`);
}

/** The visitor picks `locale` (the header's or the account page's switcher). */
export async function chooseLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  await switchLocale(locale, () => openIn(locale));
}
