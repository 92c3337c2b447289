import { useSignals } from '@preact/signals-react/runtime';
import type { ReactNode } from 'react';
import { Router } from 'wouter';
import { basePath, locale } from './locale.ts';

/** Every route under the language's prefix: links, the location and navigation are relative to it. */
export function LocaleRouter({ children }: { children: ReactNode }) {
  useSignals();
  return <Router base={basePath(locale.value)}>{children}</Router>;
}
