import { describe, expect, it } from 'vitest';
import type { ProductImage } from '../../domain/product/image.ts';
import { productDoc } from '../../projections/catalog/documents.fixtures.ts';
import type { ProductDoc } from '../../projections/catalog/documents.ts';
import { CatalogIndex } from '../reads/catalog-index.ts';
import { pageHints } from './page-hints.ts';
import { PRODUCTS } from '../../projections/catalog/projection.ts';

const picture = (id: string): ProductImage => ({
  id,
  url: `/media/p/${id}/1024.webp`,
  sizes: [320, 640, 1024].map((width) => ({ width, url: `/media/p/${id}/${width}.webp` })),
});

const CARD_SIZES = '(min-width: 1280px) 240px, (min-width: 1024px) 23vw, (min-width: 768px) 31vw, 48vw';
const MAIN_SIZES = '(min-width: 1280px) 604px, (min-width: 768px) calc(50vw - 36px), calc(100vw - 32px)';

/** A catalog of `docs`, as the index holds it, behind the Reopenable's `get`. */
function catalog(...docs: ProductDoc[]) {
  const index = new CatalogIndex();
  const put = (...changed: ProductDoc[]) =>
    index.apply(changed.map((doc) => ({ collection: PRODUCTS, id: doc.id, doc })));
  put(...docs);
  return { get: async () => index, put };
}

const srcset = (id: string) =>
  `/media/p/${id}/320.webp 320w, /media/p/${id}/640.webp 640w, /media/p/${id}/1024.webp 1024w`;
const imageLink = (id: string, sizes: string) =>
  `<link rel="preload" as="image" fetchpriority="high" href="/media/p/${id}/1024.webp" imagesrcset="${srcset(id)}" imagesizes="${sizes}">`;

describe('pageHints', () => {
  // Popularity first: the most sold, whatever was listed last.
  const shawl = productDoc('shawl', {
    name: 'Pashmina shawl',
    unitsSold: 9,
    images: [picture('shawl-1'), picture('shawl-2')],
  });
  const pot = productDoc('pot', { name: 'Clay pot', categoryId: 'pottery', unitsSold: 1, images: [picture('pot-1')] });
  const bare = productDoc('bare', { name: 'No picture yet', categoryId: 'bare', listedAt: '2024-06-01T10:00:00.000Z' });

  it('on /products: the first picture of the page the SPA asks for, as its card asks for it, and that JSON', async () => {
    const hints = pageHints(catalog(shawl, pot, bare));
    expect(await hints('/products', '')).toBe(
      imageLink('shawl-1', CARD_SIZES) +
        '<link rel="preload" as="fetch" crossorigin href="/api/products?category=all&amp;sort=popularity&amp;limit=20&amp;offset=0">',
    );
  });

  it('leaves the JSON and the script out of a page drawn on the server (page-render.ts): it carries one, and shows before the other', async () => {
    const hints = pageHints(catalog(shawl, pot, bare), () => ['/assets/ProductsPage-A1.js']);
    expect(await hints('/products', '', true)).toBe(imageLink('shawl-1', CARD_SIZES));
    expect(await hints('/products', '')).toContain('/assets/ProductsPage-A1.js');
  });

  it("follows the address's search, category and sort as the SPA reads them", async () => {
    const hints = pageHints(catalog(shawl, pot, bare));
    expect(await hints('/products', '?category=pottery&sort=bogus')).toContain(imageLink('pot-1', CARD_SIZES));
    expect(await hints('/products', '?category=pottery&sort=bogus')).toContain(
      'href="/api/products?category=pottery&amp;sort=popularity&amp;limit=20&amp;offset=0"',
    );
    expect(await hints('/products', '?q=+CLAY+&sort=newest')).toContain(
      'href="/api/products?category=all&amp;sort=newest&amp;limit=20&amp;offset=0&amp;q=CLAY"',
    );
    expect(await hints('/products', '?q=+CLAY+&sort=newest')).toContain(imageLink('pot-1', CARD_SIZES));
  });

  it('preloads only the JSON when the first product has no picture, and nothing for a query the API refuses', async () => {
    const hints = pageHints(catalog(shawl, bare));
    expect(await hints('/products', '?category=bare')).toBe(
      '<link rel="preload" as="fetch" crossorigin href="/api/products?category=bare&amp;sort=popularity&amp;limit=20&amp;offset=0">',
    );
    expect(await hints('/products', `?q=${'x'.repeat(1000)}`)).toBeNull();
  });

  it("on a product page: its first picture as the gallery asks for it, and the product's JSON", async () => {
    const hints = pageHints(catalog(shawl, pot));
    expect(await hints('/products/shawl', '')).toBe(
      imageLink('shawl-1', MAIN_SIZES) + '<link rel="preload" as="fetch" crossorigin href="/api/products/shawl">',
    );
  });

  it('gives none for a product not on sale, another page, or an id the catalog never makes', async () => {
    const hints = pageHints(catalog(shawl, productDoc('hidden', { visible: false })));
    for (const path of [
      '/products/hidden',
      '/products/gone',
      '/',
      '/cart',
      '/products/shawl/reviews',
      '/products/a%22b',
      '/products/',
    ]) {
      expect(await hints(path, ''), path).toBeNull();
    }
  });

  it('follows the catalog: a new first picture after a change', async () => {
    const shop = catalog(shawl, pot);
    const hints = pageHints(shop);
    expect(await hints('/products/pot', '')).toContain('pot-1');
    shop.put({ ...pot, images: [picture('pot-new')] });
    expect(await hints('/products/pot', '')).toContain(imageLink('pot-new', MAIN_SIZES));
  });

  it("adds the page's own script files, as the build names them", async () => {
    const modules = (module: string) =>
      module === 'src/features/product/ProductDetailPage.tsx'
        ? ['/assets/ProductDetailPage-A1.js', '/assets/shop-S1.js']
        : [];
    const hints = pageHints(catalog(shawl), modules);
    expect(await hints('/products/shawl', '')).toMatch(
      /<link rel="preload" as="fetch"[^>]*><link rel="modulepreload" crossorigin href="\/assets\/ProductDetailPage-A1.js"><link rel="modulepreload" crossorigin href="\/assets\/shop-S1.js">$/,
    );
    expect(await hints('/products', '')).not.toContain('modulepreload');
  });

  it('escapes what goes into an attribute, and gives none while the catalog cannot load', async () => {
    const odd = productDoc('odd', { images: [{ id: 'odd', url: '/media/"a"&<b>.webp', sizes: [] }] });
    expect(await pageHints(catalog(odd))('/products/odd', '')).toContain(
      'href="/media/&quot;a&quot;&amp;&lt;b&gt;.webp">',
    );
    const failing = pageHints({ get: () => Promise.reject(new Error('read store down')) });
    expect(await failing('/products', '')).toBeNull();
  });
});
