// First: before any schema exists (see the file).
import './zod-jitless.ts';
import { I18nProvider } from '@lingui/react';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { PrefetchedProvider, prefetchedInPage } from './state/prefetched.ts';
import { i18n, switchLocale } from './i18n/i18n.ts';
import { initialLocale } from './i18n/locale.ts';
import { LocaleRouter } from './i18n/LocaleRouter.tsx';
import { openIn } from './i18n/choose.ts';
import { DEFAULT_DISPLAY_CURRENCY } from '../../domain/currency/currencies.ts';
import { displayCurrency } from './state/currency.ts';
import { loadSession } from './state/session.ts';
import './styles.css';

const root = document.getElementById('root')!;
// A public page the server drew (api/http/page-render.ts) shows already, in the language of its <html lang>.
const drawnIn = root.firstChild ? document.documentElement.lang : null;

const start = initialLocale(location.pathname, navigator.languages);
// The address says the language: a plain path opened in Hindi becomes /hi/..., so it can be shared as it shows.
openIn(start);
// The server drew the page signed out: the session is asked for once the browser has taken it over.
if (!drawnIn) void loadSession();
await switchLocale(start);

/** A drawn page comes inert, so nothing is clicked before React listens: it is lifted once the page is React's. */
function Interactive({ children }: { children: ReactNode }) {
  useEffect(() => root.removeAttribute('inert'), []);
  return children;
}

const app = (
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <PrefetchedProvider value={prefetchedInPage()}>
        <LocaleRouter>
          <Interactive>
            <App />
          </Interactive>
        </LocaleRouter>
      </PrefetchedProvider>
    </I18nProvider>
  </StrictMode>
);

// The server draws for a visitor who kept no choice in this browser: the language of the address, prices in rupees alone.
if (drawnIn === start && displayCurrency.value === DEFAULT_DISPLAY_CURRENCY) {
  // React takes the drawn HTML over as it is.
  hydrateRoot(root, app);
  void loadSession();
} else {
  // Not drawn, or drawn otherwise than this visitor sees it: drawn here.
  createRoot(root).render(app);
}
