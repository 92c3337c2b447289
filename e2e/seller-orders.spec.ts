/** One purchase from two sellers: each seller's part on its own, the ledger with its commission, a payout, a return; the policies admins set. */
import { readFile } from 'node:fs/promises';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { basisPoints, formatInr } from '../domain/money.ts';
import { addToCartByApi, expectAccessible, listProduct, placeOrderByApi, signInByApi, signUpByApi } from './shop.ts';

const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };

/** A name no earlier test (or run against the same data) has used. */
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
  baseURL: string,
  fullName: string,
  product: { name: string; pricePaise: number; stockQuantity: number; categoryId: string },
) {
  const context = await browser.newContext({ baseURL });
  await signUpByApi(context.request, baseURL, 'seller', fullName);
  const productId = await listProduct(context.request, baseURL, product);
  return { context, page: await context.newPage(), productId };
}

async function adminPage(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await signInByApi(context.request, baseURL, DEMO_ADMIN.email, DEMO_ADMIN.password);
  return context.newPage();
}

/** The commission on a category now, in basis points (an admin may have set its own). */
async function commissionOn(admin: Page, categoryId: string): Promise<number> {
  const { items } = (await (await admin.request.get('/api/admin/categories')).json()) as {
    items: Array<{ id: string; effectiveCommissionBps: number }>;
  };
  return items.find((category) => category.id === categoryId)!.effectiveCommissionBps;
}

/** "10%", "12.5%" as the screens write a rate. */
const percent = (bps: number) => `${bps / 100}%`;

/** A product row of the seller's dashboard, by its name. */
const productRow = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Waits until the seller's product list, loaded afresh, shows `stock` (the catalog takes the release in just after the command). */
async function expectStock(page: Page, name: string, stock: number): Promise<void> {
  await expect(async () => {
    await page.reload();
    await expect(productRow(page, name)).toContainText(`Stock: ${stock} ·`, { timeout: 1000 });
  }).toPass();
}

