/** The visitor's choice of language: the address, this browser and (signed in) the account follow it. */
import { DEFAULT_LOCALE, type Locale, splitLocalePath } from '../../../domain/i18n/locales.ts';
import { call, server } from '../api/client.ts';
import { keepOnAccount } from '../state/account-preference.ts';
import { session } from '../state/session.ts';
import { switchLocale } from './i18n.ts';
import { basePath, locale, rememberLocale, type UiLocale } from './locale.ts';

/** Rewrites the address to say `locale`, keeping the page, its query and its anchor. */
export function openIn(locale: UiLocale): void {
  const { pathname, search, hash } = location;
  const { page } = splitLocalePath(pathname);
  const path = `${basePath(locale)}${page === '/' && locale !== 'en' ? '' : page}` || '/';
  if (path !== pathname) history.replaceState(history.state, '', `${path}${search}${hash}`);
}

const show = (chosen: Locale) => switchLocale(chosen, () => openIn(chosen));

const saveOnAccount = (chosen: Locale) => call(server.auth.language.$put({ json: { locale: chosen } }));

/** The visitor picks `locale` (the header's or the account page's switcher): shown, kept here and on the account. */
export async function chooseLocale(chosen: Locale): Promise<void> {
  rememberLocale(chosen);
  await show(chosen);
  if (session.value) await saveOnAccount(chosen).catch((error) => console.error('Could not keep the language', error));
}

// The account's language (the one its mails are written in) follows the visitor's: at sign-in an
// account that never chose takes the one on screen; one that chose is shown in it, unless the
// address names a language (a shared link opens in its own).
keepOnAccount<Locale>({
  load: async () => (await call(server.auth.language.$get())).locale,
  save: saveOnAccount,
  current: () => (locale.value === 'pseudo' ? DEFAULT_LOCALE : locale.value),
  isDefault: (chosen) => chosen === DEFAULT_LOCALE,
  adopt: async (chosen) => {
    rememberLocale(chosen);
    if (chosen !== locale.value && !splitLocalePath(location.pathname).locale) await show(chosen);
  },
});
