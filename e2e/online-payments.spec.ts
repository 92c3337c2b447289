/**
 * Issue 24, done when: a purchase from two sellers paid online through the local test gateway's
 * hosted page shows Paid; one seller cancels its part and the buyer sees that part's refund; the
 * other (payouts set up on its dashboard) delivers and its ledger shows the transfer on hold,
 * released once an admin has moved the clock past the return window. And a payment failed on
 * the gateway's page shows "Payment failed" with "Try again", which pays.
 *
 * Its own server: development routes (the admin's clock) and a reconciliation every second, so
 * the release after the window does not wait a minute; the embedded default starts the test
 * gateway beside it, its refunds left pending until the test has the bank process them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { basisPoints, formatInr } from '../domain/money.ts';
import { TestGatewayControl } from '../platform/payments/test-gateway/control-client.ts';
import { type OwnServer, startOwnServer } from './own-server.ts';
import { addToCartByApi, fillAddress, listProduct, postByApi, signInByApi, signUpByApi } from './shop.ts';

const ADMIN = { email: 'admin@payments.test', password: 'Pay-Online-Safely-2024' };

/** What waits on the workers and the gateway's webhooks (a refund processed, a transfer released). */
const eventually = expect.configure({ timeout: 30_000 });

let server: OwnServer;
let baseURL: string;

test.beforeAll(async () => {
  server = await startOwnServer('payments', ADMIN, {
    AUTO_VERIFY: 'true',
    DEV_ROUTES: 'true',
    RECONCILE_EVERY_S: '1',
    TEST_GATEWAY_REFUNDS: 'manual',
  });
  baseURL = server.baseURL;
});

test.afterAll(() => server?.stop());

/** A name no earlier test has used. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

/** Opens a page and waits until its live stream is connected, so later changes arrive on it. */
async function openLive(page: Page, path: string): Promise<void> {
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live');
  await page.goto(path);
  await live;
}

/** A signed-in page of a new seller with one product listed. */
async function sellerWith(
  browser: Browser,
  fullName: string,
  product: { name: string; pricePaise: number; stockQuantity: number; categoryId: string },
) {
  const context = await browser.newContext({ baseURL });
  await signUpByApi(context.request, baseURL, 'seller', fullName);
  const productId = await listProduct(context.request, baseURL, product);
  return { context, page: await context.newPage(), productId };
}

/** A signed-in page of a new buyer with `productIds` in its cart. */
async function buyerWith(browser: Browser, fullName: string, productIds: string[]) {
  const context = await browser.newContext({ baseURL });
  await signUpByApi(context.request, baseURL, 'buyer', fullName);
  for (const productId of productIds) await addToCartByApi(context.request, baseURL, productId);
  return { context, page: await context.newPage() };
}

