import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { PageLocale } from '../../domain/i18n/locales.ts';

/** One entry of Vite's build manifest: a source module's file and the chunks it imports statically. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The manifest's key of the SPA's page (index.html), whose files its HTML already loads. */
const PAGE = 'index.html';
/**
 * The SPA itself, which the page's script (frontend/src/boot.ts) imports on every page: at once
 * on a page it draws, once the page is on screen on one drawn on the server.
 */
const APP = 'src/main.tsx';

/** `key`'s file and those of every chunk it imports, directly or not. */
function filesOf(manifest: Manifest, key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) filesOf(manifest, imported, files);
  return files;
}

/**
 * The files a lazily loaded module of the SPA (a route's page, named by its source path as the
 * manifest keys it, e.g. 'src/features/catalog/ProductsPage.tsx') needs beyond those every
 * page loads (index.html's and the SPA's, `spaAppFiles`), as /assets/... paths: what a page's
 * HTML may modulepreload. Read from `root`/.vite/manifest.json (vite.config.ts asks for it),
 * again after a new build; none when there is no manifest or the module is not in it.
 */
export function spaModules(root: string): (module: string) => string[] {
  return fromManifest(root, (manifest, module) => {
    const loaded = filesOf(manifest, APP, filesOf(manifest, PAGE));
    return module in manifest ? [...filesOf(manifest, module)].filter((f) => !loaded.has(f)).map((f) => `/${f}`) : [];
  });
}

/**
 * The files of the SPA (main.tsx and the chunks it imports) as /assets/... paths, which
 * index.html's script imports: what the HTML of a page the SPA draws modulepreloads, so they
 * come as the page does rather than after its script. None without a manifest.
 */
export function spaAppFiles(root: string): () => string[] {
  const files = fromManifest(root, (manifest, _: null) => {
    const loaded = filesOf(manifest, PAGE);
    return [...filesOf(manifest, APP)].filter((f) => !loaded.has(f)).map((f) => `/${f}`);
  });
  return () => files(null);
}

/** The fonts a language's pages draw their script with, by the name of their file (frontend/src/styles.css). */
const SCRIPT_FONTS: Partial<Record<PageLocale, RegExp>> = { hi: /\/noto-sans-devanagari-[\w-]+\.woff2$/ };

/**
 * What a page in a language needs before it can show, as /assets/... paths: the file of its
 * language's catalogs every page needs (scripts/catalog-parts.ts), and the fonts of its script.
 */
export function spaLanguageFiles(root: string): (locale: PageLocale) => { catalogs: string[]; fonts: string[] } {
  return fromManifest(root, (manifest, locale: PageLocale) => {
    const entries = Object.entries(manifest);
    const catalogs = entries.filter(([key]) => key.endsWith(`virtual:catalogs/${locale}/start`));
    const font = SCRIPT_FONTS[locale];
    return {
      catalogs: catalogs.map(([, chunk]) => `/${chunk.file}`),
      fonts: font
        ? entries.filter(([, chunk]) => font.test(`/${chunk.file}`)).map(([, chunk]) => `/${chunk.file}`)
        : [],
    };
  });
}

/** `answer` for a key from `root`/.vite/manifest.json, read again after a new build (an empty one while there is none). */
function fromManifest<K, V>(root: string, answer: (manifest: Manifest, key: K) => V): (key: K) => V {
  const file = join(root, '.vite', 'manifest.json');
  // null: never read; undefined: read while there was no manifest.
  let readAt: number | undefined | null = null;
  let manifest: Manifest = {};
  const found = new Map<K, V>();
  return (key) => {
    const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (readAt !== mtimeMs) {
      manifest = mtimeMs === undefined ? {} : (JSON.parse(readFileSync(file, 'utf8')) as Manifest);
      readAt = mtimeMs;
      found.clear();
    }
    if (!found.has(key)) found.set(key, answer(manifest, key));
    return found.get(key) as V;
  };
}
