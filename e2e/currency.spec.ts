/**
 * Issue 30, prices for buyers abroad: a buyer who chooses euros sees an approximate amount beside
 * every rupee price (list, product, cart, checkout, the buyer's orders) and is charged in rupees; an admin's new
 * reference rate reaches an open product page without a reload.
 */
import { type Browser, type Page, expect, test } from '@playwright/test';
import { mailsTo } from './accounts.ts';
import { expectFitsPhone } from './layout.ts';
import { addToCartByApi, fillAddress, listProduct, ordersOnceThere, signInByApi, signUpByApi } from './shop.ts';

const ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };

/** The demo admin's console on the Rates tab, in a browser context of its own. */
async function ratesTab(browser: Browser, baseURL: string): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await signInByApi(context.request, baseURL, ADMIN.email, ADMIN.password);
  const page = await context.newPage();
  await page.goto('/dashboard/admin?tab=rates');
  await expect(page.getByRole('heading', { name: 'Reference rates' })).toBeVisible();
  return page;
}

/** Records a rate of euros through the tab's form, and waits for it to be in effect. */
async function recordEuro(admin: Page, rupeesPerUnit: string): Promise<void> {
  const form = admin.getByRole('form', { name: 'Record a reference rate' });
  await form.getByLabel('Currency').selectOption('EUR');
  await form.getByLabel('Rupees per unit (up to 4 decimals)').fill(rupeesPerUnit);
  await form.getByLabel('Source').fill('RBI reference rate (test)');
  await form.getByRole('button', { name: 'Record rate' }).click();
  const euro = admin
    .getByRole('list', { name: 'Rates by currency' })
    .getByRole('listitem')
    .filter({ hasText: 'EUR: Euro' })
    .first();
  await expect(euro).toContainText(`In effect now: ₹${rupeesPerUnit} per unit`);
}

test('a buyer choosing EUR sees ≈ amounts everywhere and pays in rupees; a new rate shows live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const admin = await ratesTab(browser, baseURL!);
  await recordEuro(admin, '90');

  const seller = await browser.newContext({ baseURL });
  await signUpByApi(seller.request, baseURL!, 'seller', 'Jaipur Blue Pottery');
  const name = `Blue Pottery Vase ${Date.now().toString(36)}`;
  const productId = await listProduct(seller.request, baseURL!, { name, pricePaise: 1_22_700 });
  await seller.close();
  const buyer = await signUpByApi(page.request, baseURL!, 'buyer');

  // ₹1,227.00 at ₹90 per euro: €13.633...
  await page.goto(`/products?q=${encodeURIComponent(name)}`);
  const card = page.getByRole('region', { name: 'Products' }).getByRole('article').filter({ hasText: name });
  await expect(card).toContainText('₹1,227.00');
  await expect(card).not.toContainText('≈');
  await page.getByRole('banner').getByLabel('Show prices also in').selectOption('EUR');
  await expect(card).toContainText('≈ €13.63');

  await card.getByRole('link', { name }).first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText('≈ €13.63');
  await page.getByRole('button', { name: 'Add to Cart' }).click();

  await page.goto('/cart');
  const summary = page.getByRole('region', { name: 'Order Summary' });
  await expect(summary).toContainText('₹1,227.00 ≈ €13.63');
  await expect(page.getByRole('list', { name: 'Cart items' })).toContainText('₹1,227.00 ≈ €13.63');

  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  const items = page.getByRole('list', { name: 'Items' });
  await expect(items).toContainText('₹1,227.00 ≈ €13.63');
  const total = page
    .getByRole('term')
    .filter({ hasText: /^Total$/ })
    .locator('xpath=following-sibling::dd');
  await expect(total).toContainText(/^₹[\d,]+\.\d\d ≈ €\d+\.\d\d$/);
  const checkoutTotal = (await total.textContent())!;

  // Each delivery option's charge has its approximation too.
  const options = page.getByRole('group', { name: 'Delivery Options' });
  await expect(options).toContainText(/₹[\d,]+\.\d\d ≈ €\d+\.\d\d/);

  // Charged in rupees: the order is the rupee total; the mail gives the euros beside it.
  await fillAddress(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Your order has been confirmed.', { exact: false })).toBeVisible();
  const [order] = await ordersOnceThere(page.request);
  const [rupees, euros] = checkoutTotal.split(' ≈ ');
  expect(`₹${(order!.totalPaise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 })}`).toBe(rupees);
  await expect
    .poll(() => mailsTo(buyer.email).find((mail) => mail.subject.endsWith('is confirmed'))?.text ?? '')
    .toContain(`Total: ${rupees} (≈ ${euros}; you are charged in rupees)`);

  // The buyer's order shows the same amounts: the total on its card, and its details.
  await page.goto('/dashboard/buyer');
  const placed = page.getByRole('article', { name: `Order #${order!.id.slice(0, 8)}` });
  await expect(placed).toContainText(`Total: ${rupees} ≈ ${euros}`);
  await placed.getByRole('button', { name: 'View Details' }).click();
  await expect(placed.getByRole('definition').last()).toHaveText(`${rupees} ≈ ${euros}`);

  // An open product page follows the admin's new rate: ₹1,227.00 at ₹88.5 is €13.864...
  await page.goto(`/products/${productId}`);
  await expect(main).toContainText('≈ €13.63');
  await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
  await recordEuro(admin, '88.5');
  await expect(main).toContainText('≈ €13.86');
  expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
  await admin.context().close();
});

test('a visitor’s choice is kept in the browser, and the demo’s rates convert at once', async ({ page }) => {
  await page.goto('/products');
  const chooser = page.getByRole('banner').getByLabel('Show prices also in');
  const firstProduct = page.getByRole('region', { name: 'Products' }).getByRole('article').first();
  await expect(chooser).toHaveValue('INR');
  await expect(firstProduct).toContainText('₹');
  await expect(firstProduct).not.toContainText('≈');
  await chooser.selectOption('GBP');
  await expect(firstProduct).toContainText(/≈ £[\d,]+\.\d\d/);
  await page.reload();
  await expect(page.getByRole('banner').getByLabel('Show prices also in')).toHaveValue('GBP');
  await expect(firstProduct).toContainText(/≈ £[\d,]+\.\d\d/);
  // Drawn by the server in rupees, the page is drawn again here in pounds, and the visitor is still told they are signed out.
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login', exact: true })).toBeVisible();
});

test('on a phone, the longest approximations fit beside the rupee prices', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // Dirhams are written longest ("≈ AED 1,234.56"); the choice is the browser's, as a visitor's would be.
  await page.addInitScript(() => localStorage.setItem('mibi:display-currency', 'AED'));
  await signUpByApi(page.request, baseURL!, 'buyer');
  const { items } = (await (await page.request.get('/api/products?limit=1')).json()) as {
    items: Array<{ id: string }>;
  };
  await addToCartByApi(page.request, baseURL!, items[0]!.id, 2);
  for (const path of ['/products', `/products/${items[0]!.id}`, '/cart', '/checkout']) {
    await page.goto(path);
    await expect(page.getByRole('main')).toContainText('≈ AED');
    await expectFitsPhone(page, `${path} in AED`);
  }
});
