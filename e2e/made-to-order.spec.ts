/**
 * Issue 26, made to order and personalisation: a made-to-order product's page and checkout say
 * when it will be dispatched; its seller sees the ship-by day, and the order flagged Late once an
 * admin has moved the clock past it. A seller asks for a name to engrave in the product form; the
 * buyer is refused without it, answers it, checks out, and the seller's order shows the name.
 *
 * Its own server: the admin moves its clock (development routes), which would move the shared
 * server's windows under the other specs.
 */
import { type Browser, type Page, expect, test } from '@playwright/test';
import { type OwnServer, startOwnServer } from './own-server.ts';
import { fillAddress, listProduct, ordersOnceThere, postByApi, signInByApi, signUpByApi } from './shop.ts';

const ADMIN = { email: 'admin@made-to-order.test', password: 'Made-To-Order-2024' };

let server: OwnServer;
let baseURL: string;

test.beforeAll(async () => {
  server = await startOwnServer('made-to-order', ADMIN, { AUTO_VERIFY: 'true', DEV_ROUTES: 'true' });
  baseURL = server.baseURL;
});

test.afterAll(() => server?.stop());

/** A name no earlier test has used. */
const unique = (name: string) => `${name} ${Date.now().toString(36)}`;

/** A day as the SPA writes it (format.ts formatDay): "9 Dec 2026". */
const shownDay = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(day),
  );

/** A signed-in page of a new account. */
async function signedIn(browser: Browser, role: 'buyer' | 'seller', fullName: string) {
  const context = await browser.newContext({ baseURL });
  await signUpByApi(context.request, baseURL, role, fullName);
  return { context, page: await context.newPage() };
}

/** Opens a page and waits until its live stream is connected, so later changes arrive on it. */
async function openLive(page: Page, path: string): Promise<void> {
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live');
  await page.goto(path);
  await live;
}

test('a made-to-order shawl: its page and checkout say when it ships; its seller sees the ship-by day, then Late once the clock passes it', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const shawl = unique('Pashmina Shawl');
  const seller = await signedIn(browser, 'seller', unique('Kashmir Looms'));
  const productId = await listProduct(seller.context.request, baseURL, {
    name: shawl,
    pricePaise: 899_900,
    stockQuantity: 4,
    categoryId: 'textiles',
    madeToOrderDays: 10,
  });

  const buyer = await signedIn(browser, 'buyer', 'Ananya Iyer');
  await buyer.page.goto(`/products/${productId}`);
  await expect(buyer.page.getByRole('heading', { level: 1 })).toHaveText(shawl);
  await expect(buyer.page.getByText('Made to order: ships in 10 days')).toBeVisible();
  await buyer.page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(buyer.page.getByText('Added to Cart')).toBeVisible();

  await buyer.page.goto('/checkout');
  const { dispatchBy } = (await (await buyer.page.request.get('/api/cart')).json()) as { dispatchBy: string };
  await expect(buyer.page.getByText(`Expected dispatch by ${shownDay(dispatchBy)}`)).toBeVisible();
  await fillAddress(buyer.page);
  await buyer.page.getByRole('button', { name: 'Place Order' }).click();
  await expect(buyer.page.getByText('Order Placed Successfully!')).toBeVisible();
  const [order] = await ordersOnceThere(buyer.page.request);
  const part = order!.sellerOrders[0]!;
  expect(part.shipBy).toBe(dispatchBy);

  await openLive(seller.page, '/dashboard/seller');
  const card = seller.page
    .getByRole('region', { name: 'Incoming Orders', exact: true })
    .getByRole('listitem')
    .filter({ hasText: `Order #${part.shortId}` });
  await expect(card).toContainText(`Ship by ${shownDay(part.shipBy)}`);
  await expect(card.getByText('Late', { exact: true })).toHaveCount(0);

  // The admin moves the clock a day past the ship-by day: the order, still pending, is late.
  const admin = await browser.newContext({ baseURL });
  await signInByApi(admin.request, baseURL, ADMIN.email, ADMIN.password);
  const days = (Date.parse(part.shipBy) - Date.now()) / 86_400_000 + 1;
  await postByApi(admin.request, baseURL, '/api/dev/clock', { advanceMinutes: Math.ceil(days * 24 * 60) });
  await seller.page.reload();
  await expect(card.getByText('Late', { exact: true })).toBeVisible();

  for (const context of [seller.context, buyer.context, admin]) await context.close();
});

