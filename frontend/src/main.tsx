// First: before any schema exists (see the file).
import './zod-jitless.ts';
import { I18nProvider } from '@lingui/react';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { PrefetchedProvider, prefetchedInPage } from './state/prefetched.ts';
import { i18n, switchLocale } from './i18n/i18n.ts';
import { initialLocale } from './i18n/locale.ts';
import { LocaleRouter } from './i18n/LocaleRouter.tsx';
import { PageShownProvider } from './routes.tsx';
import { openIn } from './i18n/choose.ts';
import { DEFAULT_DISPLAY_CURRENCY } from '../../domain/currency/currencies.ts';
import { displayCurrency } from './state/currency.ts';
import { loadSession } from './state/session.ts';

const root = document.getElementById('root')!;

const start = initialLocale(location.pathname, navigator.languages);
// A public page the server drew (api/http/page-render.ts) is taken over as it is when it shows what
// this browser would: the server draws for a visitor who kept no choice here, in the language of
// the address (its <html lang>) with prices in rupees alone. Any other page is drawn here.
const takeOver =
  root.firstChild !== null &&
  document.documentElement.lang === start &&
  displayCurrency.value === DEFAULT_DISPLAY_CURRENCY;
// The address says the language: a plain path opened in Hindi becomes /hi/..., so it can be shared as it shows.
openIn(start);
// A page taken over was drawn signed out: the session is asked for once it is React's (pageShown).
if (!takeOver) void loadSession();
await switchLocale(start);

let sessionAsked = !takeOver;
/**
 * A drawn page comes inert, so nothing is clicked before React listens: it is lifted once the
 * page is React's (routes.tsx), and the session of a page taken over is asked for then: an
 * answer that came while React was still taking the page over would make it draw it anew.
 */
function pageShown() {
  root.removeAttribute('inert');
  if (sessionAsked) return;
  sessionAsked = true;
  void loadSession();
}

const app = (
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <PrefetchedProvider value={prefetchedInPage()}>
        <LocaleRouter>
          <PageShownProvider value={pageShown}>
            <App />
          </PageShownProvider>
        </LocaleRouter>
      </PrefetchedProvider>
    </I18nProvider>
  </StrictMode>
);

// In a transition, React takes the page over in slices of a few milliseconds, between which the
// browser stays free to answer the visitor, rather than in one long task.
if (takeOver) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
