import { type Browser, type Locator, type Page, expect, test } from '@playwright/test';
import {
  addToCartByApi,
  expectAccessible,
  listProduct,
  placeOrderByApi,
  postByApi,
  signInByApi,
  signUpByApi,
} from './shop.ts';

const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };

/** A name no earlier test (or run against the same data) has used. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

async function signInAdmin(page: Page, baseURL: string): Promise<void> {
  await signInByApi(page.request, baseURL, DEMO_ADMIN.email, DEMO_ADMIN.password);
}

/** A fresh seller in a browser context of their own, with products listed (and verified at once: AUTO_VERIFY). */
async function newSeller(browser: Browser, baseURL: string, productNames: readonly string[] = []) {
  const context = await browser.newContext({ baseURL });
  const fullName = unique('Meera Handlooms');
  await signUpByApi(context.request, baseURL, 'seller', fullName);
  const productIds: string[] = [];
  for (const name of productNames) productIds.push(await listProduct(context.request, baseURL, { name }));
  return { context, fullName, productIds };
}

const pageOf = (scope: Page | Locator): Page => ('goto' in scope ? scope : scope.page());

/** A list item by the exact name of its heading. */
const row = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('listitem').filter({ has: pageOf(scope).getByRole('heading', { name, exact: true }) });

/** The names of the products on /products, in the order shown. */
const catalogOrder = (page: Page) =>
  page.getByRole('region', { name: 'Products' }).getByRole('article').getByRole('heading').allInnerTexts();

const openTab = (page: Page, tab: string) =>
  page.goto(tab === 'overview' ? '/dashboard/admin' : `/dashboard/admin?tab=${tab}`);

