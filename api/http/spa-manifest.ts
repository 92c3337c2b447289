import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** One entry of Vite's build manifest: a source module's file and the chunks it imports statically. */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

/** The manifest's key of the SPA's page (index.html), whose files its HTML already loads. */
const PAGE = 'index.html';

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
 * manifest keys it, e.g. 'src/features/catalog/ProductsPage.tsx') needs beyond those
 * index.html loads, as /assets/... paths: what a page's HTML may modulepreload. Read from
 * `root`/.vite/manifest.json (vite.config.ts asks for it), again after a new build; none
 * when there is no manifest or the module is not in it.
 */
export function spaModules(root: string): (module: string) => string[] {
  const file = join(root, '.vite', 'manifest.json');
  let read: { mtimeMs: number; manifest: Manifest } | null = null;
  const found = new Map<string, string[]>();
  return (module) => {
    const mtimeMs = statSync(file, { throwIfNoEntry: false })?.mtimeMs;
    if (mtimeMs === undefined) return [];
    if (read?.mtimeMs !== mtimeMs) {
      read = { mtimeMs, manifest: JSON.parse(readFileSync(file, 'utf8')) as Manifest };
      found.clear();
    }
    let files = found.get(module);
    if (!files) {
      const loaded = filesOf(read.manifest, PAGE);
      files =
        module in read.manifest
          ? [...filesOf(read.manifest, module)].filter((f) => !loaded.has(f)).map((f) => `/${f}`)
          : [];
      found.set(module, files);
    }
    return files;
  };
}
