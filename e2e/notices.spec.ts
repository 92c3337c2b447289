/**
 * Issue 23, item 1: buyers and sellers are told of each other's moves, live in the app and by
 * mail. A seller ships and delivers; the buyer, in another browser, sees both notices arrive and
 * finds both mails. The buyer cancels a part and asks a return; the seller sees both notices
 * arrive. The buyer's account page turns a kind of mail off, and it is not mailed again.
 */
import { type BrowserContext, type Page, expect, test } from '@playwright/test';
import { mailsTo } from './accounts.ts';
import {
  type PlacedOrder,
  addToCartByApi,
  expectAccessible,
  listProduct,
  placeOrderByApi,
  postByApi,
  signUpByApi,
} from './shop.ts';

/** Opens a page and waits until its live stream is connected, so later changes arrive on it. */
async function openLive(page: Page, path: string): Promise<void> {
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live');
  await page.goto(path);
  await live;
}

/** The buyer orders `quantity` of the product through their context's API. */
async function order(
  buyer: BrowserContext,
  baseURL: string,
  productId: string,
  quantity: number,
): Promise<PlacedOrder> {
  await addToCartByApi(buyer.request, baseURL, productId, quantity);
  return placeOrderByApi(buyer.request, baseURL);
}

const move = (seller: BrowserContext, baseURL: string, part: PlacedOrder['sellerOrders'][number], status: string) =>
  postByApi(seller.request, baseURL, `/api/seller-orders/${part.id}/status`, { status });

test('a seller ships and delivers, the buyer sees it live and by mail; the buyer cancels and asks a return, the seller sees it live', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const product = `Bidriware Box ${stamp}`;
  const sellerName = `Bidar Metalcraft ${stamp}`;

  const sellerContext = await browser.newContext({ baseURL });
  await signUpByApi(sellerContext.request, baseURL!, 'seller', sellerName);
  const productId = await listProduct(sellerContext.request, baseURL!, { name: product, pricePaise: 150_000 });

  const buyerContext = await browser.newContext({ baseURL });
  const buyerAccount = await signUpByApi(buyerContext.request, baseURL!, 'buyer', 'Kavya Menon');
  const delivered = await order(buyerContext, baseURL!, productId, 2);
  const [part] = delivered.sellerOrders;
  const buyer = await buyerContext.newPage();
  await openLive(buyer, '/dashboard/buyer');
  const buyerNotices = buyer.getByRole('region', { name: /^Notifications/ });
  await expect(buyerNotices.getByText('No notifications yet')).toBeVisible();

  // The seller moves the part on; the buyer's open dashboard shows each notice as it comes.
  await move(sellerContext, baseURL!, part!, 'processing');
  await move(sellerContext, baseURL!, part!, 'shipped');
  const shipped = `Order #${part!.shortId} is shipped`;
  await expect(buyerNotices.getByRole('listitem').filter({ hasText: shipped })).toContainText(
    `${sellerName} has shipped 2 × ${product}.`,
  );
  await move(sellerContext, baseURL!, part!, 'delivered');
  const deliveredTitle = `Order #${part!.shortId} is delivered`;
  await expect(buyerNotices.getByRole('listitem').filter({ hasText: deliveredTitle })).toContainText(
    `2 × ${product} from ${sellerName} delivered.`,
  );
  await expect(buyerNotices.getByRole('heading', { level: 2 })).toContainText('3 unread');

  // And finds both mails.
  await expect(() => {
    const subjects = mailsTo(buyerAccount.email).map((mail) => mail.subject);
    expect(subjects).toContain(shipped);
    expect(subjects).toContain(deliveredTitle);
  }).toPass();
  expect(mailsTo(buyerAccount.email).find((mail) => mail.subject === shipped)!.text).toContain(
    `${sellerName} has shipped 2 × ${product}.`,
  );

  // The buyer reads one; the count follows.
  await buyerNotices
    .getByRole('listitem')
    .filter({ hasText: shipped })
    .getByRole('button', { name: 'Mark as read' })
    .click();
  await expect(buyerNotices.getByRole('heading', { level: 2 })).toContainText('2 unread');
  await expectAccessible(buyer, testInfo, 'buyer-notices');

  // The seller watches their dashboard while the buyer cancels a second order and asks a return of the first.
  const pending = await order(buyerContext, baseURL!, productId, 1);
  const [pendingPart] = pending.sellerOrders;
  const seller = await sellerContext.newPage();
  await openLive(seller, '/dashboard/seller');
  const sellerNotices = seller.getByRole('region', { name: /^Notifications/ });
  await expect(
    sellerNotices.getByRole('listitem').filter({ hasText: `New order #${pendingPart!.shortId}` }),
  ).toBeVisible();
  await buyer.reload();

  const partSection = (shortId: string) => buyer.getByRole('region', { name: new RegExp(`Order #${shortId}$`) });
  await partSection(pendingPart!.shortId).getByRole('button', { name: 'Cancel order' }).click();
  const cancelling = buyer.getByRole('dialog', { name: `Cancel order #${pendingPart!.shortId}?` });
  await cancelling.getByLabel('Reason for cancelling').fill('Ordered one too many');
  await cancelling.getByRole('button', { name: 'Cancel order' }).click();
  await expect(cancelling).toBeHidden();
  await expect(
    sellerNotices.getByRole('listitem').filter({ hasText: `Order #${pendingPart!.shortId} cancelled by the buyer` }),
  ).toContainText('Reason: Ordered one too many');

  await partSection(part!.shortId).getByRole('button', { name: 'Return items' }).click();
  const returning = buyer.getByRole('dialog', { name: `Return items of order #${part!.shortId}?` });
  await returning
    .getByRole('group', { name: `Quantity of ${product} to return` })
    .getByRole('button', { name: 'Increase quantity' })
    .click();
  await returning.getByLabel('Reason for returning').fill('The inlay is cracked');
  await returning.getByRole('button', { name: 'Ask for a return' }).click();
  await expect(returning).toBeHidden();
  const asked = sellerNotices.getByRole('listitem').filter({ hasText: `Return requested: #${part!.shortId}-R1` });
  await expect(asked).toContainText('Kavya Menon asks to return');
  await expect(asked).toContainText('Reason: The inlay is cracked');
  await expectAccessible(seller, testInfo, 'seller-notices');

  // The log keeps the notices' English; in Hindi the buyer reads them in Hindi (issue 30).
  await buyer.goto('/hi/dashboard/buyer');
  const hindiNotices = buyer.getByRole('region', { name: /^सूचनाएँ/ });
  await expect(
    hindiNotices.getByRole('listitem').filter({ hasText: `ऑर्डर #${part!.shortId} भेज दिया गया` }),
  ).toContainText(`${sellerName} ने 2 × ${product} भेज दिया है।`);
  await sellerContext.close();
  await buyerContext.close();
});

