/**
 * Issue 23, item 6: at 390x844 no element of the main screens of each role goes past the screen's
 * edge and no text is cut without a way to read it (e2e/layout.ts). Every tab of a screen is
 * checked, and the menu opened, as a visitor, the demo buyer, a demo seller and the demo admin.
 */
import { type Page, expect, test } from '@playwright/test';
import { expectFitsPhone } from './layout.ts';
import { addToCartByApi, listProduct, signInByApi, signUpByApi } from './shop.ts';

test.use({ viewport: { width: 390, height: 844 } });

const DEMO = {
  buyer: { email: 'buyer@mibi.demo', password: 'demo1234' },
  // The seller of the demo's payout and return: the ledger and returns have lines.
  seller: { email: 'weaves@mibi.demo', password: 'demo1234' },
  admin: { email: 'admin@mibi.demo', password: 'admin1234' },
};

/** Opens `path` and checks it, then each other tab of every tab row on it, then the menu. */
async function checkScreen(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectFitsPhone(page, path);
  for (const tablist of await page.getByRole('tablist').all()) {
    const tabs = tablist.getByRole('tab');
    for (let index = 0; index < (await tabs.count()); index++) {
      const tab = tabs.nth(index);
      if ((await tab.getAttribute('aria-selected')) === 'true') continue;
      const name = (await tab.textContent())?.trim();
      await tab.click();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expectFitsPhone(page, `${path}, tab ${name}`);
    }
  }
}

async function checkMenu(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
  await expectFitsPhone(page, `${page.url()}, menu open`);
}

test('a visitor: home, the catalogue, a product, a storefront, categories, sign-in, cart', async ({ page }) => {
  await page.goto('/products');
  const product = page.getByRole('region', { name: 'Products' }).getByRole('article').first().getByRole('link').first();
  const productPath = await product.getAttribute('href');
  await page.goto(productPath!);
  const storefrontPath = await page.getByRole('main').locator('a[href^="/sellers/"]').first().getAttribute('href');
  for (const path of ['/', '/products', productPath!, storefrontPath!, '/categories', '/auth', '/cart'])
    await checkScreen(page, path);
  await checkMenu(page);
});

test('the buyer: dashboard with orders of every state, wishlist, account; a cart and checkout with a long name', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInByApi(page.request, baseURL!, DEMO.buyer.email, DEMO.buyer.password);
  for (const path of ['/dashboard/buyer', '/wishlist', '/account']) await checkScreen(page, path);
  await checkMenu(page);

  // A buyer of their own (the demo buyer's cart stays as other tests expect it), with a product named at length.
  const seller = await browser.newContext({ baseURL });
  await signUpByApi(seller.request, baseURL!, 'seller', 'Sri Venkateshwara Handloom Weavers Cooperative Society');
  const productId = await listProduct(seller.request, baseURL!, {
    name: `Handwoven Kanchipuram Pure Mulberry Silk Saree with Zari Border ${Date.now().toString(36)}`,
  });
  await seller.close();
  await signUpByApi(page.request, baseURL!, 'buyer');
  await addToCartByApi(page.request, baseURL!, productId, 2);
  for (const path of ['/cart', '/checkout', `/products/${productId}`]) await checkScreen(page, path);
});

test('a seller: dashboard with products, orders, returns, ledger; makers, certificates; account', async ({
  page,
  baseURL,
}) => {
  await signInByApi(page.request, baseURL!, DEMO.seller.email, DEMO.seller.password);
  for (const path of ['/dashboard/seller', '/seller/makers', '/seller/certificates', '/account'])
    await checkScreen(page, path);
  await checkMenu(page);
});

test('the admin: every tab of the console, and the analyst page', async ({ page, baseURL }) => {
  await signInByApi(page.request, baseURL!, DEMO.admin.email, DEMO.admin.password);
  for (const path of ['/dashboard/admin', '/account', '/analyst']) await checkScreen(page, path);
  await checkMenu(page);
});
