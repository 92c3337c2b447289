/**
 * Issue 30, guarding the catalogs: pages opened in the pseudo-locale (/pseudo/...) show no text,
 * header and footer included, that did not come from a catalog; the check itself catches a
 * hard-coded label. Every converted page of a visitor, a buyer and an admin is opened. Not yet
 * converted, so not listed: the seller's dashboard, its makers and certificates pages, and the
 * admin tab certificates.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { addToCartByApi, productNamed, signInByApi, signUpByApi } from './shop.ts';
import { untranslatedOn } from './untranslated.ts';

const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };
const DEMO_SELLER = { email: 'weaves@mibi.demo', password: 'demo1234' };
const DEMO_BUYER = { email: 'buyer@mibi.demo', password: 'demo1234' };

/** Opens `path` in the pseudo-locale once its content is in, and returns the page's hard-coded texts. */
async function untranslated(page: Page, path: string): Promise<string[]> {
  await page.goto(`/pseudo${path}`);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await expect(page.getByLabel('Loading page')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return untranslatedOn(page, 'body');
}

/** Each of `paths` shows only catalog texts; every page with any left is named, not just the first. */
async function expectCatalogTextsOnly(page: Page, paths: readonly string[]): Promise<void> {
  for (const path of paths) expect.soft(await untranslated(page, path), path).toEqual([]);
}

const firstProductId = async (request: APIRequestContext) =>
  ((await (await request.get('/api/products?limit=1')).json()) as { items: Array<{ id: string }> }).items[0]!.id;

test('the check finds a label written into a page rather than taken from a catalog', async ({ page }) => {
  const before = await untranslated(page, '/auth');
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.textContent = 'Buy now';
    document.querySelector('main')?.append(button);
  });
  expect((await untranslatedOn(page, 'body')).toSorted()).toEqual([...before, 'Buy now'].toSorted());
});

test("a visitor's pages show only catalog texts", async ({ page }) => {
  const product = await firstProductId(page.request);
  const seller = ((await (await page.request.get(`/api/products/${product}`)).json()) as { sellerId: string }).sellerId;
  await expectCatalogTextsOnly(page, [
    '/',
    '/products',
    '/products?category=textiles&certified=gi&q=silk',
    '/categories',
    `/sellers/${seller}`,
    `/products/${product}`,
    '/auth',
    '/about',
    '/mission',
    '/returns',
    '/faq',
    '/privacy',
    '/terms',
    '/no/such/page',
  ]);
});

test("a buyer's pages show only catalog texts", async ({ page, baseURL }) => {
  await signUpByApi(page.request, baseURL!, 'buyer');
  const product = await productNamed(page.request, 'Banarasi Silk Saree');
  await addToCartByApi(page.request, baseURL!, product.id);
  await expectCatalogTextsOnly(page, ['/cart', '/checkout', '/wishlist', '/dashboard/buyer', '/messages', '/account']);
});

test("the demo buyer's orders, with their help requests, show only catalog texts", async ({ page, baseURL }) => {
  await signInByApi(page.request, baseURL!, DEMO_BUYER.email, DEMO_BUYER.password);
  await expectCatalogTextsOnly(page, ['/dashboard/buyer']);
});

test("the analyst's pages show only catalog texts, the log's own names and data left as they are", async ({
  page,
  baseURL,
}) => {
  await signInByApi(page.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expectCatalogTextsOnly(page, ['/analyst', '/streams', '/streams/1', '/streams/1?event=1']);
});

test("the admin console's converted tabs show only catalog texts", async ({ page, baseURL }) => {
  await signInByApi(page.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const tabs = [
    'overview',
    'sellers',
    'products',
    'orders',
    'payments',
    'payouts',
    'commission',
    'tax',
    'rates',
    'delivery',
    'users',
    'disputes',
  ];
  await expectCatalogTextsOnly(
    page,
    tabs.map((tab) => `/dashboard/admin?tab=${tab}`),
  );
});

test("the seller's product history and catalog import show only catalog texts", async ({ page, baseURL }) => {
  await signInByApi(page.request, baseURL!, DEMO_SELLER.email, DEMO_SELLER.password);
  const product = await productNamed(page.request, 'Banarasi Silk Saree');
  await expectCatalogTextsOnly(page, [`/dashboard/seller/products/${product.id}/history`, '/dashboard/seller/catalog']);
});
