/**
 * Answers the server rendered a page with (server-rendered pages, api/http/page-render.ts):
 * the page's first render reads them instead of asking, so what it draws in the browser is
 * what the HTML already shows and React takes that HTML over (hydration) instead of drawing
 * it again. Keyed by the API address the page would have asked, exactly as it asks it.
 */
import { createContext, useContext } from 'react';

export type Prefetched = Map<string, unknown>;

/** The id of the page's <script type="application/json"> holding them. */
export const PREFETCHED_ID = 'mibi-prefetched';

const PrefetchedContext = createContext<Prefetched>(new Map());

export const PrefetchedProvider = PrefetchedContext.Provider;

/** The prefetched answers; a consumer deletes the one it used once shown, so a later visit asks afresh. */
export const usePrefetched = (): Prefetched => useContext(PrefetchedContext);

/** In the browser: the answers the page's HTML carries (none on a page the server did not render). */
export function prefetchedInPage(): Prefetched {
  const element = document.getElementById(PREFETCHED_ID);
  try {
    return new Map(Object.entries(element ? (JSON.parse(element.textContent ?? '{}') as object) : {}));
  } catch {
    return new Map();
  }
}

/** The HTML carrying `answers` for `prefetchedInPage`: `<` escaped, so no text in them can close the script. */
export const prefetchedScript = (answers: Record<string, unknown>): string =>
  `<script type="application/json" id="${PREFETCHED_ID}">${JSON.stringify(answers).replace(/</g, '\\u003c')}</script>`;
