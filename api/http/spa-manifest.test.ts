import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spaModules } from './spa-manifest.ts';

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
