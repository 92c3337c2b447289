/** Issue 23: the cart and checkout follow the stock; a line it no longer covers is flagged and fixed in one click. */
import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { KOCHI_ADDRESS } from '../domain/order/addresses.fixtures.ts';
import { addToCartByApi, expectAccessible, listProduct, signUpByApi } from './shop.ts';

/** A new seller on a context of their own, with a saree and a lamp on sale (5 of each). */
async function sellerWithProducts(browser: Browser, baseURL: string) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const context = await browser.newContext({ baseURL });
  await signUpByApi(context.request, baseURL, 'seller', `Weaver ${suffix}`);
  const saree = { name: `Ikat Saree ${suffix}`, pricePaise: 3_200_00, stockQuantity: 5 };
  const lamp = { name: `Brass Lamp ${suffix}`, pricePaise: 800_00, stockQuantity: 5 };
  return {
    context,
    saree: { ...saree, id: await listProduct(context.request, baseURL, saree) },
    lamp: { ...lamp, id: await listProduct(context.request, baseURL, lamp) },
  };
}

async function setStock(request: APIRequestContext, baseURL: string, productId: string, stockQuantity: number) {
  const response = await request.put(`/api/seller/products/${productId}/stock`, {
    data: { stockQuantity },
    headers: { origin: baseURL },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

async function fillAddress(page: Page): Promise<void> {
  const labels = {
    firstName: 'First Name',
    lastName: 'Last Name',
    phone: 'Phone Number',
    address: 'Address',
    city: 'City',
    state: 'State',
    pincode: 'PIN Code',
  } as const;
  for (const [field, label] of Object.entries(labels)) {
    await page.getByLabel(label, { exact: true }).fill(KOCHI_ADDRESS[field as keyof typeof labels]);
  }
}

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

test('the stock drops while the cart is open: the line is flagged live, fixed in one click, and the order goes through', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const seller = await sellerWithProducts(browser, baseURL!);
  try {
    await signUpByApi(page.request, baseURL!, 'buyer', 'Kavya Menon');
    await addToCartByApi(page.request, baseURL!, seller.saree.id, 3);
    await page.goto('/cart');
    const line = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
    const quantity = line.getByRole('group', { name: `Quantity of ${seller.saree.name}` }).getByRole('status');
    await expect(quantity).toHaveText('3');
    await expect(line.getByText(/left$/)).toHaveCount(0);

    await setStock(seller.context.request, baseURL!, seller.saree.id, 1);
    await expect(line.getByText('Only 1 left', { exact: true })).toBeVisible();
    await expectAccessible(page, testInfo, 'cart-flagged');
    await line.getByRole('button', { name: /^Set to 1/ }).click();
    await expect(quantity).toHaveText('1');
    await expect(line.getByText('Only 1 left', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

    await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
    await fillAddress(page);
    await expect(summary(page)).toContainText('× 1');
    await page.getByRole('button', { name: 'Place Order' }).click();
    await expect(page.getByText('Order Placed Successfully!')).toBeVisible();
    // The order's own stock moves reach the feed too: the page stays on the placed order until the redirect.
    await expect(page).toHaveURL(/\/dashboard\/buyer$/, { timeout: 5000 });
    const orders = (await (await page.request.get('/api/orders')).json()) as Array<{
      lines: Array<{ quantity: number }>;
    }>;
    expect(orders.map((order) => order.lines.map((l) => l.quantity))).toEqual([[1]]);
  } finally {
    await seller.context.close();
  }
});

test('checkout: a line sold out meanwhile is flagged live with Remove; a refused order turns into the same fix, never a dead end', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const seller = await sellerWithProducts(browser, baseURL!);
  try {
    await signUpByApi(page.request, baseURL!, 'buyer', 'Kavya Menon');
    await addToCartByApi(page.request, baseURL!, seller.saree.id, 2);
    await addToCartByApi(page.request, baseURL!, seller.lamp.id, 2);
    await page.goto('/checkout');
    await fillAddress(page);
    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    await expect(placeOrder).toBeEnabled();

    // Live: the lamp sells out while checkout is open.
    await setStock(seller.context.request, baseURL!, seller.lamp.id, 0);
    const lampLine = summary(page).getByRole('listitem').filter({ hasText: seller.lamp.name });
    await expect(lampLine.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(placeOrder).toBeDisabled();
    await expect(page.getByText('The stock changed: fix the marked items to place your order.')).toBeVisible();
    await expectAccessible(page, testInfo, 'checkout-flagged');
    await lampLine.getByRole('button', { name: /^Remove/ }).click();
    await expect(lampLine).toHaveCount(0);
    await expect(placeOrder).toBeEnabled();

    // Without the live feed, the server's refusal flags the line instead of ending in an error.
    await page.route('/api/live', (route) => route.abort());
    await page.reload();
    await fillAddress(page);
    await setStock(seller.context.request, baseURL!, seller.saree.id, 1);
    await placeOrder.click();
    const sareeLine = summary(page).getByRole('listitem').filter({ hasText: seller.saree.name });
    await expect(sareeLine.getByText('Only 1 left', { exact: true })).toBeVisible();
    await expect(page.getByText('Failed to place order. Please try again.')).toHaveCount(0);
    await sareeLine.getByRole('button', { name: /^Set to 1/ }).click();
    await expect(sareeLine).toContainText('× 1');
    await placeOrder.click();
    await expect(page.getByText('Order Placed Successfully!')).toBeVisible();
  } finally {
    await seller.context.close();
  }
});
