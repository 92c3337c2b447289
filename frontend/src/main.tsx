// First: before any schema exists (see the file).
import './zod-jitless.ts';
import { I18nProvider } from '@lingui/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { i18n, switchLocale } from './i18n/i18n.ts';
import { initialLocale } from './i18n/locale.ts';
import { LocaleRouter } from './i18n/LocaleRouter.tsx';
import { openIn } from './i18n/choose.ts';
import { loadSession } from './state/session.ts';
import './styles.css';

void loadSession();

const start = initialLocale(location.pathname, navigator.languages);
// The address says the language: a plain path opened in Hindi becomes /hi/..., so it can be shared as it shows.
openIn(start);
await switchLocale(start);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <LocaleRouter>
        <App />
      </LocaleRouter>
    </I18nProvider>
  </StrictMode>,
);
