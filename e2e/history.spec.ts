import { type Locator, type Page, expect, test } from '@playwright/test';
import { formatInr } from '../domain/money.ts';
import { expectAccessible, listProduct, signInByApi, signUpByApi } from './shop.ts';

const DEMO_SELLER = { email: 'weaves@mibi.demo', password: 'demo1234', fullName: 'Varanasi Weaves' };
const DEMO_BUYER_NAME = 'Ananya Sharma';
/** A demo product with an order placed, a review and the featured flag (api/bootstrap/demo.ts). */
const DEMO_PRODUCT = 'Banarasi Silk Saree';

interface ApiHistory {
  items: Array<{ position: number; type: string; at: string }>;
}

interface ApiSales {
  from: string;
  to: string;
  totals: { revenuePaise: number; units: number; orders: number };
}

const historyPath = (productId: string) => `/dashboard/seller/products/${productId}/history`;

/** The row of a product in the seller's list, by its exact name. */
const productRow = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** The history entries whose title starts with `title` (a selected entry's heading also says "Shown as of"). */
const entries = (page: Page, title: string) =>
  page.getByRole('article').filter({ has: page.getByRole('heading', { name: new RegExp(`^${title}`) }) });

/** Expects an edit's before → after table to have the row `field: before → after`. */
async function expectChange(entry: Locator, field: string, before: string, after: string): Promise<void> {
  const cells = entry.getByRole('row', { name: new RegExp(`^${field} `) }).getByRole('cell');
  await expect(cells).toHaveText([before, `→ ${after}`]);
}

/** The Then and Now cells of a field in the as-of comparison. */
function comparedField(panel: Locator, field: string) {
  const cells = panel.getByRole('row', { name: new RegExp(`^${field}`) }).getByRole('cell');
  return { then: cells.nth(0), now: cells.nth(1) };
}

async function editProduct(page: Page, name: string, label: string, value: string, rowText: string): Promise<void> {
  const row = productRow(page, name);
  await row.getByRole('button', { name: 'Edit Product' }).click();
  await page.getByLabel(label).fill(value);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(row.getByText(rowText)).toBeVisible();
}

/** `time` as a datetime-local value in the browser's own time zone, to the second. */
function localInputValue(page: Page, time: number): Promise<string> {
  return page.evaluate((ms) => {
    const d = new Date(ms);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, time);
}

test('a seller sees each edit, the stock change and the product as of a moment, and restores the first version', async ({
  page,
  baseURL,
}, testInfo) => {
  test.slow();
  await signUpByApi(page.request, baseURL!, 'seller', 'Meera Handlooms');
  const name = `Kantha Throw ${Date.now()}`;
  const productId = await listProduct(page.request, baseURL!, {
    name,
    pricePaise: 149_900,
    stockQuantity: 20,
    categoryId: 'handicrafts',
  });

  await page.goto('/dashboard/seller');
  await expect(page.getByText('No sales in this period')).toBeVisible();
  await editProduct(page, name, 'Price (₹)', '1299', '₹1,299.00');
  // The next edit falls in a later second, so a moment picked to the second can sit between them.
  await page.waitForTimeout(1100);
  await editProduct(page, name, 'Price (₹)', '1199', '₹1,199.00');
  await editProduct(page, name, 'Stock Quantity', '15', 'Stock: 15');

  await productRow(page, name).getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(historyPath(productId));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product History');
  await expect(page.getByText(name, { exact: true })).toBeVisible();

  const listed = entries(page, 'Listed');
  await expect(listed).toContainText('Listed in Handicrafts at ₹1,499.00 with 20 in stock');
  await expect(listed).toContainText('By Meera Handlooms');
  const edits = entries(page, 'Edited');
  await expect(edits).toHaveCount(2);
  await expectChange(edits.nth(0), 'Price', '₹1,499.00', '₹1,299.00');
  await expectChange(edits.nth(1), 'Price', '₹1,299.00', '₹1,199.00');
  await expect(edits.nth(1)).toContainText('By Meera Handlooms');
  const stock = entries(page, 'Stock adjusted');
  await expect(stock).toContainText('Stock adjusted from 20 to 15');
  await expect(stock).toContainText('By Meera Handlooms');
  await expect(entries(page, 'Verified')).toContainText('By MIBI');

  // The filter by kind.
  await page.getByRole('radio', { name: 'Stock (1)' }).check();
  await expect(page.getByRole('article')).toHaveCount(1);
  await page.getByRole('radio', { name: 'Edits (3)' }).check();
  await expect(page.getByRole('article')).toHaveCount(3);
  await page.getByRole('radio', { name: /^All/ }).check();

  // As of the first edit: the middle price and the stock then, beside now.
  const panel = page.getByRole('region', { name: 'As of', exact: true });
  await edits.nth(0).getByRole('button', { name: 'View as of here' }).click();
  await expect(panel.getByRole('heading', { name: 'As of' })).toBeFocused();
  await expect(comparedField(panel, 'Price').then).toHaveText('₹1,299.00');
  await expect(comparedField(panel, 'Price').now).toHaveText('₹1,199.00');
  await expect(panel.getByRole('row', { name: /^Price/ })).toContainText('Differs');
  await expect(comparedField(panel, 'Stock').then).toHaveText('20');
  await expect(comparedField(panel, 'Stock').now).toHaveText('15');
  await expect(comparedField(panel, 'Name').now).toHaveText(name);
  await expect(panel.getByRole('row', { name: /^Name/ })).not.toContainText('Differs');

  // The same moment picked with the date and time input: the second after the first edit.
  const history = (await (await page.request.get(`/api/seller/products/${productId}/history`)).json()) as ApiHistory;
  const firstEdit = history.items.find((item) => item.type === 'ProductUpdated')!;
  const between = Math.ceil(Date.parse(firstEdit.at) / 1000) * 1000;
  await panel.getByLabel('Date and time').fill(await localInputValue(page, between));
  await panel.getByRole('button', { name: 'Show' }).click();
  await expect(comparedField(panel, 'Price').then).toHaveText('₹1,299.00');
  await expectAccessible(page, testInfo, 'product-history');

  // Restoring the listing brings its price back as a new edit; stock stays.
  await listed.getByRole('button', { name: 'Restore this version' }).click();
  const dialog = page.getByRole('dialog', { name: 'Restore this version?' });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText('Restored as a new edit')).toBeVisible();
  await expect(page.getByText('Price: ₹1,199.00 → ₹1,499.00')).toBeVisible();
  await expect(dialog).toBeHidden();
  // It shows as a restore, not a plain edit.
  const restored = entries(page, 'Restored');
  await expect(restored).toHaveCount(1);
  await expect(edits).toHaveCount(2);
  await expectChange(restored, 'Price', '₹1,199.00', '₹1,499.00');
  await expect(comparedField(panel, 'Price').now).toHaveText('₹1,499.00');
  await expect(comparedField(panel, 'Stock').now).toHaveText('15');
  const product = (await (await page.request.get(`/api/seller/products`)).json()) as {
    items: Array<{ id: string; pricePaise: number }>;
  };
  expect(product.items.find((item) => item.id === productId)?.pricePaise).toBe(149_900);

  // The version just restored is the product as it is: nothing to do.
  await restored.getByRole('button', { name: 'Restore this version' }).click();
  await dialog.getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText('Nothing to restore: this version matches the product as it is')).toBeVisible();
  await expect(restored).toHaveCount(1);
});

