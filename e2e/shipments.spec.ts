/**
 * Issue 27, Done when 1: a seller ships with a tracking number; the buyer sees it and opens the
 * tracking link; tracking events delivered through the signed webhook (sent by the test courier
 * `npm start` runs beside the server) move the order to delivered; a forged webhook is refused and
 * changes nothing. Then /track finds the order by its number and e-mail, signed out.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { webhookSignature } from '../platform/couriers/aftership-wire.ts';
import { TestCourierControl } from '../platform/couriers/test-courier/control-client.ts';
import { serverDataDir } from './servers.ts';
import { addToCartByApi, expectAccessible, listProduct, placeOrderByApi, signUpByApi } from './shop.ts';

/** The test courier the server runs, found in its DATA_DIR as MIBI finds it. */
function testCourier(): TestCourierControl {
  const folder = join(serverDataDir(), 'test-courier');
  const { url } = JSON.parse(readFileSync(join(folder, 'address.json'), 'utf8')) as { url: string };
  const { apiKey } = JSON.parse(readFileSync(join(folder, 'keys.json'), 'utf8')) as { apiKey: string };
  return new TestCourierControl(url, apiKey);
}

/** Opens a page and waits until its live stream is connected, so later changes arrive on it. */
async function openLive(page: Page, path: string): Promise<void> {
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live');
  await page.goto(path);
  await live;
}

