/**
 * The built SPA (`dist/`): its hashed files under /assets/, kept by browsers for a year, and
 * index.html for every other path (the client-side routes), checked again on each visit. Each
 * file goes out as the copy the build compressed beside it (`.br`, `.gz`, see
 * scripts/precompress.ts) when the browser accepts that encoding, else as it is. A page with
 * head hints (page-hints.ts) gets index.html with them added, compressed here once per hints.
 */
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { type PageLocale, splitLocalePath } from '../../domain/i18n/locales.ts';
import { SESSION_COOKIE } from '../auth/session-cookie.ts';
import { errorBody } from './errors.ts';
import { localeOf } from './language.ts';
import { modulePreload } from './page-hints.ts';
import type { DrawnPage, PageRender } from './page-render.ts';
import { Prepared, noneMatch } from './prepared.ts';

/** The encodings the build writes, in the order we prefer them, with their files' suffixes. */
const ENCODINGS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

type Encoding = (typeof ENCODINGS)[number][0];

/** A hashed name never changes content: an old build's name is gone, never reused. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** The index names the current build's files, so it is checked (ETag) on every visit. */
const REVALIDATE = 'no-cache';

/** What Vite names files under assets/: no folders, no dot files, nothing to escape the folder. */
const ASSET_NAME = /^[\w-][\w.-]*$/;

/** The encodings `header` (an Accept-Encoding) accepts; `q=0` refuses one. */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((s) => s.trim());
    const q = params.find((p) => p.startsWith('q='));
    if (coding && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(coding);
  }
  return accepted;
}

interface Variant {
  path: string;
  encoding: Encoding | null;
  size: number;
  mtimeMs: number;
}

async function statFile(path: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info : null;
  } catch (error) {
    const { code } = error as NodeJS.ErrnoException;
    if (code === 'ENOENT' || code === 'ENOTDIR') return null;
    throw error;
  }
}

/** The best copy of `file` for `acceptEncoding`: a compressed one the browser takes, else the file; null when there is no file. */
async function pickVariant(file: string, acceptEncoding: string | undefined): Promise<Variant | null> {
  const accepted = acceptedEncodings(acceptEncoding);
  for (const [encoding, suffix] of ENCODINGS) {
    if (!accepted.has(encoding)) continue;
    const info = await statFile(file + suffix);
    if (info) return { path: file + suffix, encoding, size: info.size, mtimeMs: info.mtimeMs };
  }
  const info = await statFile(file);
  return info && { path: file, encoding: null, size: info.size, mtimeMs: info.mtimeMs };
}

/** `tag` is among the entity tags of an If-None-Match (compared weakly, as RFC 9110 asks for it). */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === tag);
}

/** Sends `file` (its best copy for the request) with `cacheControl`; null when it does not exist. */
async function sendFile(c: Context, file: string, cacheControl: string): Promise<Response | null> {
  const variant = await pickVariant(file, c.req.header('accept-encoding'));
  if (!variant) return null;
  // Each copy is its own representation, so its own tag.
  const etag = `"${variant.size.toString(36)}-${Math.trunc(variant.mtimeMs).toString(36)}${variant.encoding ? `-${variant.encoding}` : ''}"`;
  const headers: Record<string, string> = { 'cache-control': cacheControl, etag, vary: 'accept-encoding' };
  if (matches(c.req.header('if-none-match'), etag)) return c.body(null, 304, headers);
  headers['content-type'] = getMimeType(file) ?? 'application/octet-stream';
  if (variant.encoding) headers['content-encoding'] = variant.encoding;
  return c.body(new Uint8Array(await readFile(variant.path)), 200, headers);
}

/**
 * HTML for the head of the page at a path and query string (page-hints.ts), or null for none;
 * `drawn`: the page is drawn on the server (page-render.ts). It changes with what the page
 * shows (the catalog), so the page's ETag is made from it.
 */
export type HeadHints = (path: string, search: string, drawn?: boolean) => Promise<string | null>;

/** Distinct hinted pages whose bytes are kept; beyond this the cache starts over. */
const HINTED_PAGES_KEPT = 500;

/**
 * The prepared pages: those with a page drawn on the server are kept with their drawing, so they
 * go when page-render.ts lets go of it (some 100 KB each, compressed copies besides), the others
 * (index.html and hints, a few KB) up to `HINTED_PAGES_KEPT`.
 */
interface HintedPages {
  undrawn: Map<string, Prepared>;
  drawn: WeakMap<DrawnPage, Map<string, Prepared>>;
}

/**
 * What a page in a language loads before it shows (spa-manifest.ts `spaLanguageFiles`): the
 * file of its catalogs and its script's fonts, all asked for as the HTML arrives.
 */
export type LanguageFiles = (locale: PageLocale) => { catalogs: readonly string[]; fonts: readonly string[] };

/** The files of the SPA that index.html's script imports (spa-manifest.ts `spaAppFiles`). */
export type AppFiles = () => readonly string[];

/**
 * What a page asks for as its HTML arrives, beyond the hints of its path: the fonts of its
 * language's script, and when the SPA draws the page, the SPA's files and the catalogs it
 * draws it with, needed before anything shows. A page drawn on the server shows without them:
 * the SPA comes once it is on screen (frontend/src/boot.ts), so that they take no bandwidth or
 * time from what the page shows first.
 */