test('an admin verifies a new seller, whose products then carry the verified badge', async ({
  page,
  browser,
  baseURL,
}) => {
  const seller = await newSeller(browser, baseURL!, [unique('Chanderi Dupatta')]);
  const productId = seller.productIds[0]!;
  await seller.context.close();
  await signInAdmin(page, baseURL!);

  await page.goto('/dashboard/admin?tab=sellers&status=unverified');
  await expect(page.getByRole('tab', { name: 'Sellers' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Show', { exact: true })).toHaveValue('unverified');
  const waiting = row(page, seller.fullName);
  await expect(waiting.getByText('Awaiting verification')).toBeVisible();
  await expect(waiting.getByText('1 product listed · 1 on sale · 0 pending review')).toBeVisible();

  // A real dialog: the note is optional for a verification.
  await waiting.getByRole('button', { name: 'Verify' }).click();
  const dialog = page.getByRole('dialog', { name: `Verify ${seller.fullName}?` });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await dialog.getByLabel('Note (optional)').fill('GST registration and workshop photos checked');
  await dialog.getByRole('button', { name: 'Verify seller' }).click();
  await expect(page.getByText('Seller verified')).toBeVisible();
  await expect(page.getByText(`${seller.fullName} now shows the Verified Seller badge.`)).toBeVisible();
  await expect(dialog).toBeHidden();
  // No longer awaiting verification: the row left the list, and the focus went to its heading.
  await expect(waiting).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Sellers', exact: true })).toBeFocused();

  await page.getByLabel('Show', { exact: true }).selectOption({ label: 'Verified' });
  await expect(page).toHaveURL(/[?&]status=verified/);
  const verified = row(page, seller.fullName);
  await expect(verified.getByText('Verified', { exact: true }).first()).toBeVisible();
  await verified.getByText('Decisions (1)').click();
  await expect(verified.getByText(': GST registration and workshop photos checked')).toBeVisible();
  await expect(verified.getByRole('button', { name: 'Suspend' })).toBeVisible();
  await expect(verified.getByRole('button', { name: 'Verify' })).toHaveCount(0);

  // The seller's products now carry the badge.
  const product = await (await page.request.get(`/api/products/${productId}`)).json();
  expect(product.sellerVerified).toBe(true);
});

test('an admin verifies one product and rejects another with a reason; the seller sees both outcomes', async ({
  page,
  browser,
  baseURL,
}) => {
  const [approved, rejected] = [unique('Kalamkari Table Runner'), unique('Dhokra Elephant')];
  const seller = await newSeller(browser, baseURL!, [approved, rejected]);
  await signInAdmin(page, baseURL!);

  // The demo verifies new products at once; a rejected product its seller edits goes back to the queue.
  for (const id of seller.productIds) {
    await postByApi(page.request, baseURL!, `/api/admin/products/${id}/reject`, {
      reason: 'Please add a photo of the maker',
    });
    const edit = await seller.context.request.patch(`/api/seller/products/${id}`, {
      // Any content edit will do; an image URL would be fetched by the server, and this test runs offline.
      data: { description: 'Cast by hand in Bastar; a photo of the maker at work is now included.' },
      headers: { origin: baseURL! },
    });
    expect(edit.ok(), await edit.text()).toBe(true);
  }
  await expect
    .poll(async () => {
      const queue = (await (await page.request.get('/api/admin/products/review-queue?limit=100')).json()) as {
        items: Array<{ id: string }>;
      };
      return seller.productIds.filter((id) => queue.items.some((item) => item.id === id)).length;
    })
    .toBe(2);

  await openTab(page, 'products');
  const queue = page.getByRole('region', { name: 'Review Queue' });
  await expect(row(queue, approved).getByText(`by ${seller.fullName}`)).toBeVisible();

  await row(queue, approved).getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Product verified')).toBeVisible();
  await expect(page.getByText(`${approved} is now on sale.`)).toBeVisible();
  await expect(row(queue, approved)).toHaveCount(0);

  // Rejecting asks for the reason, checked before it is sent.
  await row(queue, rejected).getByRole('button', { name: 'Reject' }).click();
  const dialog = page.getByRole('dialog', { name: `Reject ${rejected}?` });
  await dialog.getByRole('button', { name: 'Reject product' }).click();
  await expect(dialog.getByText('A reason is required')).toBeVisible();
  await expect(dialog.getByLabel('Reason for rejecting')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByLabel('Reason for rejecting').fill('The photos show a machine-cast piece, not lost-wax Dhokra');
  await dialog.getByRole('button', { name: 'Reject product' }).click();
  await expect(page.getByText('Product rejected')).toBeVisible();
  await expect(row(queue, rejected)).toHaveCount(0);

  // The seller's dashboard, in their own browser.
  const sellerPage = await seller.context.newPage();
  await sellerPage.goto('/dashboard/seller');
  await expect(row(sellerPage, approved).getByText('Active', { exact: true })).toBeVisible();
  await expect(row(sellerPage, rejected).getByText('Rejected', { exact: true })).toBeVisible();
  await expect(
    row(sellerPage, rejected).getByText('Rejected: The photos show a machine-cast piece, not lost-wax Dhokra'),
  ).toBeVisible();
  await seller.context.close();
});

test('an admin features a product, which then shows among the featured products at the top of the catalog', async ({
  page,
  browser,
  baseURL,
}) => {
  const name = unique('Pattachitra Scroll');
  const seller = await newSeller(browser, baseURL!, [name]);
  await seller.context.close();
  await signInAdmin(page, baseURL!);

  // The catalog shows featured products first (then the best-selling): this one is not among them yet.
  const catalog = (await (await page.request.get('/api/products?limit=100')).json()) as {
    items: Array<{ featured: boolean }>;
  };
  const featuredCount = catalog.items.filter((item) => item.featured).length;
  await page.goto('/products');
  await expect(page.getByRole('region', { name: 'Products' })).toHaveAttribute('aria-busy', 'false');
  expect((await catalogOrder(page)).slice(0, featuredCount)).not.toContain(name);

  await openTab(page, 'products');
  const featured = page.getByRole('region', { name: 'Featured Products' });
  await featured.getByLabel('Search products on sale').fill(name);
  await featured.getByLabel('Search products on sale').press('Enter');
  await expect(page).toHaveURL(/[?&]q=Pattachitra/);
  const product = row(featured, name);
  await product.getByRole('button', { name: 'Feature' }).click();
  await expect(page.getByText('Product featured')).toBeVisible();
  await expect(
    page.getByText(`${name} now shows among the featured products at the top of the catalog.`),
  ).toBeVisible();
  await expect(product.getByText('Featured', { exact: true })).toBeVisible();
  await expect(product.getByRole('button', { name: 'Unfeature' })).toBeVisible();

  // Now it is in the block at the top, ahead of every product not featured.
  await page.goto('/products');
  await expect.poll(async () => (await catalogOrder(page)).slice(0, featuredCount + 1)).toContain(name);

  // Back as it was, for the tests that follow.
  await page.goBack();
  await row(featured, name).getByRole('button', { name: 'Unfeature' }).click();
  await expect(page.getByText('Product unfeatured')).toBeVisible();
  await expect(row(featured, name).getByRole('button', { name: 'Feature' })).toBeVisible();
});

test("an admin moves a buyer's order to delivered, and the buyer can then review the product", async ({
  page,
  browser,
  baseURL,
}) => {
  const productName = unique('Channapatna Spinning Top');
  const seller = await newSeller(browser, baseURL!, [productName]);
  const productId = seller.productIds[0]!;
  await seller.context.close();

  const buyer = await browser.newContext({ baseURL });
  await signUpByApi(buyer.request, baseURL!, 'buyer', 'Kavya Menon');
  await addToCartByApi(buyer.request, baseURL!, productId, 2);
  const { id: orderId } = await placeOrderByApi(buyer.request, baseURL!);
  const buyerPage = await buyer.newPage();
  const reviews = buyerPage.getByRole('region', { name: 'Customer Reviews' });
  await buyerPage.goto(`/products/${productId}`);
  await expect(reviews.getByText('Purchase this product to write a review')).toBeVisible();

  await signInAdmin(page, baseURL!);
  await openTab(page, 'orders');
  await page.getByRole('combobox', { name: 'Seller' }).selectOption({ label: seller.fullName });
  await expect(page).toHaveURL(/[?&]seller=/);
  const order = row(page, new RegExp(`^Order #${orderId.slice(0, 8)}`));
  // The purchase has one part, its seller's: the admin moves that part.
  const part = order
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: `${seller.fullName} Order #${orderId.slice(0, 8)}-1` }) });
  await expect(part.getByText('Pending', { exact: true })).toBeVisible();
  await expect(part.getByText(`2 x ${productName}`)).toBeVisible();
  for (const status of ['processing', 'shipped', 'delivered']) {
    await part.getByRole('button', { name: `Mark ${status}` }).click();
    // Each move says what it will do before it is made.
    const confirm = page.getByRole('dialog', { name: `Mark order #${orderId.slice(0, 8)}-1 ${status}?` });
    if (status === 'delivered') await expect(confirm).toContainText("The seller's earning on it");
    await confirm.getByRole('button', { name: `Mark ${status}` }).click();
    await expect(page.getByText(`Order #${orderId.slice(0, 8)}-1 is now ${status}.`)).toBeVisible();
  }
  await expect(part.getByText('Delivered', { exact: true })).toBeVisible();
  // The purchase, all of whose parts are delivered, is delivered too.
  await expect(order.getByText('Delivered', { exact: true })).toHaveCount(2);
  await expect(part.getByRole('button', { name: /^Mark / })).toHaveCount(0);
  await expect(part.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);

  await buyerPage.reload();
  await expect(reviews.getByRole('form', { name: 'Write a review' })).toBeVisible();
  await buyer.close();
});