test('the demo seller sees an order reserving stock and a review in a product history, and the product as ordered', async ({
  page,
  baseURL,
}) => {
  await signInByApi(page.request, baseURL!, DEMO_SELLER.email, DEMO_SELLER.password);
  await page.goto('/dashboard/seller');
  await productRow(page, DEMO_PRODUCT).getByRole('link', { name: 'History' }).click();
  // Once the history page shows: until then the dashboard names the product in several places (its row, its orders).
  await expect(page.getByRole('heading', { level: 1, name: 'Product History' })).toBeVisible();
  await expect(page.getByText(DEMO_PRODUCT, { exact: true })).toBeVisible();

  // The first of each is the seed's (other tests may add more): oldest first.
  const reserved = entries(page, 'Stock reserved by an order').first();
  await expect(reserved).toContainText(/Reserved 1 by order #[0-9a-f]{8}/);
  await expect(reserved).toContainText('Stock: 6 → 5');
  await expect(reserved).toContainText(`By ${DEMO_BUYER_NAME}`);
  await expect(entries(page, 'Review received').first()).toContainText(
    `Review received from ${DEMO_BUYER_NAME}: rated 5 out of 5`,
  );
  await expect(entries(page, 'Featured').first()).toContainText('By MIBI Admin');
  await expect(entries(page, 'Listed')).toContainText(`By ${DEMO_SELLER.fullName}`);

  // The seed's order line (the oldest: the list is newest first): the product as the buyer saw it.
  await page.getByRole('link', { name: 'Seller Dashboard' }).click();
  const incoming = page.getByRole('region', { name: 'Incoming Orders', exact: true });
  const line = incoming.getByRole('listitem').filter({ hasText: DEMO_PRODUCT }).last();
  const asOrdered = line.getByRole('button', { name: 'As ordered' });
  await asOrdered.click();
  const dialog = page.getByRole('dialog', { name: `${DEMO_PRODUCT} as ordered` });
  await expect(dialog).toContainText(/Order #[0-9a-f]{8}, placed/);
  await expect(dialog).toContainText('1 x ₹12,499.00 = ₹12,499.00');
  await expect(dialog.getByRole('row', { name: 'Price ₹12,499.00' })).toBeVisible();
  await expect(dialog.getByRole('row', { name: 'Original price ₹14,999.00' })).toBeVisible();
  await expect(dialog.getByRole('row', { name: 'Category Textiles' })).toBeVisible();
  await expect(dialog.getByRole('row', { name: 'Stock 5' })).toBeVisible();
  await expect(dialog.getByRole('row', { name: 'Status Featured' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(asOrdered).toBeFocused();
});

test('the sales section charts the demo seller’s sales, with a table of the same figures as the API', async ({
  page,
  baseURL,
}, testInfo) => {
  await signInByApi(page.request, baseURL!, DEMO_SELLER.email, DEMO_SELLER.password);
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/analytics/seller');
  await page.goto('/dashboard/seller');
  const sales = (await (await answer).json()) as ApiSales;
  expect(sales.totals.orders).toBeGreaterThan(0);

  const section = page.getByRole('region', { name: 'Sales', exact: true });
  await expect(section.getByRole('radio', { name: 'Last 30 days' })).toBeChecked();
  await expect(section.locator('canvas').first()).toBeVisible();
  await expect(section.getByRole('img', { name: /^Revenue per day/ })).toBeVisible();
  await expect(section.getByRole('img', { name: /^Units sold per day/ })).toBeVisible();
  const figures = section.getByRole('list', { name: 'Sales in figures' });
  await expect(figures).toContainText(`Revenue${formatInr(sales.totals.revenuePaise)}`);
  await expect(figures).toContainText(`Units Sold${sales.totals.units}`);
  await expect(figures).toContainText(`Orders${sales.totals.orders}`);
  await expect(
    section.getByRole('region', { name: 'Sales by category' }).getByRole('row', { name: /^Textiles/ }),
  ).toBeVisible();

  await section.getByText('Show the figures as a table').click();
  const total = section.getByRole('row', { name: /^Total/ });
  await expect(total.getByRole('cell')).toHaveText([
    formatInr(sales.totals.revenuePaise),
    String(sales.totals.units),
    String(sales.totals.orders),
  ]);
  await expectAccessible(page, testInfo, 'seller-sales');

  // Another period: fetched again, charted again.
  const week = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/analytics/seller');
  await section.getByRole('radio', { name: 'Last 7 days' }).check();
  const weekSales = (await (await week).json()) as ApiSales;
  expect(Date.parse(weekSales.to) - Date.parse(weekSales.from)).toBe(6 * 24 * 60 * 60 * 1000);
  await expect(section.locator('canvas').first()).toBeVisible();
  await expect(total.getByRole('cell').first()).toHaveText(formatInr(weekSales.totals.revenuePaise));
});

test('another seller opening the history of a product not theirs is told it is not found', async ({
  page,
  baseURL,
}) => {
  await signInByApi(page.request, baseURL!, DEMO_SELLER.email, DEMO_SELLER.password);
  const { items } = (await (await page.request.get('/api/seller/products')).json()) as {
    items: Array<{ id: string; name: string }>;
  };
  const demoProduct = items.find((item) => item.name === DEMO_PRODUCT)!;

  await page.context().clearCookies();
  await signUpByApi(page.request, baseURL!, 'seller', 'Kiran Crafts');
  await page.goto(historyPath(demoProduct.id));
  await expect(page.getByText('Product not found')).toBeVisible();
  await expect(page.getByText(DEMO_PRODUCT)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Back to your products' })).toHaveAttribute('href', '/dashboard/seller');
});