test('a purchase from two sellers: one delivers, one cancels, a payout settles the ledger, and an accepted return reverses it', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const necklace = unique('Kundan Choker');
  const saffron = unique('Pampore Saffron');
  const craftsName = unique('Jaipur Jewels');
  const spicesName = unique('Kerala Spices');
  const crafts = await sellerWith(browser, baseURL!, craftsName, {
    name: necklace,
    pricePaise: 100_000,
    stockQuantity: 5,
    categoryId: 'jewelry',
  });
  const spices = await sellerWith(browser, baseURL!, spicesName, {
    name: saffron,
    pricePaise: 60_000,
    stockQuantity: 10,
    categoryId: 'spices',
  });

  // The buyer orders both in one checkout: one purchase, one seller order per seller.
  const buyerContext = await browser.newContext({ baseURL });
  await signUpByApi(buyerContext.request, baseURL!, 'buyer', 'Kavya Menon');
  await addToCartByApi(buyerContext.request, baseURL!, crafts.productId, 2);
  await addToCartByApi(buyerContext.request, baseURL!, spices.productId, 3);
  const order = await placeOrderByApi(buyerContext.request, baseURL!);
  const partA = order.sellerOrders.find((part) => part.sellerName === craftsName)!;
  const partB = order.sellerOrders.find((part) => part.sellerName === spicesName)!;
  expect(order.sellerOrders).toHaveLength(2);

  const buyer = await buyerContext.newPage();
  await openLive(buyer, '/dashboard/buyer');
  const card = buyer.getByRole('article', { name: `Order #${order.id.slice(0, 8)}` });
  const buyerPart = (shortId: string) => card.getByRole('region', { name: new RegExp(`Order #${shortId}$`) });
  await expect(buyerPart(partA.shortId)).toContainText(`Sold by ${craftsName}`);
  await expect(buyerPart(partA.shortId)).toContainText('2 x ₹1,000.00');
  await expect(buyerPart(partA.shortId)).toContainText('Subtotal: ₹2,000.00');
  await expect(buyerPart(partB.shortId)).toContainText(`Sold by ${spicesName}`);
  await expect(buyerPart(partB.shortId)).toContainText('3 x ₹600.00');
  // The delivery charge once, on the purchase.
  await expect(card.locator('footer')).toContainText('Total: ₹3,850.00including ₹50.00 delivery');

  // Seller A sees only its own part and delivers it.
  const admin = await adminPage(browser, baseURL!);
  const rate = await commissionOn(admin, 'jewelry');
  const salesPaise = 200_000;
  const commissionPaise = basisPoints(salesPaise, rate);
  const earningPaise = salesPaise - commissionPaise;

  const sellerA = crafts.page;
  await openLive(sellerA, '/dashboard/seller');
  const incomingA = sellerA.getByRole('region', { name: 'Incoming Orders', exact: true });
  const orderA = incomingA.getByRole('listitem').filter({ hasText: `Order #${partA.shortId}` });
  await expect(orderA).toContainText(`${necklace} x 2`);
  await expect(orderA).toContainText('Ship to Kavya Menon, 21 MG Road, Kochi, Kerala 682016');
  await expect(orderA).not.toContainText(saffron);
  const ledgerA = sellerA.getByRole('region', { name: 'Ledger', exact: true });
  await expect(ledgerA.getByText('No ledger lines yet')).toBeVisible();
  for (const status of ['processing', 'shipped', 'delivered']) {
    await orderA.getByRole('button', { name: `Mark ${status}` }).click();
    await sellerA
      .getByRole('dialog', { name: `Mark order #${partA.shortId} ${status}?` })
      .getByRole('button', { name: `Mark ${status}` })
      .click();
    await expect(sellerA.getByText(`Order #${partA.shortId} is now ${status}.`)).toBeVisible();
  }
  await expect(orderA).toContainText('Delivered');

  // Its ledger: the earning, less the commission, with the order it came from.
  const figuresA = ledgerA.getByRole('list', { name: 'Your balance in figures' });
  await expect(figuresA).toContainText(`Balance Due${formatInr(earningPaise)}`);
  await expect(figuresA).toContainText(`Commission${formatInr(commissionPaise)}`);
  const earning = ledgerA.getByRole('row').filter({ hasText: `Order #${partA.shortId}` });
  await expect(earning).toContainText('Earning');
  await expect(earning).toContainText(formatInr(salesPaise));
  await expect(earning).toContainText(`${formatInr(commissionPaise)} at ${percent(rate)}`);
  await expect(earning).toContainText(formatInr(earningPaise));

  // Seller B cancels its part with a reason: its stock is back, its ledger has nothing.
  const sellerB = spices.page;
  await openLive(sellerB, '/dashboard/seller');
  await expect(productRow(sellerB, saffron)).toContainText('Stock: 7 ·');
  const orderB = sellerB
    .getByRole('region', { name: 'Incoming Orders', exact: true })
    .getByRole('listitem')
    .filter({ hasText: `Order #${partB.shortId}` });
  await expect(orderB).not.toContainText(necklace);
  await orderB.getByRole('button', { name: 'Cancel', exact: true }).click();
  const cancelDialog = sellerB.getByRole('dialog', { name: `Cancel order #${partB.shortId}?` });
  await cancelDialog.getByLabel('Reason for cancelling').fill('This season’s harvest is delayed');
  await cancelDialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancelDialog).toBeHidden();
  await expect(orderB).toContainText('Cancelled: This season’s harvest is delayed');
  await expectStock(sellerB, saffron, 10);
  await expect(
    sellerB.getByRole('region', { name: 'Ledger', exact: true }).getByText('No ledger lines yet'),
  ).toBeVisible();

  // The buyer sees each part in its own state, without a reload.
  await expect(buyerPart(partA.shortId)).toContainText('Delivered');
  await expect(buyerPart(partB.shortId)).toContainText('Cancelled: This season’s harvest is delayed');
  await expect(card.locator('header')).toContainText('Delivered');
  await expect(buyerPart(partB.shortId).getByRole('button')).toHaveCount(0);

  // An admin pays seller A what is due: the balance is zero, in the console and, live, on the seller's ledger.
  await admin.goto('/dashboard/admin?tab=payouts');
  const balanceRow = admin
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: craftsName, exact: true }) });
  await expect(balanceRow).toContainText(`Balance due: ${formatInr(earningPaise)}`);
  await balanceRow.getByRole('button', { name: 'Record payout' }).click();
  const payout = admin.getByRole('dialog', { name: `Record a payout to ${craftsName}?` });
  await expect(payout.getByLabel('Amount (₹)')).toHaveValue((earningPaise / 100).toFixed(2));
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(payout.getByText('A reference is required')).toBeVisible();
  const reference = unique('UTR').replace(' ', '');
  await payout.getByLabel('Bank reference').fill(reference);
  await payout.getByRole('button', { name: 'Record payout' }).click();
  await expect(payout).toBeHidden();
  await expect(admin.getByText('Payout recorded')).toBeVisible();
  await expect(balanceRow).toContainText('Balance due: ₹0.00');
  await balanceRow.getByRole('button', { name: 'Show ledger' }).click();
  await expect(balanceRow.getByRole('row').filter({ hasText: `Ref ${reference}` })).toContainText(
    formatInr(-earningPaise),
  );

  await expect(figuresA).toContainText('Balance Due₹0.00');
  await expect(figuresA).toContainText(`Paid Out${formatInr(earningPaise)}`);
  await expect(ledgerA.getByRole('row').filter({ hasText: `Ref ${reference}` })).toContainText('Payout');

  // The buyer asks to return one necklace of the delivered part; the cancelled part has nothing to return.
  await buyerPart(partA.shortId).getByRole('button', { name: 'Return items' }).click();
  const returning = buyer.getByRole('dialog', { name: `Return items of order #${partA.shortId}?` });
  // Its only returnable line starts at 1, the least a return can ask (orders.test.ts covers several lines).
  const quantity = returning.getByRole('group', { name: `Quantity of ${necklace} to return` });
  await expect(quantity).toContainText('1');
  await expect(quantity.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await returning.getByLabel('Reason for returning').fill('The clasp came loose on the first day');
  // The server's refusal (its window, its categories) shows in the dialog as it says it; the request can be sent again.
  const refusal = 'Returns closed on 2025-03-12, 7 days after delivery';
  await buyer.route(
    `**/api/seller-orders/${partA.id}/returns`,
    (route) => route.fulfill({ status: 409, json: { error: { code: 'return_window_closed', message: refusal } } }),
    { times: 1 },
  );
  await returning.getByRole('button', { name: 'Ask for a return' }).click();
  await expect(returning.getByRole('alert')).toHaveText(refusal);
  await returning.getByRole('button', { name: 'Ask for a return' }).click();
  await expect(returning).toBeHidden();
  await expect(buyer.getByText('Return requested').first()).toBeVisible();
  await expect(
    buyerPart(partA.shortId)
      .getByRole('listitem')
      .filter({ hasText: `Return #${partA.shortId}-R1` }),
  ).toContainText('1 x');

  // Seller A sees it arrive and accepts it: the earning on it is reversed and the necklace is back in stock.
  await expect(incomingA.getByRole('button', { name: 'Returns to decide' })).toContainText('1');
  await expect(orderA).toContainText('The clasp came loose on the first day');
  await expectAccessible(sellerA, testInfo, 'seller-return-to-decide');
  await orderA.getByRole('button', { name: 'Accept return' }).click();
  const accepting = sellerA.getByRole('dialog', { name: `Accept return #${partA.shortId}-R1?` });
  await accepting.getByLabel('Reason for accepting').fill('Sorry about the clasp: send it back');
  await accepting.getByRole('button', { name: 'Accept return' }).click();
  await expect(accepting).toBeHidden();
  await expect(sellerA.getByText('Return accepted').first()).toBeVisible();
  const returnedPaise = 100_000;
  const reversedPaise = returnedPaise - basisPoints(returnedPaise, rate);
  const reversal = ledgerA.getByRole('row').filter({ hasText: `return #${partA.shortId}-R1` });
  await expect(reversal).toContainText('Return');
  await expect(reversal).toContainText(formatInr(-returnedPaise));
  await expect(reversal).toContainText(formatInr(-reversedPaise));
  await expect(figuresA).toContainText(`Balance Due${formatInr(-reversedPaise)}`);

  // The statement of today holds every line, with the order each came from.
  const today = new Date().toISOString().slice(0, 10);
  await ledgerA.getByLabel('Statement from').fill(today);
  await ledgerA.getByLabel('Statement to').fill(today);
  const [statement] = await Promise.all([
    sellerA.waitForEvent('download'),
    ledgerA.getByRole('link', { name: 'Download statement (CSV)' }).click(),
  ]);
  expect(statement.suggestedFilename()).toMatch(/\.csv$/);
  const csv = await readFile((await statement.path())!, 'utf8');
  expect(csv).toContain(partA.shortId);
  expect(csv).toContain(reference);

  await expectStock(sellerA, necklace, 4);

  // The buyer sees the seller's answer.
  await expect(buyerPart(partA.shortId)).toContainText('Return accepted');
  await expect(buyerPart(partA.shortId)).toContainText('Sorry about the clasp: send it back');
  await card.getByRole('button', { name: 'View Details' }).click();
  await expectAccessible(buyer, testInfo, 'buyer-two-seller-purchase');

  for (const context of [crafts.context, spices.context, buyerContext, admin.context()]) await context.close();
});