test('the account page turns a kind of mail off; its notices still come in the app', async ({
  browser,
  baseURL,
}, testInfo) => {
  const stamp = Date.now().toString(36);
  const product = `Pattachitra Scroll ${stamp}`;
  const sellerContext = await browser.newContext({ baseURL });
  await signUpByApi(sellerContext.request, baseURL!, 'seller', `Raghurajpur Art ${stamp}`);
  const productId = await listProduct(sellerContext.request, baseURL!, { name: product });
  const buyerContext = await browser.newContext({ baseURL });
  const buyerAccount = await signUpByApi(buyerContext.request, baseURL!, 'buyer', 'Asha Verma');

  const page = await buyerContext.newPage();
  await page.goto('/account');
  const mails = page.getByRole('region', { name: 'E-mails' });
  const preparing = mails.getByRole('checkbox', { name: 'A seller starts preparing your order' });
  await expect(preparing).toBeChecked();
  await expect(mails.getByRole('checkbox', { name: 'A buyer asks for a return' })).toHaveCount(0);
  await preparing.uncheck();
  await mails.getByRole('button', { name: 'Save mail choices' }).click();
  await expect(page.getByText('Mail choices saved')).toBeVisible();
  await expectAccessible(page, testInfo, 'mail-choices');
  await page.reload();
  await expect(mails.getByRole('checkbox', { name: 'A seller starts preparing your order' })).not.toBeChecked();
  await expect(mails.getByRole('checkbox', { name: 'Your order is shipped' })).toBeChecked();

  const placed = await order(buyerContext, baseURL!, productId, 1);
  const [part] = placed.sellerOrders;
  await openLive(page, '/dashboard/buyer');
  const notices = page.getByRole('region', { name: /^Notifications/ });
  await expect(notices.getByText('No notifications yet')).toBeVisible();
  await move(sellerContext, baseURL!, part!, 'processing');
  await move(sellerContext, baseURL!, part!, 'shipped');
  await expect(
    notices.getByRole('listitem').filter({ hasText: `Order #${part!.shortId} is being prepared` }),
  ).toBeVisible();
  await expect(notices.getByRole('listitem').filter({ hasText: `Order #${part!.shortId} is shipped` })).toBeVisible();
  await expect(() =>
    expect(mailsTo(buyerAccount.email).map((mail) => mail.subject)).toContain(`Order #${part!.shortId} is shipped`),
  ).toPass();
  expect(mailsTo(buyerAccount.email).map((mail) => mail.subject)).not.toContain(
    `Order #${part!.shortId} is being prepared`,
  );
  await sellerContext.close();
  await buyerContext.close();
});