/** At checkout: a new address, standard delivery, "Pay online", Place Order; on to the gateway's page. */
async function checkOutOnline(page: Page): Promise<void> {
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByRole('radio', { name: /Pay online \(UPI, cards, netbanking\)/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Test payment: no money moves.')).toBeVisible();
}

/** On the gateway's hosted page: chooses the method and Pay (or Fail); the page posts the outcome back to MIBI. */
async function onGatewayPage(page: Page, method: 'UPI' | 'Card' | 'Netbanking', choice: 'Pay' | 'Fail') {
  await expect(page.getByText('Test payment: no money moves.')).toBeVisible();
  await page.getByRole('radio', { name: method, exact: true }).check();
  await page.getByRole('button', { name: choice === 'Pay' ? /^Pay ₹/ : 'Fail', exact: choice === 'Fail' }).click();
  await page.waitForURL(`${baseURL}/dashboard/buyer`);
}

/** The buyer's newest purchase as the API answers it. */
async function newestOrder(page: Page) {
  const orders = (await (await page.request.get('/api/orders')).json()) as Array<{
    id: string;
    totalPaise: number;
    sellerOrders: Array<{ id: string; shortId: string; sellerName: string; subtotalPaise: number }>;
  }>;
  return orders[0]!;
}

/**
 * The bank processes the pending refunds of the purchase's payment, at the embedded test gateway
 * (found in the server's DATA_DIR), which then sends MIBI its refund.processed webhooks.
 */
async function processRefunds(admin: APIRequestContext, orderId: string): Promise<void> {
  const folder = join(server.dir, 'test-gateway');
  const { url } = JSON.parse(readFileSync(join(folder, 'address.json'), 'utf8')) as { url: string };
  const keys = JSON.parse(readFileSync(join(folder, 'keys.json'), 'utf8')) as { keyId: string; keySecret: string };
  const { items } = (await (await admin.get('/api/admin/payments?limit=100')).json()) as {
    items: Array<{ id: string; paymentId: string | null }>;
  };
  const paymentId = items.find((payment) => payment.id === orderId)?.paymentId;
  expect(paymentId, 'the captured payment').toBeTruthy();
  const refunds = await fetch(`${url}/v1/payments/${paymentId}/refunds`, {
    headers: { authorization: `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}` },
  });
  const pending = ((await refunds.json()) as { items: Array<{ id: string; status: string }> }).items.filter(
    (refund) => refund.status === 'pending',
  );
  expect(pending).toHaveLength(1);
  const control = new TestGatewayControl(url, keys);
  for (const refund of pending) await control.settleRefund(refund.id, 'processed');
}

const orderCard = (page: Page, orderId: string) => page.getByRole('article', { name: `Order #${orderId.slice(0, 8)}` });

test('a two-seller purchase paid online: Paid; a cancelled part refunded; a delivered part transferred on hold, released after the return window', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const shawl = unique('Pashmina Shawl');
  const tea = unique('Darjeeling Tea');
  const shawlsName = unique('Kashmir Looms');
  const teaName = unique('Hill Estates');
  const shawls = await sellerWith(browser, shawlsName, {
    name: shawl,
    pricePaise: 250_000,
    stockQuantity: 5,
    categoryId: 'handicrafts',
  });
  const teas = await sellerWith(browser, teaName, {
    name: tea,
    pricePaise: 80_000,
    stockQuantity: 10,
    categoryId: 'handicrafts',
  });

  // The buyer checks out online and pays by UPI on the gateway's page: back on its orders, Paid.
  const { context: buyerContext, page: buyer } = await buyerWith(browser, 'Ananya Iyer', [
    shawls.productId,
    teas.productId,
  ]);
  await checkOutOnline(buyer);
  await expect(buyer.getByRole('button', { name: `Pay ${formatInr(250_000 + 80_000 + 5_000)}` })).toBeVisible();
  await onGatewayPage(buyer, 'UPI', 'Pay');
  const order = await newestOrder(buyer);
  expect(order.sellerOrders).toHaveLength(2);
  const card = orderCard(buyer, order.id);
  await eventually(card.getByText('Paid', { exact: true })).toBeVisible();
  const partOf = (name: string) => order.sellerOrders.find((part) => part.sellerName === name)!;
  const [teaPart, shawlPart] = [partOf(teaName), partOf(shawlsName)];
  const buyerPart = (shortId: string) => card.getByRole('region', { name: new RegExp(`Order #${shortId}$`) });

  // The tea seller cancels its part: the buyer sees its refund initiated, then refunded once the gateway's webhook lands.
  const sellerA = teas.page;
  await openLive(sellerA, '/dashboard/seller');
  const teaOrder = sellerA
    .getByRole('region', { name: 'Incoming Orders', exact: true })
    .getByRole('listitem')
    .filter({ hasText: `Order #${teaPart.shortId}` });
  await teaOrder.getByRole('button', { name: 'Cancel', exact: true }).click();
  const cancelling = sellerA.getByRole('dialog', { name: `Cancel order #${teaPart.shortId}?` });
  await cancelling.getByLabel('Reason for cancelling').fill('The first flush is sold out');
  await cancelling.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancelling).toBeHidden();
  const refunds = buyerPart(teaPart.shortId).getByRole('list', { name: 'Refunds' });
  await eventually(refunds).toHaveText(`Refund of ${formatInr(teaPart.subtotalPaise)} initiated`);
  const admin = await browser.newContext({ baseURL });
  await signInByApi(admin.request, baseURL, ADMIN.email, ADMIN.password);
  await processRefunds(admin.request, order.id);
  await eventually(refunds).toHaveText(`Refunded ${formatInr(teaPart.subtotalPaise)}`);

  // The shawl seller sets up payouts on its dashboard, then delivers: its ledger shows the transfer, on hold.
  const sellerB = shawls.page;
  await openLive(sellerB, '/dashboard/seller');
  const payouts = sellerB.getByRole('region', { name: 'Payouts', exact: true });
  await expect(payouts.getByText('Payouts are not set up')).toBeVisible();
  await payouts.getByLabel('Account holder name').fill('Kashmir Looms Private Limited');
  await payouts.getByLabel('Account number').fill('50100234567891');
  await payouts.getByLabel('IFSC').fill('HDFC0001234');
  await payouts.getByRole('button', { name: 'Save Bank Account' }).click();
  await expect(payouts.getByText('Payouts set up', { exact: true })).toBeVisible();
  await expect(payouts).toContainText('7891');
  const shawlOrder = sellerB
    .getByRole('region', { name: 'Incoming Orders', exact: true })
    .getByRole('listitem')
    .filter({ hasText: `Order #${shawlPart.shortId}` });
  for (const status of ['processing', 'shipped', 'delivered']) {
    await shawlOrder.getByRole('button', { name: `Mark ${status}` }).click();
    await sellerB
      .getByRole('dialog', { name: `Mark order #${shawlPart.shortId} ${status}?` })
      .getByRole('button', { name: `Mark ${status}` })
      .click();
    await expect(sellerB.getByText(`Order #${shawlPart.shortId} is now ${status}.`)).toBeVisible();
  }
  const { items: categories } = (await (await admin.request.get('/api/admin/categories')).json()) as {
    items: Array<{ id: string; effectiveCommissionBps: number }>;
  };
  const rate = categories.find((category) => category.id === 'handicrafts')!.effectiveCommissionBps;
  const earningPaise = shawlPart.subtotalPaise - basisPoints(shawlPart.subtotalPaise, rate);
  const ledger = sellerB.getByRole('region', { name: 'Ledger', exact: true });
  const transfer = ledger.getByRole('row').filter({ hasText: 'Transfer' });
  await eventually(transfer).toContainText('On hold');
  await expect(transfer).toContainText(formatInr(earningPaise));

  // The admin moves the clock past the return window: the transfer is released.
  await postByApi(admin.request, baseURL, '/api/dev/clock', { advanceMinutes: 31 * 24 * 60 });
  await eventually(async () => {
    await sellerB.reload();
    await expect(transfer).toContainText('Released', { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });

  for (const context of [shawls.context, teas.context, buyerContext, admin]) await context.close();
});

test('a payment failed on the gateway page shows "Payment failed" with "Try again", and trying again pays', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const seller = await sellerWith(browser, unique('Channapatna Toys'), {
    name: unique('Lacquered Spinning Top'),
    pricePaise: 45_000,
    stockQuantity: 4,
    categoryId: 'handicrafts',
  });
  const { context, page: buyer } = await buyerWith(browser, 'Rohan Kulkarni', [seller.productId]);
  await checkOutOnline(buyer);
  await onGatewayPage(buyer, 'Card', 'Fail');
  const order = await newestOrder(buyer);
  const card = orderCard(buyer, order.id);
  await eventually(card.getByText('Payment failed', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Try again' }).click();
  await onGatewayPage(buyer, 'UPI', 'Pay');
  await eventually(orderCard(buyer, order.id).getByText('Paid', { exact: true })).toBeVisible();
  await expect(orderCard(buyer, order.id).getByText('Payment failed', { exact: true })).toHaveCount(0);

  for (const each of [seller.context, context]) await each.close();
});
