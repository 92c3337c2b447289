/**
 * Issue 24: a buyer pays online through the gateway's hosted page (the embedded test gateway, no
 * money moves) and comes back to their orders showing Paid; an attempt that fails shows Payment
 * failed with its reason, and Try again goes back to the page for a payment that succeeds.
 */
import { type Page, expect, test } from '@playwright/test';
import { addToCartByApi, fillAddress, listProduct, signUpByApi } from './shop.ts';

/** A new buyer with one unit of a new seller's product in the cart, on the checkout page, paying online. */
async function checkOutOnline(page: Page, baseURL: string, name: string): Promise<void> {
  const seller = await page.context().browser()!.newContext({ baseURL });
  await signUpByApi(seller.request, baseURL, 'seller', 'Kutch Embroidery');
  const productId = await listProduct(seller.request, baseURL, { name, pricePaise: 149_900 });
  await seller.close();
  await signUpByApi(page.request, baseURL, 'buyer');
  await addToCartByApi(page.request, baseURL, productId);
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByRole('radio', { name: /Pay online \(UPI, cards, netbanking\)/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  // The gateway's hosted page, plainly a test.
  await expect(page.getByText('Test payment: no money moves.')).toBeVisible();
}

const orderCard = (page: Page, name: string) => page.getByRole('article').filter({ hasText: name });

test('paying online through the gateway page shows the order Paid', async ({ page, baseURL }) => {
  const name = `Mirror-work Cushion ${Date.now()}`;
  await checkOutOnline(page, baseURL!, name);
  await page.getByLabel('UPI').check();
  await page.getByRole('button', { name: /^Pay / }).click();

  await expect(page).toHaveURL(/\/dashboard\/buyer$/);
  await expect(orderCard(page, name).getByText('Paid', { exact: true })).toBeVisible();
});

test('a failed payment shows Payment failed, and Try again pays it', async ({ page, baseURL }) => {
  const name = `Bandhani Dupatta ${Date.now()}`;
  await checkOutOnline(page, baseURL!, name);
  await page.getByRole('button', { name: 'Fail' }).click();

  await expect(page).toHaveURL(/\/dashboard\/buyer$/);
  const card = orderCard(page, name);
  await expect(card.getByText('Payment failed', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Try again' }).click();

  await expect(page.getByText('Test payment: no money moves.')).toBeVisible();
  await page.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/dashboard\/buyer$/);
  await expect(orderCard(page, name).getByText('Paid', { exact: true })).toBeVisible();
});
