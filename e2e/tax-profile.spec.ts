/**
 * Issue 25, items 1 and 6: the seller sets its tax profile in the dashboard. Each mistake is told
 * under its field (a lower-case GSTIN, a wrong check character, a GSTIN of another PAN or state),
 * each save is a version kept, and a seller not registered for GST is told it sells in its state only;
 * the admins see the GSTIN, and checkout refuses to ship an unregistered seller's product out of its state.
 */
import { expect, test } from '@playwright/test';
import { addToCartByApi, expectAccessible, fillAddress, listProduct, signInByApi, signUpByApi } from './shop.ts';
import { sellerWithTaxProfile } from './tax.ts';

test('a seller sets its tax profile, corrects each mistake it is told of, and changes it later', async ({
  page,
  baseURL,
}, testInfo) => {
  await signUpByApi(page.request, baseURL!, 'seller', 'Mysore Silk House');
  await page.goto('/dashboard/seller');
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Tax profile' }).click();
  const section = page.getByRole('region', { name: 'Tax Profile' });
  await expect(section.getByRole('heading', { name: 'Tax Profile' })).toBeInViewport();
  await expect(section).toContainText('Set your tax profile');
  await section.getByRole('button', { name: 'Set Tax Profile' }).click();

  // Nothing filled in: each field says what it needs.
  await section.getByRole('button', { name: 'Save Tax Profile' }).click();
  await expect(section).toContainText('Say whether you are registered for GST');
  await expect(section).toContainText('Legal name is required');
  await expect(section).toContainText('Choose the state of your place of business');

  await section.getByLabel('Yes, I have a GSTIN', { exact: true }).check();
  await section.getByLabel('Legal name (as on your PAN)', { exact: true }).fill('Mysore Silk House Private Limited');
  await section.getByLabel('Trade name (optional)', { exact: true }).fill('Mysore Silk House');
  await section.getByLabel('PAN', { exact: true }).fill('ABCDE1234F');
  await section.getByLabel('Address', { exact: true }).fill('12 Chickpet Main Road');
  await section.getByLabel('City', { exact: true }).fill('Bengaluru');
  await section.getByLabel('State', { exact: true }).selectOption({ label: 'Karnataka (29)' });
  await section.getByLabel('PIN Code', { exact: true }).fill('560053');

  const gstin = section.getByLabel('GSTIN', { exact: true });
  const gstinIs = async (value: string, message: string) => {
    await gstin.fill(value);
    await section.getByRole('button', { name: 'Save Tax Profile' }).click();
    await expect(gstin).toHaveAttribute('aria-invalid', 'true');
    await expect(gstin).toHaveAccessibleDescription(message);
    await expect(gstin).toBeFocused();
  };
  await gstinIs('29abcde1234f1zw', 'Write the GSTIN in capital letters');
  await gstinIs('29ABCDE1234F1ZX', "The GSTIN's last character does not match: check for a typing mistake");
  await gstinIs('29ABCDE1234F1Z', 'A GSTIN has 15 characters; this one has 14');
  await gstinIs(
    '27ABCDE1234F1Z0',
    'This GSTIN is registered in Maharashtra, but your place of business is in Karnataka: give the GSTIN of that state',
  );
  await section.getByLabel('PAN', { exact: true }).fill('ABCDE9999F');
  await gstinIs('29ABCDE1234F1ZW', 'This GSTIN holds the PAN ABCDE1234F, not the PAN you gave: check both');
  await expectAccessible(page, testInfo, 'tax-profile-form-errors');

  await section.getByLabel('PAN', { exact: true }).fill('ABCDE1234F');
  await section.getByRole('button', { name: 'Save Tax Profile' }).click();
  await expect(page.getByText('Tax profile saved')).toBeVisible();
  await expect(section).toContainText('Mysore Silk House Private Limited, trading as Mysore Silk House');
  await expect(section).toContainText('GSTIN 29ABCDE1234F1ZW · PAN ABCDE1234F');
  await expect(section).toContainText('12 Chickpet Main Road, Bengaluru, Karnataka (29) 560053');

  // Later: not registered after all, with an enrolment number; the first version stays listed.
  await section.getByRole('button', { name: 'Edit Tax Profile' }).click();
  await expect(section.getByLabel('Yes, I have a GSTIN', { exact: true })).toBeChecked();
  await section
    .getByLabel('No, I have an enrolment number for selling through e-commerce operators', { exact: true })
    .check();
  await expect(section).toContainText('you can sell only to buyers in the state of your place of business');
  await section.getByLabel('Enrolment number', { exact: true }).fill('EN2912345678901');
  await section.getByRole('button', { name: 'Save Tax Profile' }).click();
  await expect(section).toContainText('Not registered for GST · Enrolment number EN2912345678901 · PAN ABCDE1234F');
  await expect(section).toContainText('You can sell only to buyers in Karnataka.');
  await section.getByText('Earlier versions (1)').click();
  await expect(section.getByRole('listitem').filter({ hasText: 'Version 1' })).toContainText('GSTIN 29ABCDE1234F1ZW');
  await expectAccessible(page, testInfo, 'tax-profile-versions');

  // It stays after a reload, read back from the server.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Tax Profile' })).toContainText('Enrolment number EN2912345678901');
});

test("the admins see each seller's GSTIN and state on the sellers' list", async ({ page, baseURL }) => {
  await signInByApi(page.request, baseURL!, 'admin@mibi.demo', 'admin1234');
  await page.goto('/dashboard/admin?tab=sellers&status=verified');
  const seller = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Varanasi Weaves' }) });
  await expect(seller).toContainText('Varanasi Weaves LLP · GSTIN 09AAJFV4127M1ZN (Uttar Pradesh)');
});

test("checkout refuses an unregistered seller's product shipped out of its state, and says why", async ({
  page,
  browser,
  baseURL,
}) => {
  const seller = await browser.newContext({ baseURL });
  await sellerWithTaxProfile(seller.request, baseURL!, 'Channapatna Toys', {
    registered: false,
    legalName: 'Ravi Kumar',
    pan: 'ABCPK1234F',
    enrolmentNumber: 'EN2912345678901',
    address: '4 Toy Street',
    city: 'Channapatna',
    stateCode: '29',
    pincode: '562160',
  });
  const name = `Lacquered Wooden Horse ${Date.now()}`;
  const productId = await listProduct(seller.request, baseURL!, { name });
  await seller.close();

  await signUpByApi(page.request, baseURL!, 'buyer');
  await addToCartByApi(page.request, baseURL!, productId);
  await page.goto('/checkout');
  // The buyer's address is in Kerala.
  await fillAddress(page);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Failed to place order. Please try again.')).toBeVisible();
  await expect(
    page.getByText(
      `${name} cannot be shipped to Kerala: its seller is not registered for GST, so it may sell only within Karnataka`,
    ),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/checkout$/);
});