function startHints(language: ReturnType<LanguageFiles> | undefined, app: readonly string[], drawn: boolean): string {
  const fonts = (language?.fonts ?? []).map(
    (file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="${file}">`,
  );
  return (drawn ? [] : [...app, ...(language?.catalogs ?? [])].map(modulePreload)).join('') + fonts.join('');
}

/** `hints` less the preloads of files `index` loads itself (its script, which imports the SPA). */
const notIn = (index: string, hints: string): string =>
  hints.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (link, file: string) =>
    index.includes(`"${file}"`) ? '' : link,
  );

/** Where the SPA draws itself in index.html, and the page drawn on the server goes. */
const ROOT = '<div id="root"></div>';

/**
 * index.html (`index`) in `lang` (its <html lang>) with `hints` in its head and `drawn` (a page
 * drawn on the server, page-render.ts) in its root, as a prepared body: compressed once per
 * encoding, with its own ETag in each.
 */
function hintedPage(index: string, lang: string, hints: string, drawn: DrawnPage | null): Prepared {
  let html = index.replace(/<html lang="[\w-]*">/, `<html lang="${lang}">`);
  // Inert until the SPA has taken it over (frontend/src/main.tsx): a click before would be lost.
  // A function, not a string: `$&` or `$'` in a product's name would be read as replacement patterns.
  if (drawn) html = html.replace(ROOT, () => `<div id="root" inert>${drawn.root}</div>`);
  const at = html.indexOf('</head>');
  const head = notIn(index, hints);
  return new Prepared(at === -1 ? head + html : html.slice(0, at) + head + html.slice(at), getMimeType('index.html')!);
}

/** Sends index.html (`file`) with `hints` in its head and `drawn` in its root; null when there is no index. */
async function sendHinted(
  c: Context,
  file: string,
  lang: string,
  hints: string,
  drawn: DrawnPage | null,
  hinted: HintedPages,
): Promise<Response | null> {
  const info = await statFile(file);
  if (!info) return null;
  let pages = hinted.undrawn;
  if (drawn) {
    pages = hinted.drawn.get(drawn) ?? new Map();
    hinted.drawn.set(drawn, pages);
  }
  // A new build's index is a new page.
  const key = `${info.size}-${info.mtimeMs}\n${lang}\n${hints}`;
  let page = pages.get(key);
  if (!page) {
    page = hintedPage(await readFile(file, 'utf8'), lang, hints, drawn);
    if (pages.size >= HINTED_PAGES_KEPT) pages.clear();
    pages.set(key, page);
  }
  const representation = page.negotiated(c.req.header('accept-encoding'));
  const caching = { 'cache-control': REVALIDATE, vary: 'accept-encoding' };
  if (noneMatch(c.req.header('if-none-match'), representation.etag))
    return c.body(null, 304, { ...caching, etag: representation.etag });
  return c.body(representation.bytes, 200, { ...representation.headers, ...caching });
}

const notFound = (c: Context) => c.json(errorBody('not_found', /*i18n*/ 'Not found'), 404);

/**
 * GET handler for every path the API and media routes leave: the SPA built into `root`, its
 * pages with `hints` in their head, and in the language their path names (/hi/...: Hindi; a
 * path naming none opens in English unless the visitor chose or prefers Hindi, which the SPA
 * settles) with what that language loads first (`language`); public pages drawn on the server
 * (`draw`) for a visitor without a session, the others with the SPA's files (`app`) preloaded.
 */
export function serveSpa(
  root: string,
  hints?: HeadHints,
  language?: LanguageFiles,
  draw?: PageRender,
  app: AppFiles = () => [],
) {
  const hintedPages: HintedPages = { undrawn: new Map(), drawn: new WeakMap() };
  return async (c: Context): Promise<Response> => {
    const path = c.req.path;
    if (path.startsWith('/assets/')) {
      // A hashed file that is gone (an old build's) is a 404, never the index under an immutable name.
      const name = path.slice('/assets/'.length);
      if (!ASSET_NAME.test(name)) return notFound(c);
      return (await sendFile(c, join(root, 'assets', name), IMMUTABLE)) ?? notFound(c);
    }
    const index = join(root, 'index.html');
    const { locale, page } = splitLocalePath(path);
    const shown = locale ?? 'en';
    const search = new URL(c.req.url).search;
    // A plain address opens in English unless the visitor prefers Hindi: the SPA then moves it to /hi, so it is not drawn in English.
    const drawable =
      !c.req.header('cookie')?.includes(SESSION_COOKIE) &&
      (locale || localeOf(c.req.header('accept-language')) === 'en');
    const drawn = draw && drawable ? await draw(shown, path, page, search) : null;
    const head =
      startHints(language?.(shown), app(), drawn !== null) +
      ((hints && (await hints(page, search, drawn !== null))) ?? '');
    if (head || locale || drawn) {
      const lang = shown === 'pseudo' ? 'en' : shown;
      return (await sendHinted(c, index, lang, head, drawn, hintedPages)) ?? notFound(c);
    }
    return (await sendFile(c, index, REVALIDATE)) ?? notFound(c);
  };
}