test('a seller ships with a tracking number; the courier’s signed webhooks deliver the order; a forged one changes nothing', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  // A Delhivery waybill of its own (13 digits): the tracking service keeps one tracking per number.
  const awb = String(Date.now()).padStart(13, '9').slice(-13);

  const sellerContext = await browser.newContext({ baseURL });
  await signUpByApi(sellerContext.request, baseURL!, 'seller', `Channapatna Toys ${stamp}`);
  const productId = await listProduct(sellerContext.request, baseURL!, {
    name: `Wooden Top ${stamp}`,
    pricePaise: 45_000,
  });
  const buyerContext = await browser.newContext({ baseURL });
  const buyerAccount = await signUpByApi(buyerContext.request, baseURL!, 'buyer', 'Meena Iyer');
  await addToCartByApi(buyerContext.request, baseURL!, productId, 1);
  const order = await placeOrderByApi(buyerContext.request, baseURL!);
  const part = order.sellerOrders[0]!;

  // The seller ships with the tracking: a wrong number is refused under its field, the link previewed.
  const seller = await sellerContext.newPage();
  await openLive(seller, '/dashboard/seller');
  const incoming = seller.getByRole('region', { name: 'Incoming Orders', exact: true });
  const card = incoming.getByRole('listitem').filter({ hasText: `Order #${part.shortId}` });
  await card.getByRole('button', { name: 'Mark processing' }).click();
  await seller
    .getByRole('dialog', { name: `Mark order #${part.shortId} processing?` })
    .getByRole('button', { name: 'Mark processing' })
    .click();
  await expect(seller.getByText(`Order #${part.shortId} is now processing.`)).toBeVisible();
  await card.getByRole('button', { name: 'Mark shipped' }).click();
  const dialog = seller.getByRole('dialog', { name: `Mark order #${part.shortId} shipped?` });
  await dialog.getByLabel('Courier', { exact: true }).selectOption({ label: 'Delhivery' });
  await dialog.getByLabel('Tracking number').fill('12345');
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(dialog.getByText('Delhivery tracking number is 10 to 14 digits')).toBeVisible();
  await dialog.getByLabel('Tracking number').fill(awb);
  const link = `https://www.delhivery.com/track/package/${awb}`;
  await expect(dialog.getByRole('link', { name: link })).toBeVisible();
  await dialog.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(seller.getByText(`Order #${part.shortId} is now shipped.`)).toBeVisible();
  await expect(card).toContainText(`Shipped with Delhivery · Tracking number ${awb}`);

  // The buyer sees it on their order and opens the courier's tracking page.
  const buyer = await buyerContext.newPage();
  await buyerContext.route('https://www.delhivery.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<title>Delhivery</title><h1>Tracking ${awb}</h1>` }),
  );
  await openLive(buyer, '/dashboard/buyer');
  const buyerPart = buyer
    .getByRole('article', { name: `Order #${order.id.slice(0, 8)}` })
    .getByRole('region', { name: new RegExp(`Order #${part.shortId}$`) });
  await expect(buyerPart).toContainText(`Tracking number ${awb}`);
  const [courierPage] = await Promise.all([
    buyer.waitForEvent('popup'),
    buyerPart.getByRole('link', { name: 'Track parcel' }).click(),
  ]);
  await expect(courierPage).toHaveURL(link);
  await expect(courierPage.getByRole('heading', { name: `Tracking ${awb}` })).toBeVisible();
  await courierPage.close();

  // A forged webhook saying delivered: refused, and the order stays shipped.
  const control = testCourier();
  const forgedBody = JSON.stringify({
    event: 'tracking_update',
    event_id: crypto.randomUUID(),
    ts: Math.floor(Date.now() / 1000),
    is_tracking_first_tag: true,
    msg: {
      id: 'forged',
      tracking_number: awb,
      slug: 'delhivery',
      order_id: part.id,
      tag: 'Delivered',
      subtag: 'Delivered_001',
      checkpoints: [
        { checkpoint_time: new Date().toISOString(), location: '', message: '', tag: 'Delivered', subtag: '' },
      ],
    },
  });
  const forged = await buyerContext.request.post('/api/shipments/webhook', {
    data: forgedBody,
    headers: {
      'content-type': 'application/json',
      'aftership-hmac-sha256': webhookSignature('guessed-secret', forgedBody),
    },
  });
  expect(forged.status()).toBe(401);
  expect((await forged.json()).error.code).toBe('invalid_signature');

  // The courier's own webhooks, signed: picked up, out for delivery, delivered; the buyer sees them live.
  await expect.poll(async () => (await control.trackings()).some((t) => t.tracking_number === awb)).toBe(true);
  const step = (tag: 'InTransit' | 'OutForDelivery' | 'Delivered', subtag?: string) =>
    control.step({
      slug: 'delhivery',
      tracking_number: awb,
      tag,
      location: 'Bengaluru Hub',
      ...(subtag && { subtag }),
    });
  expect((await step('InTransit', 'InTransit_002')).status).toBe(200);
  await expect(buyerPart.getByRole('list', { name: 'Shipment updates' })).toContainText('Picked up');
  await expect(buyerPart).toContainText('Shipped');
  expect((await step('OutForDelivery')).status).toBe(200);
  expect((await step('Delivered')).status).toBe(200);
  const updates = buyerPart.getByRole('list', { name: 'Shipment updates' }).getByRole('listitem');
  await expect(updates).toHaveText([/Picked up/, /Out for delivery/, /Delivered/]);
  await expect(buyerPart).toContainText('Delivered');
  await expect(buyerPart.getByRole('button', { name: 'Return items' })).toBeVisible();
  await expect(card).toContainText('Delivered');
  await expectAccessible(buyer, testInfo, 'shipment timeline');

  // /track, signed out: the order by its number and the buyer's e-mail; a wrong e-mail finds nothing.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto('/track');
  await visitor.getByLabel('Order number').fill(`#${order.id.slice(0, 8)}`);
  await visitor.getByLabel('E-mail').fill('someone@else.example');
  await visitor.getByRole('button', { name: 'Track order' }).click();
  await expect(visitor.getByText('No order matches this order number and e-mail')).toBeVisible();
  await visitor.getByLabel('E-mail').fill(buyerAccount.email);
  await visitor.getByRole('button', { name: 'Track order' }).click();
  await expect(visitor.getByText(`Tracking number ${awb}`)).toBeVisible();
  await expect(visitor.getByRole('list', { name: 'Shipment updates' })).toContainText('Delivered');
  await expectAccessible(visitor, testInfo, 'track page');
});
