/**
 * Issue 27, item 4: a buyer whose parcel came damaged asks for help from their order ("Get
 * help"), the seller sees it on the incoming order with its deadline and answers, the buyer
 * (unhappy) asks MIBI to decide, and an admin opens it in the Disputes tab (the request, the
 * conversation, the order's timeline and payment on one screen) and refunds half with a reason
 * both sides then read.
 */
import { expect, test } from '@playwright/test';
import {
  addToCartByApi,
  expectAccessible,
  listProduct,
  placeOrderByApi,
  postByApi,
  signInByApi,
  signUpByApi,
} from './shop.ts';

test('a help request goes from the buyer to the seller to MIBI, which refunds half', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);

  const sellerContext = await browser.newContext({ baseURL });
  await signUpByApi(sellerContext.request, baseURL!, 'seller', `Channapatna Toys ${stamp}`);
  const productId = await listProduct(sellerContext.request, baseURL!, {
    name: `Wooden Top ${stamp}`,
    pricePaise: 80_000,
  });

  const buyerContext = await browser.newContext({ baseURL });
  await signUpByApi(buyerContext.request, baseURL!, 'buyer', 'Meena Iyer');
  await addToCartByApi(buyerContext.request, baseURL!, productId, 1);
  const { sellerOrders } = await placeOrderByApi(buyerContext.request, baseURL!);
  const part = sellerOrders[0]!;
  for (const status of ['processing', 'shipped', 'delivered'])
    await postByApi(sellerContext.request, baseURL!, `/api/seller-orders/${part.id}/status`, { status });

  // The buyer asks for help from their order.
  const buyer = await buyerContext.newPage();
  await buyer.goto('/dashboard/buyer');
  await buyer.getByRole('button', { name: 'Get help' }).first().click();
  const ask = buyer.getByRole('form', { name: 'Get help' });
  await ask.getByRole('button', { name: 'Send to seller' }).click();
  await expect(ask.getByText('Choose what went wrong')).toBeVisible();
  await ask.getByLabel('What went wrong').selectOption('damaged');
  await ask.getByLabel('What happened').fill('The top arrived cracked down the middle.');
  await ask.getByRole('button', { name: 'Send to seller' }).click();
  await expect(buyer.getByText('Help request: Damaged')).toBeVisible();
  await expect(buyer.getByText('Waiting for the seller')).toBeVisible();
  await expect(buyer.getByText(/The seller answers by/)).toBeVisible();
  await expectAccessible(buyer, testInfo, 'help request');

  // The seller sees it on the incoming order, with the deadline, and answers.
  const seller = await sellerContext.newPage();
  await seller.goto('/dashboard/seller');
  await expect(seller.getByText('Help request: Damaged')).toBeVisible();
  await expect(seller.getByText(/Answer or resolve by/)).toBeVisible();
  await seller.getByRole('button', { name: 'Answer', exact: true }).click();
  await seller.getByLabel('Your answer').fill('Please send a photo of the crack.');
  await seller.getByRole('button', { name: 'Send answer' }).click();
  await expect(seller.getByText('The seller answered').first()).toBeVisible();

  // The buyer, unhappy with the answer, asks MIBI to decide.
  await buyer.reload();
  const buyerSteps = buyer.getByRole('list', { name: 'Steps of the help request' });
  await expect(buyerSteps.getByText('Please send a photo of the crack.')).toBeVisible();
  await buyer.getByRole('button', { name: 'Ask MIBI to decide' }).click();
  await buyer.getByLabel('Why you need MIBI').fill('The crack is plain to see; I want my money back.');
  await buyer.getByRole('button', { name: 'Send to MIBI' }).click();
  await expect(buyer.getByText('With MIBI')).toBeVisible();

  // The admin decides from the Disputes tab: everything on one screen.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInByApi(admin.request, baseURL!, 'admin@mibi.demo', 'admin1234');
  await admin.goto('/dashboard/admin?tab=disputes');
  const shortId = part.id.slice(0, 8);
  await admin.getByRole('button', { name: new RegExp(`Open dispute #${shortId}`) }).click();
  await expect(
    admin.getByRole('region', { name: 'The conversation' }).getByText(/The top arrived cracked/),
  ).toBeVisible();
  await expect(
    admin.getByRole('region', { name: 'The order and its payment' }).getByText('Cash on delivery', { exact: false }),
  ).toBeVisible();
  const decide = admin.getByRole('form', { name: 'Decide the dispute' });
  await decide.getByLabel('Decision').selectOption('refund');
  await decide.getByLabel('Refund amount (₹), for a refund').fill('400');
  await decide.getByLabel('Reason (both sides see it)').fill('The photo in the thread shows the crack.');
  await decide.getByRole('button', { name: 'Decide' }).click();
  await expect(admin.getByText('Dispute decided')).toBeVisible();
  // Decided, it leaves the queue.
  await expect(admin.getByRole('button', { name: new RegExp(`Open dispute #${shortId}`) })).toHaveCount(0);
  await expectAccessible(admin, testInfo, 'disputes');

  // Both sides read the decision and its reason.
  for (const page of [buyer, seller]) {
    await page.reload();
    await expect(page.getByText('Decided by MIBI')).toBeVisible();
    const steps = page.getByRole('list', { name: 'Steps of the help request' });
    await expect(steps.getByText('The photo in the thread shows the crack.')).toBeVisible();
    await expect(steps.getByText('Refund: ₹400.00')).toBeVisible();
  }
  await Promise.all([buyerContext.close(), sellerContext.close(), adminContext.close()]);
});
