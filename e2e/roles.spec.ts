/**
 * Issue 15, findings 1, 3 and 5: a user with several roles reaches each of their dashboards
 * from the header, whose name leads to the last one used; the dashboard's badges are the
 * user's own roles; a dashboard of a role the user lacks says so; and signing in from a page
 * that asked for it goes back there. On a phone and a laptop, each with an axe check.
 */
import { type Page, expect, test } from '@playwright/test';
import { SIZES, type SizeName } from './sizes.ts';
import { expectAccessible, signUpByApi } from './shop.ts';

const badges = (page: Page) => page.getByRole('main').locator('header .badge');

/** The header's way to the user's dashboards: the switcher on a laptop, the menu on a phone. */
async function openDashboards(page: Page, size: SizeName) {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: size === 'phone' ? 'Menu' : 'Switch dashboard' }).click();
  return header.getByRole('list', { name: 'Your dashboards' });
}

for (const { name: size, viewport } of SIZES) {
  test.describe(`${size} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a buyer who becomes a seller reaches both dashboards; the name leads to the last one; badges are their own roles', async ({
      page,
      baseURL,
    }, testInfo) => {
      const account = await signUpByApi(page.request, baseURL!, 'buyer', 'Imran Qureshi');
      await page.goto('/dashboard/seller');
      await expect(page.getByRole('heading', { name: 'This dashboard is for sellers' })).toBeVisible();
      // The page is the seller's; the badge is the user's own role.
      await expect(badges(page)).toHaveText(['Buyer']);
      await page.getByRole('button', { name: 'Add the seller role' }).click();
      await expect(page.getByText('Role added successfully!')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Your Products' })).toBeVisible();
      await expect(badges(page)).toHaveText(['Buyer', 'Seller']);
      if (size === 'desktop') {
        await expect(page.getByRole('banner').getByRole('link', { name: account.fullName })).toHaveAttribute(
          'href',
          '/dashboard/seller',
        );
      }

      let dashboards = await openDashboards(page, size);
      await expect(dashboards.getByRole('link')).toHaveText(['Buyer dashboard', 'Seller dashboard']);
      await expect(dashboards.getByRole('link', { name: 'Seller dashboard' })).toHaveAttribute('aria-current', 'page');
      await expect(dashboards.getByRole('link', { name: 'Buyer dashboard' })).toHaveAttribute(
        'href',
        '/dashboard/buyer',
      );
      await expectAccessible(page, testInfo, `${size}-dashboards`);
      await dashboards.getByRole('link', { name: 'Buyer dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard\/buyer$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Account');
      await expect(dashboards).toBeHidden();
      await expect(badges(page)).toHaveText(['Buyer', 'Seller']);

      // The last dashboard used is where the name leads, after a reload too.
      await page.reload();
      if (size === 'desktop') {
        await expect(page.getByRole('banner').getByRole('link', { name: account.fullName })).toHaveAttribute(
          'href',
          '/dashboard/buyer',
        );
      } else {
        dashboards = await openDashboards(page, size);
        await expect(dashboards.getByRole('link', { name: 'Seller dashboard' })).toBeVisible();
        await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Dashboard', exact: true })).toHaveCount(0);
      }
    });

    test('a dashboard of a role the user lacks says whose it is; admin is for admins only', async ({
      page,
      baseURL,
    }, testInfo) => {
      await signUpByApi(page.request, baseURL!, 'seller', 'Ravi Kumar');
      await page.goto('/dashboard/admin');
      await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
      await expect(page.getByText('Admin access is granted by the MIBI team')).toBeVisible();
      await expect(page.getByRole('button', { name: /Add the/ })).toHaveCount(0);
      await expect(page.getByRole('tablist', { name: 'Admin console' })).toHaveCount(0);
      await expect(badges(page)).toHaveText(['Seller']);
      await expectAccessible(page, testInfo, `${size}-admins-only`);
      await page.getByRole('link', { name: 'Go to Seller Dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard\/seller$/);
      await expect(page.getByRole('heading', { name: 'Your Products' })).toBeVisible();
    });

    test('signing in from a page that asked for it goes back to that page', async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      const other = await browser.newContext({ baseURL });
      const account = await signUpByApi(other.request, baseURL!, 'seller', 'Meera Handlooms');
      await other.close();

      await page.goto('/dashboard/seller');
      await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard%2Fseller$/);
      await expect(page).toHaveTitle('Login | MIBI');
      await expectAccessible(page, testInfo, `${size}-sign-in-to-continue`);
      await page.getByLabel('Email').fill(account.email);
      await page.getByLabel('Password', { exact: true }).fill(account.password);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expect(page).toHaveURL(/\/dashboard\/seller$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seller Dashboard');
      await expect(page.getByText('Welcome back!')).toBeVisible();
    });
  });
}
