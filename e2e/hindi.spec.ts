/**
 * Issue 30, the marketplace in Hindi: a visitor whose browser prefers Hindi gets the shop in
 * Hindi (home, list, a product, cart, checkout), at /hi addresses; switching to English keeps the
 * cart; the order is placed in Hindi and its confirmation mail is written in Hindi.
 */
import { expect, test } from '@playwright/test';
import { mailsTo } from './accounts.ts';
import { DEVANAGARI, hindi } from './catalogs.ts';
import { productNamed, signUpByApi } from './shop.ts';
import { KOCHI_ADDRESS } from '../domain/order/addresses.fixtures.ts';

test.use({ locale: 'hi-IN' });

const ADDRESS = {
  'First Name': KOCHI_ADDRESS.firstName,
  'Last Name': KOCHI_ADDRESS.lastName,
  'Phone Number': KOCHI_ADDRESS.phone,
  Address: KOCHI_ADDRESS.address,
  City: KOCHI_ADDRESS.city,
  State: KOCHI_ADDRESS.state,
  'PIN Code': KOCHI_ADDRESS.pincode,
};

test('a visitor preferring Hindi shops and orders in Hindi, and is mailed in Hindi', async ({ page, baseURL }) => {
  const product = await productNamed(page.request, 'Banarasi Silk Saree');

  // Home, in Hindi from the browser's preference, at a Hindi address.
  await page.goto('/');
  await expect(page).toHaveURL(/\/hi$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
  await expect(page.getByRole('link', { name: hindi('Sign Up') })).toBeVisible();

  // The list and a product.
  await page
    .getByRole('navigation', { name: hindi('Main') })
    .getByRole('link', { name: hindi('Products') })
    .click();
  await expect(page).toHaveURL(/\/hi\/products$/);
  await page.getByRole('link', { name: product.name }).first().click();
  await expect(page).toHaveURL(new RegExp(`/hi/products/${product.id}$`));

  // Signed up (as the API does it); the account takes the language on screen.
  const account = await signUpByApi(page.request, baseURL!, 'buyer');
  await page.reload();
  await page.getByRole('button', { name: hindi('Add to Cart') }).click();

  // The cart, in Hindi; in English the same cart, at the plain address; back to Hindi.
  await page.goto('/hi/cart');
  await expect(page.getByRole('link', { name: hindi('Proceed to Checkout') })).toBeVisible();
  await page.getByRole('combobox', { name: hindi('Language') }).selectOption('en');
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toBeVisible();
  await expect(page.getByRole('main').getByText(product.name)).toBeVisible();
  await page.getByRole('combobox', { name: 'Language' }).selectOption('hi');
  await expect(page).toHaveURL(/\/hi\/cart$/);

  // Checkout in Hindi, then the order.
  await page.getByRole('link', { name: hindi('Proceed to Checkout') }).click();
  await expect(page).toHaveURL(/\/hi\/checkout$/);
  for (const [label, value] of Object.entries(ADDRESS))
    await page.getByLabel(hindi(label), { exact: true }).fill(value);
  await page.getByRole('button', { name: hindi('Place Order') }).click();
  await expect(page.getByText(hindi('Order Placed Successfully!'))).toBeVisible();

  // The confirmation mail, in Hindi.
  await expect.poll(() => mailsTo(account.email).filter((mail) => DEVANAGARI.test(mail.subject)).length).toBe(1);
  const mail = mailsTo(account.email).find((sent) => DEVANAGARI.test(sent.subject))!;
  expect(mail.subject).toContain('MIBI');
  expect(mail.text).toMatch(DEVANAGARI);
  expect(mail.text).toContain(product.name);
});
