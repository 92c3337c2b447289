/**
 * Issue 13, finding 8: the seller of a verified product renames it; buyers keep seeing the
 * approved name until an admin approves the change in the review queue.
 *
 * The shared server verifies everything at once (AUTO_VERIFY, the demo's default), so this
 * spec runs a server of its own that leaves products and their changes to the admins.
 */
import { type Locator, type Page, expect, test } from '@playwright/test';
import { type OwnServer, startServerWithReviews } from './own-server.ts';
import { expectAccessible, listProduct, patchByApi, postByApi, signInByApi, signUpByApi } from './shop.ts';

const ADMIN = { email: 'admin@revisions.test', password: 'Review-Desk-Chai-2024' };

let server: OwnServer;
let baseURL: string;

test.beforeAll(async () => {
  server = await startServerWithReviews('revisions', ADMIN);
  baseURL = server.baseURL;
});

test.afterAll(() => server?.stop());

/** A list item by the exact name of its heading. */
const row = (scope: Page | Locator, page: Page, name: string) =>
  scope.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('a seller renames a verified product: buyers see the old name until an admin approves the change', async ({
  browser,
}, testInfo) => {
  const stamp = Date.now().toString(36);
  const [approved, renamed] = [`Kutch Clay Lamp ${stamp}`, `Kutch Terracotta Lamp ${stamp}`];

  const seller = await browser.newContext({ baseURL });
  const admin = await browser.newContext({ baseURL });
  const buyer = await browser.newContext({ baseURL });
  await signUpByApi(seller.request, baseURL, 'seller', 'Meera Handlooms');
  const productId = await listProduct(seller.request, baseURL, { name: approved });
  await signInByApi(admin.request, baseURL, ADMIN.email, ADMIN.password);
  await postByApi(admin.request, baseURL, `/api/admin/products/${productId}/verify`);

  // The seller edits the name: the form says it goes to review, and the list says it waits.
  const sellerPage = await seller.newPage();
  await sellerPage.goto('/dashboard/seller');
  const sellerRow = row(sellerPage, sellerPage, approved);
  await expect(sellerRow.getByText('Active', { exact: true })).toBeVisible();
  await sellerRow.getByRole('button', { name: 'Edit Product' }).click();
  await expect(sellerPage.getByRole('note')).toContainText('go live once an admin approves them');
  await sellerPage.getByLabel('Product Name').fill(renamed);
  await sellerPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(sellerPage.getByText('Changes sent for review')).toBeVisible();
  await expect(
    sellerPage.getByText(
      "Changes to the name wait for an admin's review; until then buyers see the product as it was approved.",
    ),
  ).toBeVisible();
  await expect(sellerRow.getByText('Changes waiting for review')).toBeVisible();
  await sellerRow.getByText('What you changed').click();
  const waiting = sellerRow.getByRole('table', { name: `Changes to ${approved} waiting for review` });
  await expect(waiting.getByRole('row', { name: /Name/ })).toContainText(approved);
  await expect(waiting.getByRole('row', { name: /Name/ })).toContainText(renamed);
  await expectAccessible(sellerPage, testInfo, 'seller-changes-waiting');

  // Buyers still see the approved name.
  const buyerPage = await buyer.newPage();
  await buyerPage.goto(`/products/${productId}`);
  await expect(buyerPage.getByRole('heading', { level: 1 })).toHaveText(approved);

  // The admin sees the difference in the review queue and approves it.
  const adminPage = await admin.newPage();
  await adminPage.goto('/dashboard/admin?tab=products');
  const queue = adminPage.getByRole('region', { name: 'Changes to Review' });
  const queued = row(queue, adminPage, approved);
  const difference = queued.getByRole('table', { name: `Changes to ${approved}: on sale now and proposed` });
  await expect(difference.getByRole('columnheader', { name: 'Proposed' })).toBeVisible();
  await expect(difference.getByRole('row', { name: /Name/ })).toContainText(renamed);
  await expectAccessible(adminPage, testInfo, 'admin-changes-to-review');
  await queued.getByRole('button', { name: 'Approve changes' }).click();
  await expect(adminPage.getByText('Changes approved')).toBeVisible();
  await expect(queued).toHaveCount(0);

  // Now the product page shows the new name.
  await expect(async () => {
    await buyerPage.reload();
    await expect(buyerPage.getByRole('heading', { level: 1 })).toHaveText(renamed, { timeout: 1000 });
  }).toPass();

  await Promise.all([seller.close(), admin.close(), buyer.close()]);
});

