/**
 * The SPA drawn on the server (built by `vite build` into dist/ssr/, see vite.config.ts): a
 * public page's HTML as the browser would first draw it for a visitor not signed in, with the
 * API's answers it needs given (`prefetched`), so the page shows before its script has run and
 * the browser takes it over (main.tsx). api/http/page-render.ts calls it.
 */
import './zod-jitless.ts';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { Router } from 'wouter';
import { App } from './App.tsx';
import { PrefetchedProvider, prefetchedScript } from './state/prefetched.ts';
import { loadCatalogs } from './i18n/catalogs.ts';
import { activate, i18n } from './i18n/i18n.ts';
import type { UiLocale } from './i18n/locale.ts';
import { LocaleRouter } from './i18n/LocaleRouter.tsx';

/** The longest a page may take to draw; the browser draws it instead (api/http/page-render.ts). */
const DRAWING_LIMIT_MS = 5000;

/** The language and the signals are the SPA's one instance each: one page is drawn at a time. */
let drawing: Promise<unknown> = Promise.resolve();

/**
 * The HTML inside #root of `address` (path and query, the language's prefix included) in
 * `locale`, drawn with `prefetched` (API address to its answer), which it carries for the browser.
 */
export function renderPage(address: string, locale: UiLocale, prefetched: Record<string, unknown>): Promise<string> {
  const drawn = drawing.then(() => draw(address, locale, prefetched));
  drawing = drawn.catch(() => undefined);
  return drawn;
}

async function draw(address: string, locale: UiLocale, prefetched: Record<string, unknown>): Promise<string> {
  activate(locale, await loadCatalogs(locale, 'start'));
  const page = (
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <Router ssrPath={address}>
          <PrefetchedProvider value={new Map(Object.entries(prefetched))}>
            <LocaleRouter>
              <App />
            </LocaleRouter>
          </PrefetchedProvider>
        </Router>
      </I18nProvider>
    </StrictMode>
  );
  // prerender waits for the page's chunk (React.lazy); drawn again once it is in, the page has no
  // part left to fill in later, which would take an inline script (the policy refuses them).
  // Bounded: pages are drawn one at a time, so one that never finished would hold every other.
  await prerender(page, { signal: AbortSignal.timeout(DRAWING_LIMIT_MS) });
  return renderToString(page) + prefetchedScript(prefetched);
}
