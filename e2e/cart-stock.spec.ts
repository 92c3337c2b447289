/** Issue 23: the cart and checkout follow the stock; a line it no longer covers is flagged and fixed in one click. */
import { type Page, test as base, expect } from '@playwright/test';
import { addToCartByApi, expectAccessible, fillAddress, listProduct, ordersOnceThere, signUpByApi } from './shop.ts';

interface Seller {
  saree: { id: string; name: string };
  lamp: { id: string; name: string };
  setStock(productId: string, stockQuantity: number): Promise<void>;
}

/** Each test's seller: a new one on a context of their own, with a saree and a lamp on sale (5 of each). */
const test = base.extend<{ seller: Seller }>({
  seller: async ({ browser, baseURL }, use) => {
    const suffix = Math.random().toString(36).slice(2, 8);
    const context = await browser.newContext({ baseURL });
    await signUpByApi(context.request, baseURL!, 'seller', `Weaver ${suffix}`);
    const saree = { name: `Ikat Saree ${suffix}`, pricePaise: 3_200_00, stockQuantity: 5 };
    const lamp = { name: `Brass Lamp ${suffix}`, pricePaise: 800_00, stockQuantity: 5 };
    await use({
      saree: { ...saree, id: await listProduct(context.request, baseURL!, saree) },
      lamp: { ...lamp, id: await listProduct(context.request, baseURL!, lamp) },
      async setStock(productId, stockQuantity) {
        const response = await context.request.put(`/api/seller/products/${productId}/stock`, {
          data: { stockQuantity },
          headers: { origin: baseURL! },
        });
        expect(response.ok(), await response.text()).toBe(true);
      },
    });
    await context.close();
  },
});

// The buyer of every test.
test.beforeEach(async ({ page, baseURL }) => {
  await signUpByApi(page.request, baseURL!, 'buyer', 'Kavya Menon');
});

const summary = (page: Page) => page.getByRole('region', { name: 'Order Summary' });

test('the stock drops while the cart is open: the line is flagged live, fixed in one click, and the order goes through', async ({
  page,
  seller,
  baseURL,
}, testInfo) => {
  await addToCartByApi(page.request, baseURL!, seller.saree.id, 3);
  await page.goto('/cart');
  const line = page.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  const quantity = line.getByRole('group', { name: `Quantity of ${seller.saree.name}` }).getByRole('status');
  await expect(quantity).toHaveText('3');
  await expect(line.getByText(/left$/)).toHaveCount(0);

  await seller.setStock(seller.saree.id, 1);
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
  const orders = await ordersOnceThere<{ lines: Array<{ quantity: number }> }>(page.request);
  expect(orders.map((order) => order.lines.map((l) => l.quantity))).toEqual([[1]]);
});

test('checkout: a line sold out meanwhile is flagged live with Remove; a refused order turns into the same fix, never a dead end', async ({
  page,
  seller,
  baseURL,
}, testInfo) => {
  await addToCartByApi(page.request, baseURL!, seller.saree.id, 2);
  await addToCartByApi(page.request, baseURL!, seller.lamp.id, 2);
  await page.goto('/checkout');
  await fillAddress(page);
  const placeOrder = page.getByRole('button', { name: 'Place Order' });
  await expect(placeOrder).toBeEnabled();

  // Live: the lamp sells out while checkout is open.
  await seller.setStock(seller.lamp.id, 0);
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
  await seller.setStock(seller.saree.id, 1);
  await placeOrder.click();
  const sareeLine = summary(page).getByRole('listitem').filter({ hasText: seller.saree.name });
  await expect(sareeLine.getByText('Only 1 left', { exact: true })).toBeVisible();
  await expect(page.getByText('Failed to place order. Please try again.')).toHaveCount(0);
  await sareeLine.getByRole('button', { name: /^Set to 1/ }).click();
  await expect(sareeLine).toContainText('× 1');
  await placeOrder.click();
  await expect(page.getByText('Order Placed Successfully!')).toBeVisible();
});