test('a verified product gains a colour: buyers do not see it until the admin approves it, then they can buy it', async ({
  browser,
}, testInfo) => {
  const name = `Kolhapuri Chappal ${Date.now().toString(36)}`;
  const seller = await browser.newContext({ baseURL });
  const admin = await browser.newContext({ baseURL });
  const buyer = await browser.newContext({ baseURL });
  await signUpByApi(seller.request, baseURL, 'seller', 'Kolhapur Leather');
  await signUpByApi(buyer.request, baseURL, 'buyer');
  const productId = await listProduct(seller.request, baseURL, {
    name,
    pricePaise: undefined,
    stockQuantity: undefined,
    options: [{ name: 'Colour', values: ['Tan'] }],
    variants: [{ sku: `${name.slice(-8)}-TAN`, optionValues: ['Tan'], pricePaise: 89_900, stockQuantity: 5 }],
  });
  await signInByApi(admin.request, baseURL, ADMIN.email, ADMIN.password);
  await postByApi(admin.request, baseURL, `/api/admin/products/${productId}/verify`);

  // The seller adds indigo in the form: it goes to review with the other content.
  const sellerPage = await seller.newPage();
  await sellerPage.goto('/dashboard/seller');
  const sellerRow = row(sellerPage, sellerPage, name);
  await sellerRow.getByRole('button', { name: 'Edit Product' }).click();
  await sellerPage.getByLabel('Option 1 values (comma-separated)').fill('Tan, Indigo');
  const grid = sellerPage.getByRole('table', { name: 'Variants' });
  await grid.getByLabel('Price (₹) of Indigo', { exact: true }).fill('949');
  await grid.getByLabel('Stock of Indigo').fill('3');
  await sellerPage.getByRole('button', { name: 'Save Changes' }).click();
  await expect(
    sellerPage.getByText('Changes to the options and variants wait for an admin', { exact: false }),
  ).toBeVisible();
  await expect(sellerRow.getByText('Changes waiting for review')).toBeVisible();
  await sellerRow.getByText('What you changed').click();
  const asked = sellerRow.getByRole('table', { name: `Changes to ${name} waiting for review` });
  await expect(asked.getByRole('row', { name: /Variants/ })).toContainText('Indigo');
  // The form starts from the change: indigo is in the grid, waiting.
  await sellerRow.getByRole('button', { name: 'Edit Product' }).click();
  await expect(grid.getByRole('rowheader', { name: /Indigo/ })).toContainText('Waiting for review');
  await expect(grid.getByLabel('Stock of Indigo')).toHaveValue('3');
  await expect(grid.getByRole('rowheader', { name: 'Tan', exact: true })).toBeVisible();
  await sellerPage.getByRole('button', { name: 'Cancel' }).click();

  // Buyers see tan only.
  const buyerPage = await buyer.newPage();
  await buyerPage.goto(`/products/${productId}`);
  const colours = buyerPage.getByRole('group', { name: 'Colour' });
  await expect(colours.getByRole('radio', { name: 'Tan' })).toBeVisible();
  await expect(colours.getByRole('radio', { name: 'Indigo' })).toHaveCount(0);

  // The admin sees the new colour beside the one on sale, and approves it.
  const adminPage = await admin.newPage();
  await adminPage.goto('/dashboard/admin?tab=products');
  const queued = row(adminPage.getByRole('region', { name: 'Changes to Review' }), adminPage, name);
  const difference = queued.getByRole('table', { name: `Changes to ${name}: on sale now and proposed` });
  const variants = difference.getByRole('row', { name: /Variants/ });
  await expect(variants.getByRole('cell').nth(1)).toContainText('Indigo');
  await expect(variants.getByRole('cell').nth(1)).toContainText('new');
  await expect(variants.getByRole('cell').nth(0)).not.toContainText('Indigo');
  await expectAccessible(adminPage, testInfo, 'admin-variant-changes-to-review');
  await queued.getByRole('button', { name: 'Approve changes' }).click();
  await expect(adminPage.getByText('Changes approved')).toBeVisible();

  // Now buyers can choose indigo and buy it.
  await expect(async () => {
    await buyerPage.reload();
    await expect(colours.getByRole('radio', { name: 'Indigo' })).toBeVisible({ timeout: 1000 });
  }).toPass();
  await colours.getByRole('radio', { name: 'Indigo' }).check();
  await expect(buyerPage.getByText('3 in stock')).toBeVisible();
  await buyerPage.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(buyerPage.getByText('Added to Cart')).toBeVisible();

  await Promise.all([seller.close(), admin.close(), buyer.close()]);
});

test("an admin's queues and overview follow sellers' new and changed products live, without a reload", async ({
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const [top, box, fresh] = [`Channapatna Top ${stamp}`, `Bidri Box ${stamp}`, `Kondapalli Horse ${stamp}`];

  const seller = await browser.newContext({ baseURL });
  const admin = await browser.newContext({ baseURL });
  await signUpByApi(seller.request, baseURL, 'seller', 'Karnataka Toys');
  await signInByApi(admin.request, baseURL, ADMIN.email, ADMIN.password);
  const [topId, boxId] = [
    await listProduct(seller.request, baseURL, { name: top }),
    await listProduct(seller.request, baseURL, { name: box }),
  ];
  for (const id of [topId, boxId]) await postByApi(admin.request, baseURL, `/api/admin/products/${id}/verify`);

  // The overview counts the changes waiting, and follows them.
  const adminPage = await admin.newPage();
  await adminPage.goto('/dashboard/admin?tab=overview');
  const changesFigure = adminPage
    .getByRole('list', { name: 'Marketplace in figures' })
    .getByRole('listitem')
    .filter({ hasText: 'Changes awaiting review' });
  await expect(changesFigure).toContainText(/\d/);
  const waiting = Number(/\d+/.exec(await changesFigure.innerText())![0]);
  await patchByApi(seller.request, baseURL, `/api/seller/products/${topId}`, { name: `${top} (large)` });
  await expect(changesFigure).toContainText(String(waiting + 1));

  // With the Products tab open, a new product and a change come in.
  await adminPage.getByRole('tab', { name: 'Products' }).click();
  const reviewQueue = adminPage.getByRole('region', { name: 'Review Queue' });
  const changesQueue = adminPage.getByRole('region', { name: 'Changes to Review' });
  await expect(row(changesQueue, adminPage, top)).toBeVisible();
  await listProduct(seller.request, baseURL, { name: fresh });
  await patchByApi(seller.request, baseURL, `/api/seller/products/${boxId}`, { name: `${box} (inlaid)` });
  await expect(row(reviewQueue, adminPage, fresh)).toBeVisible();
  await expect(row(changesQueue, adminPage, box)).toBeVisible();

  await Promise.all([seller.close(), admin.close()]);
});
