import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { basePath, locale } from './locale.ts';

/**
 * Every route under the language's prefix: links, the location and navigation are relative to
 * it. A new language draws the SPA anew (`key`), so every date, number and text on screen follows
 * it, not only those read through Lingui; what matters is on the server or in the browser's storage.
 */
export function LocaleRouter({ children }: { children: ReactNode }) {
  useSignals();
  return (
    <Router key={locale.value} base={basePath(locale.value)}>
      {children}
    </Router>
  );
}
