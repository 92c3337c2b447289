/**
 * Issue 23, item 4: the seller's dashboard to work in. Its sections are linked at the top, the
 * orders come first while any wait; every move says what it will do, and processing or shipped
 * can be undone for a few minutes, while a delivery cannot.
 */
import { type Locator, expect, test } from '@playwright/test';
import { addToCartByApi, expectAccessible, listProduct, placeOrderByApi, signUpByApi } from './shop.ts';

const top = async (locator: Locator) => (await locator.boundingBox())!.y;

test('a seller finds the orders first, confirms each move, undoes one by mistake, and delivers for good', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await signUpByApi(page.request, baseURL!, 'seller', 'Kutch Embroidery');
  const productName = `Rabari Cushion Cover ${Date.now()}`;
  const productId = await listProduct(page.request, baseURL!, { name: productName, pricePaise: 120_000 });
  const buyer = await browser.newContext({ baseURL });
  await signUpByApi(buyer.request, baseURL!, 'buyer', 'Nisha Patel');
  await addToCartByApi(buyer.request, baseURL!, productId, 1);
  const order = await placeOrderByApi(buyer.request, baseURL!);
  await buyer.close();
  const shortId = order.sellerOrders[0]!.shortId;

  await page.goto('/dashboard/seller');
  const sections = page.getByRole('navigation', { name: 'Dashboard sections' });
  const incoming = page.getByRole('region', { name: 'Incoming Orders', exact: true });
  const shop = page.getByRole('list', { name: 'Your shop in figures' });
  const line = incoming.getByRole('listitem').filter({ hasText: `Order #${shortId}` });
  await expect(line).toContainText('Pending');
  // An order waits: it comes before the products, and the link to it says so.
  await expect(sections.getByRole('link', { name: 'Orders 1 waiting' })).toBeVisible();
  expect(await top(incoming)).toBeLessThan(await top(shop));
  await expectAccessible(page, testInfo, 'seller-dashboard-sections');

  const moveTo = async (status: string, consequence: string) => {
    await line.getByRole('button', { name: `Mark ${status}` }).click();
    const dialog = page.getByRole('dialog', { name: `Mark order #${shortId} ${status}?` });
    await expect(dialog).toContainText(consequence);
    await dialog.getByRole('button', { name: `Mark ${status}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Order #${shortId} is now ${status}.`).last()).toBeVisible();
  };

  // Keep it: nothing moves.
  await line.getByRole('button', { name: 'Mark processing' }).click();
  await page
    .getByRole('dialog', { name: `Mark order #${shortId} processing?` })
    .getByRole('button', { name: 'Keep it' })
    .click();
  await expect(line).toContainText('Pending');

  // Processing by mistake: undone at once, back to pending.
  await moveTo('processing', 'can no longer cancel it. You can undo this for a few minutes.');
  await expect(line).toContainText('Processing');
  await line.getByRole('button', { name: 'Undo processing' }).click();
  await expect(page.getByText(`Order #${shortId} is back to pending.`)).toBeVisible();
  await expect(line).toContainText('Pending');
  await expect(line.getByRole('button', { name: /^Undo/ })).toHaveCount(0);

  await moveTo('processing', 'You can undo this for a few minutes.');
  await moveTo('shipped', 'on its way. You can undo this for a few minutes.');
  await expect(line.getByRole('button', { name: 'Undo shipped' })).toBeVisible();
  await moveTo('delivered', 'Your earning on it, less commission, is booked in the ledger');
  await expect(line).toContainText('Delivered');
  await expect(line.getByRole('button', { name: /^Undo/ })).toHaveCount(0);

  // The ledger is one click away, with the earning booked.
  await sections.getByRole('link', { name: 'Ledger' }).click();
  const ledger = page.getByRole('region', { name: 'Ledger', exact: true });
  await expect(ledger.getByRole('heading', { name: 'Ledger' })).toBeInViewport();
  await expect(ledger.getByRole('row').filter({ hasText: `Order #${shortId}` })).toContainText('Earning');

  // Nothing waits any more: the products come first again.
  await page.reload();
  await expect(line).toContainText('Delivered');
  await expect(sections.getByRole('link', { name: 'Orders', exact: true })).toBeVisible();
  expect(await top(shop)).toBeLessThan(await top(incoming));
});
