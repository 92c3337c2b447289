/**
 * Issue 15, findings 2 and 4: an admin's decision reaches the seller at once, in the product's
 * row and as a notification with the reason, without a reload; and "Product added
 * successfully!" says what happened (here: waiting for review). On a phone and a laptop.
 *
 * The shared server verifies products at once (AUTO_VERIFY), so this spec runs its own that
 * leaves them to the admins.
 */
import { type Page, expect, test } from '@playwright/test';
import { type OwnServer, startServerWithReviews } from './own-server.ts';
import { SIZES } from './sizes.ts';
import { expectAccessible, postByApi, signInByApi, signUpByApi } from './shop.ts';

const ADMIN = { email: 'admin@decisions.test', password: 'Decide-With-Care-2024' };

let server: OwnServer;
let baseURL: string;

test.beforeAll(async () => {
  server = await startServerWithReviews('decisions', ADMIN);
  baseURL = server.baseURL;
});

test.afterAll(() => server?.stop());

const productRow = (page: Page, name: string) =>
  page
    .getByRole('region', { name: 'Your Products' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

for (const { name: size, viewport } of SIZES) {
  test.describe(`${size} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test("a new product says it waits for review; the admin's rejection, then verification, reach the seller live with the reason", async ({
      browser,
    }, testInfo) => {
      const name = `Dhokra Elephant ${size} ${Date.now().toString(36)}`;
      const seller = await browser.newContext({ baseURL, viewport });
      await signUpByApi(seller.request, baseURL, 'seller', 'Meera Handlooms');
      const page = await seller.newPage();
      const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live');
      await page.goto('/dashboard/seller');
      await live;

      await page.getByRole('button', { name: 'Add New Product' }).click();
      await page.getByLabel('Product Name').fill(name);
      await page.getByLabel('Description').fill('Cast by hand in Bastar by the lost-wax process.');
      await page.getByLabel('Price (₹)').fill('2500');
      await page.getByLabel('Stock Quantity').fill('3');
      await page.getByLabel('Category').selectOption({ label: 'Handicrafts' });
      await page.getByRole('button', { name: 'Add Product' }).click();
      await expect(page.getByText('Product added successfully!')).toBeVisible();
      await expect(
        page.getByText('It is waiting for review and goes live once an admin has verified it.'),
      ).toBeVisible();
      await expect(page.getByText('Your product is now live on the marketplace.')).toHaveCount(0);
      const row = productRow(page, name);
      await expect(row.getByText('Pending Review', { exact: true })).toBeVisible();
      const { items } = (await (await seller.request.get('/api/seller/products')).json()) as {
        items: Array<{ id: string; name: string }>;
      };
      const productId = items.find((item) => item.name === name)!.id;

      const admin = await browser.newContext({ baseURL });
      await signInByApi(admin.request, baseURL, ADMIN.email, ADMIN.password);
      const reason = 'Please add a photo of the maker at work';
      await postByApi(admin.request, baseURL, `/api/admin/products/${productId}/reject`, { reason });

      // No reload: the row and the notifications follow the decision.
      await expect(row.getByText('Rejected', { exact: true })).toBeVisible();
      await expect(row.getByText(`Rejected: ${reason}`)).toBeVisible();
      const notifications = page.getByRole('region', { name: /Notifications/ });
      const rejected = notifications.getByRole('listitem').filter({ hasText: `Product rejected: ${name}` });
      await expect(rejected).toContainText(`Reason: ${reason}`);
      await expect(rejected).toContainText('Edit the product to send it for review again.');

      await postByApi(admin.request, baseURL, `/api/admin/products/${productId}/verify`);
      await expect(row.getByText('Active', { exact: true })).toBeVisible();
      await expect(notifications.getByRole('listitem').filter({ hasText: `Product verified: ${name}` })).toContainText(
        'is now live on the marketplace',
      );
      await expect(notifications.getByRole('heading', { level: 2 })).toContainText('2 unread');
      await expectAccessible(page, testInfo, `${size}-decisions-live`);
      await admin.close();
      await seller.close();
    });
  });
}