test('a made-to-order shawl whose stole ships from stock: the seller says so in the grid, it stays so, and each size’s page says when it ships', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const shawl = unique('Kani Shawl');
  const seller = await signedIn(browser, 'seller', unique('Kani Weavers'));
  const size = (value: string, own?: { madeToOrderDays: number }) => ({
    sku: `KANI-${value.toUpperCase()}-${Date.now().toString(36)}`,
    optionValues: [value],
    pricePaise: 899_900,
    stockQuantity: 3,
    ...own,
  });
  const productId = await listProduct(seller.context.request, baseURL, {
    name: shawl,
    pricePaise: undefined,
    stockQuantity: undefined,
    categoryId: 'textiles',
    madeToOrderDays: 10,
    options: [{ name: 'Size', values: ['Small', 'Large', 'Stole'] }],
    variants: [size('Small'), size('Large', { madeToOrderDays: 20 }), size('Stole')],
  });

  // The stole is woven ahead: the seller says it ships from stock, though the shawl is made to order.
  await seller.page.goto('/dashboard/seller');
  const row = seller.page.getByRole('listitem').filter({ has: seller.page.getByRole('heading', { name: shawl }) });
  await row.getByRole('button', { name: 'Edit Product' }).click();
  const grid = seller.page.getByRole('table', { name: 'Variants' });
  await expect(grid.getByLabel('Made to order of Small')).toHaveValue('product');
  await expect(grid.getByLabel('Made-to-order days of Large')).toHaveValue('20');
  await grid.getByLabel('Made to order of Stole').selectOption({ label: 'Ships from stock' });
  const patch = seller.page.waitForRequest((request) => request.method() === 'PATCH');
  await seller.page.getByRole('button', { name: 'Save Changes' }).click();
  const { variants } = (await patch).postDataJSON() as { variants: Array<{ madeToOrderDays?: number | null }> };
  expect(variants.map((variant) => variant.madeToOrderDays)).toEqual([undefined, 20, null]);
  await expect(seller.page.getByText('Product updated')).toBeVisible();
  await seller.page.reload();
  await row.getByRole('button', { name: 'Edit Product' }).click();
  await expect(grid.getByLabel('Made to order of Stole')).toHaveValue('stock');
  await expect(grid.getByLabel('Made-to-order days of Stole')).toHaveCount(0);

  // The buyer reads, for each size chosen, when it ships.
  const buyer = await signedIn(browser, 'buyer', 'Farah Khan');
  await buyer.page.goto(`/products/${productId}`);
  await expect(buyer.page.getByRole('heading', { level: 1 })).toHaveText(shawl);
  const sizes = buyer.page.getByRole('group', { name: 'Size' });
  await sizes.getByRole('radio', { name: 'Large' }).check();
  await expect(buyer.page.getByText('Made to order: ships in 20 days')).toBeVisible();
  await sizes.getByRole('radio', { name: 'Small' }).check();
  await expect(buyer.page.getByText('Made to order: ships in 10 days')).toBeVisible();
  await sizes.getByRole('radio', { name: 'Stole' }).check();
  await expect(buyer.page.getByText(/^Made to order/)).toHaveCount(0);

  for (const context of [seller.context, buyer.context]) await context.close();
});

test('an engraving: the seller asks for a name, the buyer must answer it, and the seller’s order shows the name', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const pendant = unique('Brass Name Pendant');
  const seller = await signedIn(browser, 'seller', unique('Moradabad Brass'));
  await listProduct(seller.context.request, baseURL, { name: pendant, pricePaise: 129_900, stockQuantity: 5 });

  // The seller adds the question in the product form.
  await seller.page.goto('/dashboard/seller');
  const row = seller.page.getByRole('listitem').filter({ has: seller.page.getByRole('heading', { name: pendant }) });
  await row.getByRole('button', { name: 'Edit Product' }).click();
  await seller.page.getByRole('button', { name: 'Add a question' }).click();
  const question = seller.page.getByRole('group', { name: 'Question 1' });
  await question.getByLabel('Question 1').fill('Name to engrave');
  await question.getByLabel('Longest answer (characters)').fill('12');
  const patch = seller.page.waitForRequest((request) => request.method() === 'PATCH');
  await seller.page.getByRole('button', { name: 'Save Changes' }).click();
  expect((await patch).postDataJSON()).toEqual({
    personalisation: [{ question: 'Name to engrave', kind: 'text', maxLength: 12, required: true }],
  });
  await expect(seller.page.getByText('Product updated')).toBeVisible();

  // The buyer is refused without an answer, then adds it engraved with a name and checks out.
  const buyer = await signedIn(browser, 'buyer', 'Kavya Menon');
  const productId = (
    (await (await buyer.page.request.get(`/api/products?q=${encodeURIComponent(pendant)}`)).json()) as {
      items: Array<{ id: string }>;
    }
  ).items[0]!.id;
  await buyer.page.goto(`/products/${productId}`);
  await buyer.page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(buyer.page.getByText('Please answer: Name to engrave')).toBeVisible();
  await expect(buyer.page.getByLabel('Name to engrave')).toBeFocused();
  await buyer.page.getByLabel('Name to engrave').fill('Asha');
  await buyer.page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(buyer.page.getByText('Added to Cart')).toBeVisible();
  await buyer.page.goto('/checkout');
  const summary = buyer.page.getByRole('list', { name: 'Items' });
  await expect(summary).toContainText('Name to engrave: Asha');
  await fillAddress(buyer.page);
  await buyer.page.getByRole('button', { name: 'Place Order' }).click();
  await expect(buyer.page.getByText('Order Placed Successfully!')).toBeVisible();
  const [order] = await ordersOnceThere(buyer.page.request);

  await seller.page.goto('/dashboard/seller');
  const card = seller.page
    .getByRole('region', { name: 'Incoming Orders', exact: true })
    .getByRole('listitem')
    .filter({ hasText: `Order #${order!.sellerOrders[0]!.shortId}` });
  await expect(card).toContainText(`${pendant} x 1`);
  await expect(card).toContainText('Name to engrave: Asha');

  for (const context of [seller.context, buyer.context]) await context.close();
});