test('an admin changes a category’s commission and returns with a reason; /returns states the policy in force', async ({
  page: visitor,
  browser,
  baseURL,
}, testInfo) => {
  const admin = await adminPage(browser, baseURL!);
  await admin.goto('/dashboard/admin?tab=commission');
  const homeDecor = admin
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: 'Home Decor', exact: true }) });
  await expect(homeDecor).toContainText('(the default)');

  await homeDecor.getByRole('button', { name: 'Change commission' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Change the commission on Home Decor?' });
  await dialog.getByLabel(/Commission rate/).fill('12.5');
  await dialog.getByRole('button', { name: 'Change commission' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await dialog.getByLabel('Reason for the change').fill('Festive season promotion');
  await dialog.getByRole('button', { name: 'Change commission' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText('Commission changed')).toBeVisible();
  await expect(homeDecor).toContainText('Commission: 12.5%');
  await homeDecor.getByText(/^Changes \(\d+\)$/).click();
  await expect(homeDecor.getByRole('listitem').first()).toContainText('Commission set to 12.5% by MIBI Admin');
  await expect(homeDecor.getByRole('listitem').first()).toContainText('Festive season promotion');

  // Stopping returns of a category: the returns page says so at once.
  await homeDecor.getByRole('button', { name: 'Stop returns' }).click();
  const stop = admin.getByRole('dialog', { name: 'Stop returns of Home Decor?' });
  await stop.getByLabel('Reason for the change').fill('Fragile items break in transit');
  await stop.getByRole('button', { name: 'Stop returns' }).click();
  await expect(homeDecor.getByText('Not returnable')).toBeVisible();
  await expectAccessible(admin, testInfo, 'admin-commission-changed');

  await visitor.goto('/returns');
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Returns & Refunds');
  await expect(visitor.getByText(/within 7 days of their delivery/)).toBeVisible();
  await expect(
    visitor.getByText('Items of every category can be returned except Ayurveda, Home Decor and Spices'),
  ).toBeVisible();
  await expect(visitor.getByText(/The delivery charge is not refunded/)).toBeVisible();
  await expect(visitor.getByRole('main').getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
    'href',
    '/dashboard/buyer',
  );
  await expectAccessible(visitor, testInfo, 'returns-page');

  // Back to the defaults, each change recorded with its reason.
  await homeDecor.getByRole('button', { name: 'Accept returns' }).click();
  const accept = admin.getByRole('dialog', { name: 'Accept returns of Home Decor?' });
  await accept.getByLabel('Reason for the change').fill('New packaging');
  await accept.getByRole('button', { name: 'Accept returns' }).click();
  await expect(homeDecor.getByText('Returnable', { exact: true })).toBeVisible();
  await homeDecor.getByRole('button', { name: 'Change commission' }).click();
  await dialog.getByLabel(/Commission rate/).fill('');
  await dialog.getByLabel('Reason for the change').fill('Promotion over');
  await dialog.getByRole('button', { name: 'Change commission' }).click();
  await expect(homeDecor).toContainText('(the default)');

  await visitor.reload();
  await expect(visitor.getByText('Items of every category can be returned except Ayurveda and Spices')).toBeVisible();
  await admin.context().close();
});
