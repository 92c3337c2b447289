import { type Browser, type Page, expect, test } from '@playwright/test';
import { expectAccessible, listProduct, signUpByApi } from './shop.ts';

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
] as const;

const storefrontProducts = (page: Page) => page.getByRole('region', { name: /^Products by / });
const cards = (page: Page) => storefrontProducts(page).getByRole('article');

/** A new seller signed in on a browser context of their own, with one product on sale; answers the context's page and the seller's id. */
async function newSeller(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number },
  fullName: string,
) {
  const context = await browser.newContext({ baseURL, viewport });
  await signUpByApi(context.request, baseURL, 'seller', fullName);
  const me = (await (await context.request.get('/api/auth/me')).json()) as { user: { id: string } };
  return { context, page: await context.newPage(), sellerId: me.user.id };
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`storefronts on a ${name}`, () => {
    test.use({ viewport });

    test("a buyer opens a seller's storefront from Sold by: story, region, craft, rating and products, filtered", async ({
      page,
    }, testInfo) => {
      await page.goto('/products?q=Banarasi%20Silk%20Saree');
      const saree = page
        .getByRole('region', { name: 'Products' })
        .getByRole('article')
        .filter({ hasText: 'Banarasi Silk Saree' });
      await saree.getByRole('link', { name: 'Varanasi Weaves' }).click();

      await expect(page).toHaveURL(/\/sellers\/[\w-]+$/);
      const storefrontUrl = page.url();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Varanasi Weaves');
      const main = page.getByRole('main');
      // The header's badge comes first; each card has its own.
      await expect(main.getByText('Verified Seller', { exact: true }).first()).toBeVisible();
      await expect(main).toContainText('Varanasi, Uttar Pradesh');
      await expect(main).toContainText('Handloom silk and cotton weaving');
      await expect(page.getByRole('region', { name: 'Our story' })).toContainText('a family of weavers from Madanpura');
      await expect(main.getByRole('img', { name: /^Rated \d(\.\d)? out of 5$/ }).first()).toBeVisible();
      await expect(main.getByText(/\(\d+ reviews?\)/)).toBeVisible();

      await expect(cards(page).filter({ hasText: 'Banarasi Silk Saree' })).toBeVisible();
      const sellerId = new URL(storefrontUrl).pathname.split('/').pop()!;
      const { total } = (await (await page.request.get(`/api/products?seller=${sellerId}`)).json()) as {
        total: number;
      };
      expect(total).toBeGreaterThan(3);
      await expect(main.getByText(`${total} products`, { exact: true })).toBeVisible();
      await expect(cards(page)).toHaveCount(total);
      await expectAccessible(page, testInfo, `storefront-${name}`);

      await main.getByLabel('Category', { exact: true }).selectOption('home-decor');
      await expect(page).toHaveURL(/\?category=home-decor$/);
      await expect(cards(page)).toHaveCount(3);
      await expect(cards(page).filter({ hasText: 'Banarasi Silk Saree' })).toHaveCount(0);
      await expect(cards(page).filter({ hasText: 'Jaipuri Block-Print Bedsheet' })).toBeVisible();
      await main.getByLabel('Sort by').selectOption('price-low');
      await expect(cards(page).first()).toContainText('Chikankari Cushion Covers');

      // The product page's Sold by leads back to the same storefront.
      await cards(page)
        .first()
        .getByRole('link', { name: /Chikankari Cushion Covers/ })
        .click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chikankari Cushion Covers (Set of 2)');
      await main.getByRole('link', { name: 'Varanasi Weaves' }).click();
      await expect(page).toHaveURL(storefrontUrl);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Varanasi Weaves');
    });

    test('the seller edits their storefront in the dashboard and the open storefront updates live', async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      const suffix = Math.random().toString(36).slice(2, 8);
      const seller = await newSeller(browser, baseURL!, viewport, `Asha Rao ${suffix}`);
      try {
        await listProduct(seller.context.request, baseURL!, {
          name: `Terracotta Lamp ${suffix}`,
          categoryId: 'home-decor',
        });

        await page.goto(`/sellers/${seller.sellerId}`);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Asha Rao ${suffix}`);
        await expect(page.getByRole('region', { name: 'Our story' })).toContainText('has not told their story yet');
        await expect(page.getByText('Not yet verified by MIBI')).toBeVisible();
        await expect(cards(page)).toHaveCount(1);

        const dashboard = seller.page;
        await dashboard.goto('/dashboard/seller');
        const section = dashboard.getByRole('region', { name: 'Your Storefront' });
        await section.getByRole('button', { name: 'Edit Storefront' }).click();
        await expect(section.getByLabel('Display Name')).toHaveValue(`Asha Rao ${suffix}`);
        await expectAccessible(dashboard, testInfo, `storefront-form-${name}`);
        await section.getByLabel('Display Name').fill('');
        await section.getByRole('button', { name: 'Save Storefront' }).click();
        await expect(section.getByText('Display name is required')).toBeVisible();
        await section.getByLabel('Display Name').fill(`Asha Terracotta ${suffix}`);
        await section.getByLabel('Region (optional)').fill('Molela, Rajasthan');
        await section.getByLabel('Craft (optional)').fill('Terracotta votive plaques');
        await section
          .getByLabel(/Your Story/)
          .fill('I learnt the craft from my father.\nEvery plaque is fired in our village kiln.');
        await section.getByRole('button', { name: 'Save Storefront' }).click();
        await expect(dashboard.getByText('Storefront updated')).toBeVisible();
        await expect(section).toContainText('Version 1');

        // The buyer's page, never reloaded, follows.
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Asha Terracotta ${suffix}`);
        await expect(page.getByRole('main')).toContainText('Molela, Rajasthan');
        await expect(page.getByRole('main')).toContainText('Terracotta votive plaques');
        await expect(page.getByRole('region', { name: 'Our story' })).toContainText(
          'Every plaque is fired in our village kiln.',
        );
        await expect(cards(page).first()).toContainText(`Sold by Asha Terracotta ${suffix}`);

        // A product listed now appears there too.
        await listProduct(seller.context.request, baseURL!, {
          name: `Clay Horse ${suffix}`,
          categoryId: 'handicrafts',
        });
        await expect(cards(page).filter({ hasText: `Clay Horse ${suffix}` })).toBeVisible();
        await expect(cards(page)).toHaveCount(2);
        await expectAccessible(page, testInfo, `storefront-live-${name}`);
      } finally {
        await seller.context.close();
      }
    });
  });
}

