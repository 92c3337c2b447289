import { expect, test } from '@playwright/test';
import { newAccount, signUp } from './helpers.ts';
import { expectAccessible, signInByApi } from './shop.ts';

const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };

test('an admin changes a category’s HSN code with its source; a seller’s product form then fills it in', async ({
  browser,
  baseURL,
}, testInfo) => {
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInByApi(admin.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await admin.goto('/dashboard/admin?tab=tax');
  await expect(admin.getByRole('tab', { name: 'Tax rates' })).toHaveAttribute('aria-selected', 'true');
  const gst = admin.getByRole('region', { name: 'GST rates', exact: true });
  await expect(gst.getByText('In force today: 3%, 5%, 18%, 40%')).toBeVisible();
  await expect(gst.getByText(/Notification 9\/2025-Central Tax \(Rate\).*initial policy/)).toBeVisible();
  await expect(admin.getByRole('region', { name: 'TCS collected from sellers' })).toContainText('In force today: 0.5%');
  await expectAccessible(admin, testInfo, 'admin-tax');

  const ayurveda = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: 'Ayurveda' }) });
  await ayurveda.getByRole('button', { name: 'Change the tax defaults of Ayurveda' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Change the tax defaults of Ayurveda?' });
  await dialog.getByLabel('HSN Code').fill('300');
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(dialog.getByText('HSN code must be 4, 6 or 8 digits, not starting with 00')).toBeVisible();
  await expect(dialog.getByText('A source is required (the notification or circular)')).toBeVisible();
  await dialog.getByLabel('HSN Code').fill('30049011');
  await dialog.getByLabel('GST Rate').selectOption({ label: '5%' });
  await dialog
    .getByLabel('Source (notification or circular)')
    .fill('Notification 9/2025-Central Tax (Rate), tariff item 3004 90 11');
  await dialog.getByRole('button', { name: 'Save change' }).click();
  await expect(admin.getByText('Tax rates changed')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(ayurveda.getByRole('paragraph')).toHaveText('HSN 30049011 · GST 5%');
  await ayurveda.getByText('History (2)').click();
  await expect(ayurveda.getByText(/tariff item 3004 90 11; set by an admin on/)).toBeVisible();

  // MIBI's own services; a change for a later day leaves today's rate (the one server's other tests) alone.
  const services = admin.getByRole('region', { name: 'GST on MIBI’s own services' });
  const delivery = services
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: 'Delivery to buyers' }) });
  await expect(services.getByRole('listitem').first().getByRole('paragraph')).toHaveText('SAC 996211 · GST 18%');
  await expect(delivery.getByRole('paragraph')).toHaveText('SAC 996812 · GST 18%');
  await delivery.getByRole('button', { name: 'Change the GST on delivery to buyers' }).click();
  const change = admin.getByRole('dialog', { name: 'Change the GST on delivery to buyers?' });
  await change.getByLabel('SAC Code').fill('9968');
  await change.getByLabel('GST rate (%)').fill('5');
  await change.getByLabel('Effective from').fill('2099-04-01');
  await change.getByLabel('Source (notification or circular)').fill('Notification 1/2099-Central Tax (Rate)');
  await change.getByRole('button', { name: 'Save change' }).click();
  await expect(change.getByText('SAC code must be 6 digits starting with 99')).toBeVisible();
  await change.getByLabel('SAC Code').fill('996813');
  await change.getByRole('button', { name: 'Save change' }).click();
  await expect(change).toBeHidden();
  await expect(delivery.getByRole('paragraph')).toHaveText('SAC 996812 · GST 18%');
  await delivery.getByText('History (2)').click();
  await expect(
    delivery.getByText(/SAC 996813 · GST 5% \(Notification 1\/2099-Central Tax \(Rate\); set by an admin on/),
  ).toBeVisible();
  await adminContext.close();

  const sellerContext = await browser.newContext({ baseURL });
  const seller = await sellerContext.newPage();
  await signUp(seller, newAccount('Kottakkal Herbals'), 'Sell Products');
  await seller.goto('/dashboard/seller');
  await seller.getByRole('button', { name: 'Add Your First Product' }).click();
  await expect(seller.getByRole('heading', { name: 'Add New Product' })).toBeVisible();
  await seller.getByLabel('Product Name').fill('Kumkumadi Tailam');
  await seller.getByLabel('Description').fill('Ayurvedic face oil with saffron, made in Kerala.');
  await seller.getByLabel('Price (₹)').fill('899');
  await seller.getByLabel('Stock Quantity').fill('8');
  await seller.getByLabel('Category').selectOption({ label: 'Jewelry' });
  await expect(seller.getByLabel('HSN Code')).toHaveValue('7113');
  await expect(seller.getByLabel('GST Rate (included in the price)')).toHaveValue('300');
  await seller.getByLabel('Category').selectOption({ label: 'Ayurveda' });
  await expect(seller.getByLabel('HSN Code')).toHaveValue('30049011');
  await expect(seller.getByLabel('GST Rate (included in the price)')).toHaveValue('500');
  await seller.getByLabel('HSN Code').fill('0030');
  await seller.getByRole('button', { name: 'Add Product' }).click();
  await expect(seller.getByText('HSN code must be 4, 6 or 8 digits, not starting with 00')).toBeVisible();
  await seller.getByLabel('HSN Code').fill('3004');
  await seller.getByLabel('GST Rate (included in the price)').selectOption({ label: '18%' });
  await seller.getByRole('button', { name: 'Add Product' }).click();
  await expect(seller.getByText('Product added successfully!')).toBeVisible();

  const mine = await (await seller.request.get('/api/seller/products')).json();
  const listed = mine.items.find((item: { name: string }) => item.name === 'Kumkumadi Tailam');
  expect(listed.tax).toEqual({ hsn: '3004', gstRateBps: 1800 });
  // Buyers see the rate the price includes.
  await seller.goto(`/products/${listed.id}`);
  await expect(seller.getByText('Inclusive of 18% GST · HSN 3004')).toBeVisible();
  await sellerContext.close();
});