test('a buyer or seller visiting /dashboard/admin sees no console, and the admin API answers 403', async ({
  browser,
  baseURL,
}) => {
  for (const role of ['buyer', 'seller'] as const) {
    const context = await browser.newContext({ baseURL });
    await signUpByApi(context.request, baseURL!, role);
    const page = await context.newPage();
    await page.goto('/dashboard/admin');
    await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
    await expect(page.getByRole('tablist', { name: 'Admin console' })).toHaveCount(0);
    for (const path of ['/api/admin/overview', '/api/admin/sellers', '/api/admin/users', '/api/analytics/admin']) {
      expect((await context.request.get(path)).status(), path).toBe(403);
    }
    await context.close();
  }
});

test('an admin reads the event catalog: each type with its version, count and upcasters', async ({ page, baseURL }) => {
  await signInAdmin(page, baseURL!);
  await openTab(page, 'events');
  await expect(page.getByRole('heading', { name: 'Event catalog' })).toBeVisible();
  const typeRow = (type: string) => page.getByRole('row').filter({ has: page.getByText(type, { exact: true }) });
  const created = typeRow('CategoryCreated');
  await expect(created.getByRole('cell').first()).toHaveText('v1');
  await created.getByText('CategoryCreated').click();
  await expect(created.getByText('"categoryId"')).toBeVisible();
  const listed = typeRow('ProductListed');
  await expect(listed.getByRole('cell').first()).toHaveText('v1');
  await expect(listed.getByText('upcastProductEvent')).toBeVisible();
});

for (const tab of ['overview', 'sellers', 'products', 'orders', 'payouts', 'commission', 'users', 'events']) {
  test(`admin ${tab} tab: no serious or critical axe violations`, async ({ page, baseURL }, testInfo) => {
    await signInAdmin(page, baseURL!);
    await openTab(page, tab);
    await expect(page.getByRole('tab', { selected: true })).toHaveText(tab.charAt(0).toUpperCase() + tab.slice(1));
    await expect(page.getByRole('tabpanel').getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectAccessible(page, testInfo, `admin-${tab}`);
  });
}
