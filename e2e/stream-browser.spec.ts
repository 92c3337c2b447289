import { expect, test } from '@playwright/test';
import { expectFitsPhone } from './layout.ts';
import { boughtByNewBuyer, expectAccessible, listProduct, signInByApi, signUpByApi } from './shop.ts';

const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };

test("an admin finds a purchase's stream, opens OrderPlaced and follows it to the seller's notification", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const seller = await browser.newContext({ baseURL });
  await signUpByApi(seller.request, baseURL!, 'seller', `Stream Crafts ${Date.now().toString(36)}`);
  const productId = await listProduct(seller.request, baseURL!, { name: `Brass Diya ${Date.now().toString(36)}` });
  const buyer = await browser.newContext({ baseURL });
  const { id: orderId } = await boughtByNewBuyer(buyer.request, baseURL!, productId);

  await signInByApi(page.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/dashboard/admin');
  await page.getByRole('link', { name: /Stream browser/ }).click();
  await expect(page.getByRole('heading', { name: 'Stream browser' })).toBeVisible();
  await page.getByLabel('Name or id').fill(orderId.slice(0, 13));
  await page.getByLabel('Category').selectOption('order');
  await page.getByRole('button', { name: 'Find' }).click();
  await page
    .getByRole('list', { name: 'Streams' })
    .getByRole('link', { name: new RegExp(`^order-${orderId}`) })
    .click();

  await expect(page.getByRole('heading', { name: `order-${orderId}` })).toBeVisible();
  const placed = page.getByRole('list', { name: 'Events' }).getByRole('listitem').filter({ hasText: 'OrderPlaced' });
  await placed.getByText('OrderPlaced').click();
  await expect(placed.getByLabel('Payload')).toContainText('"sellerOrders"');
  await placed.getByRole('link', { name: 'Caused by / Caused' }).click();

  const chain = page.getByRole('region', { name: 'Causes and effects' });
  await expect(chain.getByRole('heading', { name: 'OrderPlaced #0' })).toBeVisible();
  // Its effects, once the workers recorded them: the seller's notification among them.
  await expect(async () => {
    await page.reload();
    await expect(chain.getByRole('link', { name: /^SellerNotified/ })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await expectAccessible(page, testInfo, 'stream browser');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectFitsPhone(page, 'stream browser, an event and its chain');
  await chain.getByRole('link', { name: /^SellerNotified/ }).click();
  await expect(chain.getByRole('heading', { name: /^SellerNotified/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: /^notification-/ })).toBeVisible();
  await expect(chain.getByRole('link', { name: /^OrderPlaced/ }).first()).toBeVisible();
  await seller.close();
  await buyer.close();
});
