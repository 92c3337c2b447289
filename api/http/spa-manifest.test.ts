import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spaLanguageFiles, spaModules } from './spa-manifest.ts';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mibi-manifest-'));
  mkdirSync(join(root, '.vite'));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A manifest as Vite writes it: the page's entry, a page module sharing a chunk with it, and one of its own. */
function build(page = 'assets/ProductsPage-A1.js', at = new Date()): void {
  const file = join(root, '.vite', 'manifest.json');
  writeFileSync(
    file,
    JSON.stringify({
      'index.html': { file: 'assets/index-X1.js', isEntry: true, imports: ['_react-R1.js'] },
      '_react-R1.js': { file: 'assets/react-R1.js' },
      '_shop-S1.js': { file: 'assets/shop-S1.js', imports: ['_react-R1.js', 'index.html'] },
      '../virtual:catalogs/hi/start': { file: 'assets/start-H1.js', isDynamicEntry: true },
      '../virtual:catalogs/hi/rest': { file: 'assets/rest-H2.js', isDynamicEntry: true },
      '../virtual:catalogs/en/start': { file: 'assets/start-E1.js', isDynamicEntry: true },
      '../node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2': {
        file: 'assets/noto-sans-devanagari-devanagari-400-normal-F1.woff2',
      },
      'src/features/catalog/ProductsPage.tsx': {
        file: page,
        isDynamicEntry: true,
        imports: ['index.html', '_shop-S1.js'],
      },
    }),
  );
  utimesSync(file, at, at);
}

describe('spaModules', () => {
  it("gives a page module's files and those of the chunks it imports, less what index.html loads", () => {
    build();
    expect(spaModules(root)('src/features/catalog/ProductsPage.tsx')).toEqual([
      '/assets/ProductsPage-A1.js',
      '/assets/shop-S1.js',
    ]);
  });

  it('gives none for a module not in the manifest, or without a manifest', () => {
    build();
    expect(spaModules(root)('src/features/cart/CartPage.tsx')).toEqual([]);
    expect(spaModules(join(root, 'missing'))('src/features/catalog/ProductsPage.tsx')).toEqual([]);
  });

  it("reads a new build's manifest", () => {
    build('assets/ProductsPage-A1.js', new Date(2026, 0, 1));
    const modules = spaModules(root);
    expect(modules('src/features/catalog/ProductsPage.tsx')[0]).toBe('/assets/ProductsPage-A1.js');
    build('assets/ProductsPage-B2.js', new Date(2026, 0, 2));
    expect(modules('src/features/catalog/ProductsPage.tsx')[0]).toBe('/assets/ProductsPage-B2.js');
  });
});

describe('spaLanguageFiles', () => {
  it("gives a language's catalogs every page needs, and the fonts of its script", () => {
    build();
    const files = spaLanguageFiles(root);
    expect(files('hi')).toEqual({
      catalogs: ['/assets/start-H1.js'],
      fonts: ['/assets/noto-sans-devanagari-devanagari-400-normal-F1.woff2'],
    });
    expect(files('en')).toEqual({ catalogs: ['/assets/start-E1.js'], fonts: [] });
  });

  it('gives none without a manifest', () => {
    expect(spaLanguageFiles(join(root, 'missing'))('hi')).toEqual({ catalogs: [], fonts: [] });
  });
});
