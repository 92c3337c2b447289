/**
 * Issue 27, item 3: a buyer and a seller talk about a seller order, live, each in their own
 * browser: the buyer writes from the order ("Message seller"), the seller sees the header's
 * badge and the order's link count it, opens the thread from the incoming order and answers,
 * and the buyer sees the answer arrive without a reload. Another buyer reading the thread gets
 * 404, from the API and in the browser.
 */
import { type Page, expect, test } from '@playwright/test';
import { addToCartByApi, expectAccessible, listProduct, placeOrderByApi, signUpByApi } from './shop.ts';

/** Opens a page and waits until its live stream is connected, so later changes arrive on it. */
async function openLive(page: Page, path: string): Promise<void> {
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live');
  await page.goto(path);
  await live;
}

test('buyer and seller exchange messages live; another buyer reading the thread gets 404', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const product = `Dhokra Horse ${stamp}`;

  const sellerContext = await browser.newContext({ baseURL });
  await signUpByApi(sellerContext.request, baseURL!, 'seller', `Bastar Metalcraft ${stamp}`);
  const productId = await listProduct(sellerContext.request, baseURL!, { name: product, pricePaise: 120_000 });

  const buyerContext = await browser.newContext({ baseURL });
  await signUpByApi(buyerContext.request, baseURL!, 'buyer', 'Kavya Menon');
  await addToCartByApi(buyerContext.request, baseURL!, productId, 1);
  const { sellerOrders } = await placeOrderByApi(buyerContext.request, baseURL!);
  const part = sellerOrders[0]!;

  const seller = await sellerContext.newPage();
  await openLive(seller, '/dashboard/seller');
  const buyer = await buyerContext.newPage();
  await openLive(buyer, '/dashboard/buyer');

  // The buyer writes from their order.
  await buyer.getByRole('link', { name: 'Message seller' }).first().click();
  await expect(buyer).toHaveURL(new RegExp(`/messages/${part.id}$`));
  await expect(buyer.getByText('No messages yet. Write the first one below.')).toBeVisible();
  await buyer.getByLabel('Your message').fill('Is the horse solid brass?');
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(buyer.getByRole('list', { name: 'Messages' }).getByText('Is the horse solid brass?')).toBeVisible();

  // The seller is told live: the header's badge and the incoming order's link.
  await expect(seller.getByRole('link', { name: 'Messages, 1 unread message' })).toBeVisible();
  const messageBuyer = seller.getByRole('link', { name: /Message buyer/ });
  await expect(messageBuyer).toContainText('1');
  await messageBuyer.click();
  await expect(seller.getByRole('list', { name: 'Messages' }).getByText('Is the horse solid brass?')).toBeVisible();
  // Read: the badge goes.
  await expect(seller.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await seller.getByLabel('Your message').fill('Yes, cast by the lost-wax method.');
  await seller.getByRole('button', { name: 'Send' }).click();

  // The buyer sees the answer arrive on the open thread, without a reload.
  await expect(
    buyer.getByRole('list', { name: 'Messages' }).getByText('Yes, cast by the lost-wax method.'),
  ).toBeVisible();
  await expect(buyer.getByRole('list', { name: 'Messages' }).getByText(/^Seller /)).toBeVisible();
  await expectAccessible(buyer, testInfo, 'conversation');

  // Empty and too long messages are refused under the field.
  await buyer.getByRole('button', { name: 'Send' }).click();
  await expect(buyer.getByText('Message is required')).toBeVisible();

  // Another buyer: 404 from the API, and the page says it could not load the thread.
  const otherContext = await browser.newContext({ baseURL });
  await signUpByApi(otherContext.request, baseURL!, 'buyer', 'Ravi Kumar');
  const denied = await otherContext.request.get(`/api/threads/${part.id}`);
  expect(denied.status()).toBe(404);
  expect((await denied.json()).error.code).toBe('not_found');
  const other = await otherContext.newPage();
  await other.goto(`/messages/${part.id}`);
  await expect(other.getByText('We could not load this conversation.')).toBeVisible();
  await expect(other.getByText('Is the horse solid brass?')).toHaveCount(0);

  await Promise.all([sellerContext.close(), buyerContext.close(), otherContext.close()]);
});
