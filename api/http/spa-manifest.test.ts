import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spaAppFiles, spaLanguageFiles, spaModules } from './spa-manifest.ts';

let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'mibi-manifest-'));
  mkdirSync(join(root, '.vite'));
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

/**
 * A manifest as Vite writes it: the page's script (boot.ts, which the build's groups leave
 * without its index.html key), the SPA it imports (main.tsx, in the app's chunk, which imports
 * the script's helper), a page module sharing chunks with it, and one of its own.
 */
function build(page = 'assets/ProductsPage-A1.js', at = new Date()): void {
  const file = join(root, '.vite', 'manifest.json');
  writeFileSync(
    file,
    JSON.stringify({
      '_boot-B1.js': { file: 'assets/boot-B1.js', css: ['assets/boot-C1.css'] },
      'src/main.tsx': { file: 'assets/main-M1.js', isDynamicEntry: true, imports: ['_app-A1.js'] },
      '_app-A1.js': { file: 'assets/app-A1.js', imports: ['_rolldown-runtime-R1.js', '_boot-B1.js'] },
      '_rolldown-runtime-R1.js': { file: 'assets/rolldown-runtime-R1.js' },
      '_shop-S1.js': { file: 'assets/shop-S1.js', imports: ['_rolldown-runtime-R1.js', '_app-A1.js'] },
      '../virtual:catalogs/hi/start': { file: 'assets/start-H1.js', isDynamicEntry: true },
      '../virtual:catalogs/hi/rest': { file: 'assets/rest-H2.js', isDynamicEntry: true },
      '../virtual:catalogs/en/start': { file: 'assets/start-E1.js', isDynamicEntry: true },
      '../node_modules/@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2': {
        file: 'assets/noto-sans-devanagari-devanagari-400-normal-F1.woff2',
      },
      'src/features/catalog/ProductsPage.tsx': {
        file: page,
        isDynamicEntry: true,
        imports: ['_app-A1.js', '_shop-S1.js'],
      },
    }),
  );
  utimesSync(file, at, at);
}

describe('spaModules', () => {
  it("gives a page module's files and those of the chunks it imports, less the SPA's that every page loads", () => {
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

describe('spaAppFiles', () => {
  it("gives the SPA's files: main.tsx's and those of the chunks it imports", () => {
    build();
    expect(spaAppFiles(root)()).toEqual([
      '/assets/main-M1.js',
      '/assets/app-A1.js',
      '/assets/rolldown-runtime-R1.js',
      '/assets/boot-B1.js',
    ]);
  });

  it('leaves out what index.html loads when the manifest names it, and gives none without a manifest', () => {
    writeFileSync(
      join(root, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-X1.js', isEntry: true },
        'src/main.tsx': { file: 'assets/main-M1.js', isDynamicEntry: true, imports: ['index.html'] },
      }),
    );
    expect(spaAppFiles(root)()).toEqual(['/assets/main-M1.js']);
    expect(spaAppFiles(join(root, 'missing'))()).toEqual([]);
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