test('a storefront edited meanwhile: the form offers the latest version, and saves on it', async ({
  browser,
  baseURL,
}) => {
  const suffix = Math.random().toString(36).slice(2, 8);
  const seller = await newSeller(browser, baseURL!, { width: 1366, height: 900 }, `Asha Rao ${suffix}`);
  try {
    const dashboard = seller.page;
    await dashboard.goto('/dashboard/seller');
    const section = dashboard.getByRole('region', { name: 'Your Storefront' });
    await section.getByRole('button', { name: 'Edit Storefront' }).click();
    await expect(section.getByLabel('Display Name')).toHaveValue(`Asha Rao ${suffix}`);

    // Another tab saves a new version.
    const other = await seller.context.request.put(`/api/sellers/${seller.sellerId}/profile`, {
      data: { displayName: `Asha Pottery ${suffix}`, region: 'Molela, Rajasthan', expectedVersion: null },
    });
    expect(other.status()).toBe(200);
    await section.getByLabel('Craft (optional)').fill('Terracotta');
    await section.getByRole('button', { name: 'Save Storefront' }).click();
    await expect(
      section.getByText('A newer version of your storefront was saved since you opened this form.'),
    ).toBeVisible();

    await section.getByRole('button', { name: 'Load the latest version' }).click();
    await expect(section.getByLabel('Display Name')).toHaveValue(`Asha Pottery ${suffix}`);
    await expect(section.getByLabel('Region (optional)')).toHaveValue('Molela, Rajasthan');
    await expect(
      section.getByText('A newer version of your storefront was saved since you opened this form.'),
    ).toHaveCount(0);
    await section.getByLabel('Craft (optional)').fill('Terracotta');
    await section.getByRole('button', { name: 'Save Storefront' }).click();
    await expect(dashboard.getByText('Storefront updated')).toBeVisible();
    await expect(section).toContainText('Version 2');
  } finally {
    await seller.context.close();
  }
});

test('an unknown seller shows a clear page, not an empty storefront', async ({ page }) => {
  await page.goto('/sellers/no-such-seller');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seller not found');
  await expect(page.getByRole('link', { name: 'Browse all products' })).toBeVisible();
});
