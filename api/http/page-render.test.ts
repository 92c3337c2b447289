import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { productDoc } from '../../projections/catalog/documents.fixtures.ts';
import { PRODUCTS } from '../../projections/catalog/projection.ts';
import { CatalogIndex } from '../reads/catalog-index.ts';
import { type RenderPage, builtRenderer, pageRender } from './page-render.ts';

/** A catalog behind the Reopenable's `get`, changed with `put`. */
function catalog() {
  const index = new CatalogIndex();
  const put = (name: string) =>
    index.apply([{ collection: PRODUCTS, id: 'shawl', doc: productDoc('shawl', { name }) }]);
  put('Pashmina shawl');
  return { get: async () => index, put };
}

/** A renderer that shows what it was asked to draw, with a preload first as React puts it. */
function renderer() {
  const render = vi.fn<RenderPage>(
    async (address, locale, prefetched) =>
      `<link rel="preload" as="image" href="/a.webp"/><p>${locale} ${address} ${JSON.stringify(prefetched)}</p>`,
  );
  return { render, load: async () => render };
}

const FIRST_PAGE = '/api/products?category=all&sort=popularity&limit=20&offset=0';

describe('pageRender', () => {
  it('draws the home page and the first page of the catalogue, with the answer that page asks for', async () => {
    const { render, load } = renderer();
    const draw = pageRender(load, catalog());
    const home = await draw('hi', '/hi/', '/', '');
    // React's preload of the first picture is left out: the page's hints have it.
    expect(home?.root).toBe('<p>hi /hi/ {}</p>');
    const products = await draw('en', '/products', '/products', '?sort=newest');
    expect(products?.root).toContain('en /products?sort=newest');
    const answer = JSON.parse(products!.root.slice(products!.root.indexOf('{'), -'</p>'.length)) as Record<
      string,
      unknown
    >;
    expect(Object.keys(answer)).toEqual([FIRST_PAGE.replace('popularity', 'newest')]);
    expect(answer[FIRST_PAGE.replace('popularity', 'newest')]).toMatchObject({ items: [{ name: 'Pashmina shawl' }] });
    const product = await draw('hi', '/hi/products/shawl', '/products/shawl', '');
    expect(product?.root).toContain('hi /hi/products/shawl {"/api/products/shawl":{"id":"shawl"');
    expect(render).toHaveBeenCalledTimes(3);
  });

  it('draws nothing else: other pages, a search, option filters, a chosen variant, a product not on sale, the pseudo-locale', async () => {
    const { render, load } = renderer();
    const draw = pageRender(load, catalog());
    expect(await draw('en', '/cart', '/cart', '')).toBeNull();
    expect(await draw('en', '/products/shawl', '/products/shawl', '?variant=red')).toBeNull();
    expect(await draw('en', '/products/kurta', '/products/kurta', '')).toBeNull();
    expect(await draw('en', '/products', '/products', '?q=shawl')).toBeNull();
    expect(await draw('en', '/products', '/products', '?option=colour:red')).toBeNull();
    expect(await draw('en', '/', '/', '?ref=mail')).toBeNull();
    expect(await draw('pseudo', '/pseudo/products', '/products', '')).toBeNull();
    expect(render).not.toHaveBeenCalled();
  });

  it('draws a page once per catalog body, again when the catalog changes', async () => {
    const { render, load } = renderer();
    const products = catalog();
    const draw = pageRender(load, products);
    const first = await draw('en', '/products', '/products', '');
    expect(await draw('en', '/products', '/products', '')).toBe(first);
    products.put('Kullu shawl');
    const second = await draw('en', '/products', '/products', '');
    expect(second?.id).not.toBe(first?.id);
    expect(second?.root).toContain('Kullu shawl');
    expect(render).toHaveBeenCalledTimes(2);
  });

  it('keeps the pages drawn or shown last, and leaves a page to the browser while eight drawings wait', async () => {
    const { render, load } = renderer();
    const draw = pageRender(load, catalog());
    const home = await draw('en', '/', '/', '');
    for (let i = 0; i < 63; i++) await draw('en', '/products', '/products', `?category=c${i}`);
    expect(await draw('en', '/', '/', '')).toBe(home);
    await draw('en', '/products', '/products', '?category=c63'); // the 65th: c0 goes, not the home page just shown
    expect(await draw('en', '/', '/', '')).toBe(home);
    expect(render).toHaveBeenCalledTimes(65);

    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const slow = pageRender(async () => async () => held.then(() => '<p>drawn</p>'), catalog());
    const waiting = Array.from({ length: 8 }, (_, i) => slow('en', '/products', '/products', `?category=w${i}`));
    expect(await slow('en', '/products', '/products', '?category=w8')).toBeNull();
    release();
    expect((await Promise.all(waiting)).map((page) => page?.root)).toEqual(Array(8).fill('<p>drawn</p>'));
    expect((await slow('en', '/products', '/products', '?category=w8'))?.root).toBe('<p>drawn</p>');
  });

  it('leaves pages to the browser once it has drawn for 200 ms in a second, until the next', async () => {
    let clock = 0;
    const slow = pageRender(
      async () => async () => {
        clock += 60; // each drawing takes 60 ms
        return '<p>drawn</p>';
      },
      catalog(),
      () => clock,
    );
    const page = (i: number) => slow('en', '/products', '/products', `?category=c${i}`);
    const drawn = [];
    for (let i = 0; i < 5; i++) drawn.push(await page(i));
    expect(drawn.map((one) => one !== null)).toEqual([true, true, true, true, false]);
    clock = 1000;
    expect(await page(4)).not.toBeNull();
  });

  it('leaves the page to the browser when the renderer fails, was not built or cannot load', async () => {
    const failing = pageRender(async () => async () => Promise.reject(new Error('window is not defined')), catalog());
    expect(await failing('en', '/', '/', '')).toBeNull();
    const unbuilt = pageRender(builtRenderer('/nonexistent'), catalog());
    expect(await unbuilt('en', '/', '/', '')).toBeNull();
    const broken = mkdtempSync(join(tmpdir(), 'mibi-ssr-'));
    try {
      mkdirSync(join(broken, 'ssr'));
      writeFileSync(join(broken, 'ssr', 'entry-server.js'), "import 'a-package-not-installed';\n");
      expect(await pageRender(builtRenderer(broken), catalog())('en', '/', '/', '')).toBeNull();
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});
