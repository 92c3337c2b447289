/**
 * Issue 27, delivery promises: the product page tells when a product arrives at the PIN code the
 * buyer types (and remembers it); checkout tells each delivery option's window, a line per seller
 * when two sellers ship the cart; a PIN code India Post does not list is refused under its field.
 * The windows shown are the API's (the clock is the server's, so the test reads them from it).
 */
import { type APIRequestContext, expect, test } from '@playwright/test';
import { KOCHI_ADDRESS } from '../domain/order/addresses.fixtures.ts';
import { REGISTERED_FORM } from '../domain/seller/tax-profile.fixtures.ts';
import { addToCartByApi, expectAccessible, fillAddress, listProduct, signInByApi, signUpByApi } from './shop.ts';
import { sellerWithTaxProfile } from './tax.ts';

interface Estimates {
  parcels: Array<{ sellerName: string; options: Array<{ delivery: string; from: string; to: string }> }>;
}

const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayOnly = new Intl.DateTimeFormat('en-IN', { day: 'numeric', timeZone: 'UTC' });
/** "Arrives 3-5 Dec", as the SPA writes a window. */
function arrives(from: string, to: string): string {
  const at = (day: string) => new Date(`${day}T00:00:00Z`);
  if (from === to) return `Arrives ${dayMonth.format(at(from))}`;
  const first = from.slice(0, 7) === to.slice(0, 7) ? dayOnly : dayMonth;
  return `Arrives ${first.format(at(from))}-${dayMonth.format(at(to))}`;
}

const windowOf = (estimates: Estimates, parcel: number, delivery: string) => {
  const option = estimates.parcels[parcel]!.options.find((o) => o.delivery === delivery)!;
  return arrives(option.from, option.to);
};

async function estimatesOf(request: APIRequestContext, path: string): Promise<Estimates> {
  const response = await request.get(path);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Estimates;
}

test('the product page’s window follows the PIN typed; checkout shows each option’s window per seller', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  const seller = await browser.newContext({ baseURL });
  await sellerWithTaxProfile(seller.request, baseURL!, `Meera Weaves ${stamp}`, REGISTERED_FORM);
  const saree = await listProduct(seller.request, baseURL!, { name: `Ilkal saree ${stamp}`, categoryId: 'textiles' });
  const other = await browser.newContext({ baseURL });
  await signUpByApi(other.request, baseURL!, 'seller', `Kutch Crafts ${stamp}`);
  const bell = await listProduct(other.request, baseURL!, { name: `Copper bell ${stamp}` });

  await signUpByApi(page.request, baseURL!, 'buyer');
  await page.goto(`/products/${saree}`);
  const delivery = page.getByRole('region', { name: 'Delivery', exact: true });
  const pin = delivery.getByLabel('Deliver to PIN code');

  await pin.fill('411001');
  const toPune = await estimatesOf(page.request, `/api/delivery-estimates/products/${saree}?pincode=411001`);
  await expect(delivery).toContainText('To Pune, Maharashtra');
  await expect(delivery.getByRole('listitem').first()).toHaveText(
    `Standard Delivery: ${windowOf(toPune, 0, 'standard')}`,
  );

  // Guwahati is in the north-east: later than Pune.
  await pin.fill('781001');
  const toGuwahati = await estimatesOf(page.request, `/api/delivery-estimates/products/${saree}?pincode=781001`);
  expect(windowOf(toGuwahati, 0, 'standard')).not.toBe(windowOf(toPune, 0, 'standard'));
  await expect(delivery).toContainText('To Kamrup, Assam');
  await expect(delivery.getByRole('listitem').first()).toHaveText(
    `Standard Delivery: ${windowOf(toGuwahati, 0, 'standard')}`,
  );

  await pin.fill('999999');
  await expect(delivery).toContainText('This PIN code does not exist: check it');
  await expect(delivery.getByRole('listitem')).toHaveCount(0);

  // The last PIN answered is remembered for the next product.
  await page.goto(`/products/${bell}`);
  await expect(
    page.getByRole('region', { name: 'Delivery', exact: true }).getByLabel('Deliver to PIN code'),
  ).toHaveValue('781001');

  for (const productId of [saree, bell]) await addToCartByApi(page.request, baseURL!, productId);
  await page.goto('/checkout');
  await fillAddress(page, { ...KOCHI_ADDRESS, pincode: '999999' });
  await page.getByRole('button', { name: 'Place Order' }).click();
  // Under the field, as the server refused it.
  await expect(page.getByLabel('PIN Code', { exact: true })).toHaveAccessibleDescription(
    'This PIN code does not exist: check it',
  );

  await page.getByLabel('PIN Code', { exact: true }).fill(KOCHI_ADDRESS.pincode);
  const toKochi = await estimatesOf(page.request, `/api/delivery-estimates/cart?pincode=${KOCHI_ADDRESS.pincode}`);
  const names = toKochi.parcels.map((parcel) => parcel.sellerName);
  for (const [option, label] of [
    ['standard', 'Standard Delivery'],
    ['express', 'Express Delivery'],
    ['overnight', 'Overnight Delivery'],
  ] as const) {
    const card = page.getByRole('radio', { name: new RegExp(`^${label}`) });
    for (const n of [0, 1])
      await expect(card).toHaveAccessibleName(new RegExp(`${names[n]}: ${windowOf(toKochi, n, option)}`));
  }
});

test('an admin changes a zone’s transit days from a later day, with its reason; today’s stay in force', async ({
  browser,
  baseURL,
}, testInfo) => {
  const context = await browser.newContext({ baseURL });
  const admin = await context.newPage();
  await signInByApi(admin.request, baseURL!, 'admin@mibi.demo', 'admin1234');
  await admin.goto('/dashboard/admin?tab=delivery');
  await expect(admin.getByRole('tab', { name: 'Delivery zones' })).toHaveAttribute('aria-selected', 'true');
  const rest = admin.getByRole('row').filter({ has: admin.getByRole('rowheader', { name: /^Rest of India/ }) });
  await expect(rest.getByRole('cell')).toHaveText(['5-7 days', '3-4 days', '2-3 days', 'Change']);
  await expectAccessible(admin, testInfo, 'admin-delivery-zones');

  await rest.getByRole('button', { name: 'Change Rest of India' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Change Rest of India?' });
  await dialog.getByLabel('Standard Delivery: earliest').fill('8');
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(
    dialog.getByText('Days must be whole numbers from 1 to 30, the earliest no later than the latest'),
  ).toBeVisible();
  await expect(dialog.getByText('A source or reason is required')).toBeVisible();
  await dialog.getByLabel('Standard Delivery: latest').fill('9');
  await dialog.getByLabel('Effective from').fill('2099-01-01');
  await dialog.getByLabel('Source or reason').fill('Courier rate card of 2099');
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(admin.getByText('Transit days changed')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(rest.getByRole('cell').first()).toHaveText('5-7 days');
  await rest.getByText('History (2)').click();
  await expect(
    rest.getByText(/From 1 Jan 2099: 8-9 \/ 3-4 \/ 2-3 days \(Courier rate card of 2099; set on/),
  ).toBeVisible();
});
