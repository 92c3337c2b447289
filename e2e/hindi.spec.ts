/**
 * Issue 30, the marketplace in Hindi: a visitor whose browser prefers Hindi gets the shop in
 * Hindi (home, list, a product, cart, checkout), at /hi addresses; switching to English keeps the
 * cart; signed up on the Hindi form, the account keeps Hindi and its link comes in Hindi; the
 * order is placed in Hindi and its confirmation mail is written in Hindi.
 */
import { expect, test } from '@playwright/test';
import { mailsTo, verifyEmailByApi } from './accounts.ts';
import { DEVANAGARI, hindi } from './catalogs.ts';
import { newAccount } from './helpers.ts';
import { productNamed } from './shop.ts';
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

  // Signed up on the Hindi form: the account takes the language on screen, and the link comes in it.
  const productPage = page.url();
  const account = newAccount();
  await page.goto('/hi/auth?tab=signup');
  await page.getByLabel(hindi('Full Name')).fill(account.fullName);
  await page.getByLabel(hindi('Email')).fill(account.email);
  await page.getByLabel(hindi('Password'), { exact: true }).fill(account.password);
  await page.getByLabel(hindi('Confirm Password')).fill(account.password);
  await page.getByRole('button', { name: hindi('Create Account') }).click();
  await expect(page.getByText(hindi('Account created successfully!'))).toBeVisible();
  await verifyEmailByApi(page.request, baseURL!, account.email);
  await page.goto(productPage);
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

  // Every mail in Hindi: the sign-up's link (signed up from a Hindi browser) and the order's confirmation.
  const verify = 'अपना MIBI ईमेल पता सत्यापित करें';
  expect(mailsTo(account.email).map((sent) => sent.subject)).toContain(verify);
  const confirmation = (sent: { subject: string }) => DEVANAGARI.test(sent.subject) && sent.subject !== verify;
  await expect.poll(() => mailsTo(account.email).filter(confirmation).length).toBe(1);
  const mail = mailsTo(account.email).find(confirmation)!;
  expect(mail.subject).toContain('MIBI');
  expect(mail.text).toMatch(DEVANAGARI);
  expect(mail.text).toContain(product.name);
});
