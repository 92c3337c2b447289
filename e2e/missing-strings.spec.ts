/**
 * Issue 30, guarding the catalogs: the pages, opened in the pseudo-locale (/pseudo/...), show
 * no text that did not come from a catalog; the check itself catches a hard-coded label.
 */
import { expect, test } from '@playwright/test';
import { addToCartByApi, productNamed, signInByApi, signUpByApi } from './shop.ts';
import { untranslatedOn } from './untranslated.ts';

const ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };

/** Opens `path` in the pseudo-locale once its main content is in, and returns its hard-coded texts. */
async function untranslated(page: import('@playwright/test').Page, path: string): Promise<string[]> {
  await page.goto(`/pseudo${path}`);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await expect(page.getByLabel('Loading page')).toHaveCount(0);
  await page.waitForLoadState('networkidle');
  return untranslatedOn(page);
}

test('the check finds a label written into a page rather than taken from a catalog', async ({ page }) => {
  expect(await untranslated(page, '/about')).toEqual([]);
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.textContent = 'Buy now';
    document.querySelector('main')?.append(button);
  });
  expect(await untranslatedOn(page)).toEqual(['Buy now']);
});

test("a visitor's pages show only catalog texts", async ({ page, request }) => {
  const product = await productNamed(request, 'Banarasi Silk Saree');
  for (const path of [
    '/',
    '/products',
    `/products/${product.id}`,
    '/categories',
    '/cart',
    '/auth',
    '/about',
    '/mission',
  ])
    expect(await untranslated(page, path), path).toEqual([]);
});

test("a buyer's pages show only catalog texts", async ({ page, baseURL }) => {
  await signUpByApi(page.request, baseURL!, 'buyer');
  await addToCartByApi(page.request, baseURL!, (await productNamed(page.request, 'Banarasi Silk Saree')).id);
  for (const path of ['/cart', '/checkout', '/dashboard/buyer', '/account', '/wishlist', '/messages'])
    expect(await untranslated(page, path), path).toEqual([]);
});

test("a seller's and an admin's dashboards show only catalog texts", async ({ page, browser, baseURL }) => {
  await signUpByApi(page.request, baseURL!, 'seller');
  expect(await untranslated(page, '/dashboard/seller'), 'seller').toEqual([]);
  const admin = await browser.newContext({ baseURL });
  await signInByApi(admin.request, baseURL!, ADMIN.email, ADMIN.password);
  const adminPage = await admin.newPage();
  expect(await untranslated(adminPage, '/dashboard/admin'), 'admin').toEqual([]);
  await admin.close();
});
