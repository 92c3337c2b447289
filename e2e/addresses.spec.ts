/** Issue 23: saved addresses, kept on the account page and picked at checkout. */
import { type Page, expect, test } from '@playwright/test';
import { KOCHI_ADDRESS, PUNE_ADDRESS } from '../domain/order/addresses.fixtures.ts';
import { addToCartByApi, expectAccessible, fillAddress, productNamed, signUpByApi } from './shop.ts';

const cityOfLastOrder = async (page: Page): Promise<string> => {
  const orders = (await (await page.request.get('/api/orders')).json()) as Array<{ shippingAddress: { city: string } }>;
  return orders[0]!.shippingAddress.city;
};

test('an address typed at checkout is saved; the account page adds, edits and picks the default; checkout offers them', async ({
  page,
  baseURL,
}, testInfo) => {
  await signUpByApi(page.request, baseURL!, 'buyer', 'Kavya Menon');
  const comb = await productNamed(page.request, 'Neem Wood Comb');

  // First order: no address saved yet, so the form; it is saved for next time unless unticked.
  await addToCartByApi(page.request, baseURL!, comb.id);
  await page.goto('/checkout');
  await fillAddress(page, KOCHI_ADDRESS);
  await expect(page.getByRole('checkbox', { name: 'Save this address for next time' })).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order Placed Successfully!')).toBeVisible();

  // The account page: the Kochi address is the default; add Pune as the new default, then edit it.
  await page.goto('/account');
  const section = page.getByRole('region', { name: 'Saved addresses' });
  const rows = section.getByRole('list', { name: 'Saved addresses' }).getByRole('listitem');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Kavya Menon');
  await expect(rows.first()).toContainText('Default');
  await section.getByRole('button', { name: 'Add an address' }).click();
  const form = section.getByRole('form', { name: 'New address' });
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByText('First name is required')).toBeVisible();
  await fillAddress(form, { ...PUNE_ADDRESS, pincode: '12345' });
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByText('Enter a valid 6-digit PIN code')).toBeVisible();
  await form.getByLabel('PIN Code', { exact: true }).fill(PUNE_ADDRESS.pincode);
  await form.getByRole('checkbox', { name: 'Make this my default address' }).check();
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Asha Rao');
  await expect(rows.first()).toContainText('Default');

  await rows.first().getByRole('button', { name: /^Edit/ }).click();
  const edit = section.getByRole('form', { name: 'Edit address' });
  await expect(edit.getByLabel('City', { exact: true })).toHaveValue('Pune');
  await edit.getByLabel('City', { exact: true }).fill('Pimpri');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(rows.first()).toContainText('Pimpri');
  await expectAccessible(page, testInfo, 'account-addresses');

  // Checkout picks the default; the buyer may pick another saved one without typing.
  await addToCartByApi(page.request, baseURL!, comb.id);
  await page.goto('/checkout');
  await expect(page.getByRole('radio', { name: /Asha Rao/ })).toBeChecked();
  await expect(page.getByLabel('City', { exact: true })).toHaveCount(0);
  await expectAccessible(page, testInfo, 'checkout-saved-addresses');
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order Placed Successfully!')).toBeVisible();
  await expect.poll(() => cityOfLastOrder(page)).toBe('Pimpri');

  await addToCartByApi(page.request, baseURL!, comb.id);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: /Kavya Menon/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order Placed Successfully!')).toBeVisible();
  await expect.poll(() => cityOfLastOrder(page)).toBe('Kochi');

  // A new address typed in, not kept when unticked; removing the default moves it to the other.
  await addToCartByApi(page.request, baseURL!, comb.id);
  await page.goto('/checkout');
  await page.getByRole('radio', { name: 'Use a new address' }).check();
  await fillAddress(page, { ...PUNE_ADDRESS, city: 'Nashik' });
  await page.getByRole('checkbox', { name: 'Save this address for next time' }).uncheck();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Order Placed Successfully!')).toBeVisible();
  await page.goto('/account');
  await expect(rows).toHaveCount(2);
  await rows
    .first()
    .getByRole('button', { name: /^Remove/ })
    .click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Kochi');
  await expect(rows.first()).toContainText('Default');
});
