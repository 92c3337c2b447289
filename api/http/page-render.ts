/**
 * Public pages drawn on the server (issue 30: the largest paint of `/` and `/products` within
 * 2 s on a slow phone). The home page, the first page of the catalogue (any category and sort,
 * no search or option filter) and a product's page (no variant chosen in its address) come as
 * HTML the browser shows before any script has run;
 * the SPA then takes that HTML over (hydration, frontend/src/main.tsx) instead of drawing the
 * page again. Only for a visitor without a session cookie: what a signed-in user sees (their
 * name, their own products) is never drawn here, and the page they get is the same for everyone.
 *
 * The pages come from the SPA's own components, built for the server into dist/ssr/
 * (frontend/src/entry-server.tsx); without that build, pages are not drawn and the SPA draws them
 * as before. A page is drawn once per language, address and catalog body, one at a time. A
 * crawler going through every product would keep the server drawing, and visitors waiting behind
 * it: past `DRAWING_MS_PER_SECOND` of drawing in a second, or while `DRAWINGS_WAITING` wait,
 * another page is left to the browser.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageLocale } from '../../domain/i18n/locales.ts';
import { logger } from '../../platform/log.ts';
import type { CatalogIndex } from '../reads/catalog-index.ts';
import type { Reopenable } from '../reads/reopenable.ts';
import { PRODUCT_PATH, firstAnswer } from './page-hints.ts';
import type { Prepared } from './prepared.ts';

const log = logger('page-render');

/** frontend/src/entry-server.tsx `renderPage`: the HTML of #root, the answers it was drawn with included. */
export type RenderPage = (address: string, locale: PageLocale, prefetched: Record<string, unknown>) => Promise<string>;

/** A page drawn: what goes into its #root. */
export interface DrawnPage {
  /** Distinct for each drawing: the served page is prepared (compressed, tagged) once per drawing. */
  readonly id: number;
  readonly root: string;
}

/** Drawn pages kept (each some 10-100 KB); beyond this the least recently drawn or shown goes. */
const DRAWN_KEPT = 64;

/** Drawings asked for and not finished, past which a page is left to the browser. */
const DRAWINGS_WAITING = 8;

/**
 * The time the server spends drawing pages in a second, past which pages are left to the
 * browser until the next: a product page takes some 10 ms of the thread that answers requests.
 * A drawing counts from when it is asked for, so in a burst its wait behind the others counts
 * too, and fewer are drawn than the budget alone would allow (erring on the visitors' side).
 */
const DRAWING_MS_PER_SECOND = 200;

/**
 * React draws a preload of the page's first picture before the page: the page's head already has
 * one for it (page-hints.ts), made for the SPA drawing the page itself too, so React's is left out.
 */
const LEADING_LINKS = /^(?:<link [^>]*\/?>)+/;

const decoder = new TextDecoder();

/**
 * Draws the page at `address` (its full path, language prefix included, and query; `page` the
 * path within the language) in `locale`; null for a page not drawn here, or when the SPA was not
 * built for the server.
 */
export type PageRender = (
  locale: PageLocale,
  address: string,
  page: string,
  search: string,
) => Promise<DrawnPage | null>;

/** The SPA's renderer as `vite build` made it into `spaRoot`/ssr/, loaded once; null without that build. */
export function builtRenderer(spaRoot: string): () => Promise<RenderPage | null> {
  const entry = resolve(join(spaRoot, 'ssr', 'entry-server.js'));
  let renderer: Promise<RenderPage | null> | undefined;
  return () => {
    renderer ??= existsSync(entry)
      ? import(pathToFileURL(entry).href).then(
          (module: { renderPage: RenderPage }) => module.renderPage,
          (error: unknown) => {
            // A build that cannot load here (a package missing) leaves every page to the browser.
            log.error({ err: error, entry }, 'could not load the SPA built for the server');
            return null;
          },
        )
      : Promise.resolve(null);
    return renderer;
  };
}

/** `now`: a monotonic clock in ms (performance.now), for the drawing time. */
export function pageRender(
  load: () => Promise<RenderPage | null>,
  catalog: Pick<Reopenable<CatalogIndex>, 'get'>,
  now: () => number = () => performance.now(),
): PageRender {
  const drawn = new Map<string, { source: Prepared | null; page: Promise<DrawnPage | null> }>();
  let drawings = 0;
  let waiting = 0;
  /** The drawing time spent since `second` began. */
  let second = Number.NEGATIVE_INFINITY;
  let spent = 0;

  const busy = () => {
    const at = now();
    if (at - second >= 1000) [second, spent] = [at, 0];
    return spent >= DRAWING_MS_PER_SECOND || waiting >= DRAWINGS_WAITING;
  };

  const draw = async (render: RenderPage, locale: PageLocale, address: string, answers: Record<string, unknown>) => {
    const started = now();
    waiting++;
    try {
      const html = await render(address, locale, answers);
      return { id: ++drawings, root: html.replace(LEADING_LINKS, '') };
    } catch (error) {
      // The SPA still draws the page in the browser.
      log.error({ err: error, address }, 'could not draw the page on the server');
      return null;
    } finally {
      waiting--;
      spent += now() - started;
    }
  };

  return async (locale, address, page, search) => {
    const params = new URLSearchParams(search);
    const drawnHere =
      page === '/products' ? !params.has('q') : params.size === 0 && (page === '/' || PRODUCT_PATH.test(page));
    // The pseudo-locale (the missing-string check) is drawn by the browser alone.
    if (!drawnHere || locale === 'pseudo') return null;
    const render = await load();
    if (!render) return null;
    const answer = page === '/' ? null : await firstAnswer(catalog, page, search);
    if (page !== '/' && !answer) return null;
    const key = `${locale}\n${address}${search}`;
    const kept = drawn.get(key);
    drawn.delete(key); // set again below: the Map's order is that of last use
    if (kept && kept.source === (answer?.source ?? null)) {
      drawn.set(key, kept);
      return kept.page;
    }
    if (busy()) return null;
    const answers = answer ? { [answer.route.api]: JSON.parse(decoder.decode(answer.source.bytes)) } : {};
    const made = draw(render, locale, address + search, answers);
    if (drawn.size >= DRAWN_KEPT) drawn.delete(drawn.keys().next().value!);
    drawn.set(key, { source: answer?.source ?? null, page: made });
    return made;
  };
}
