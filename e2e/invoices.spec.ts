/**
 * Issue 25, items 3 and 6: a registered seller in Karnataka ships to a buyer in Kerala; the buyer
 * downloads the tax invoice from its order, whose text (read with a PDF library) shows the
 * seller's GSTIN, the place of supply and the IGST, and beside it MIBI's invoice of the delivery
 * charge (handed over to the courier in Karnataka, MIBI's state: CGST + SGST); the seller lists
 * its invoice in the dashboard and the admins find both by their numbers.
 */
import { expect, test } from '@playwright/test';
import { boughtByNewBuyer, listProduct, postByApi, signInByApi } from './shop.ts';
import { downloadedPdf, sellerWithTaxProfile } from './tax.ts';

test('the buyer downloads the PDF invoices of a shipped order, the seller’s and MIBI’s for delivery; the seller lists its own, the admins find it by number', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const seller = await browser.newContext({ baseURL });
  await sellerWithTaxProfile(seller.request, baseURL!, 'Kaveri Silk Guild', {
    registered: true,
    legalName: 'Kaveri Silk Guild Private Limited',
    tradeName: 'Kaveri Silk Guild',
    gstin: '29ABCDE1234F1ZW',
    pan: 'ABCDE1234F',
    address: '12 Chickpet Main Road',
    city: 'Bengaluru',
    stateCode: '29',
    pincode: '560053',
  });
  const name = `Mysore Silk Stole ${Date.now()}`;
  const productId = await listProduct(seller.request, baseURL!, { name, pricePaise: 1050_00, categoryId: 'textiles' });

  const order = await boughtByNewBuyer(page.request, baseURL!, productId);
  const part = order.sellerOrders[0]!;
  for (const status of ['processing', 'shipped'])
    await postByApi(seller.request, baseURL!, `/api/seller-orders/${part.id}/status`, { status });
  // The invoice is issued by the workers just after the shipment.
  await expect
    .poll(async () => (await (await page.request.get(`/api/invoices?sellerOrderId=${part.id}`)).json()).items.length)
    .toBe(1);

  await page.goto('/dashboard/buyer');
  const section = page.getByRole('region', { name: /Sold by Kaveri Silk Guild/ });
  const invoice = await downloadedPdf(page, section.getByRole('link', { name: 'Download invoice' }));
  expect(invoice.name).toMatch(/^KSG-\d{4}-\d{2}-0001\.pdf$/);
  const { text } = invoice;
  expect(text).toContain('Tax Invoice');
  expect(text).toContain('GSTIN: 29ABCDE1234F1ZW');
  expect(text).toContain('Place of supply: Kerala (32)');
  expect(text).toContain('Tax: IGST 50.00');
  expect(text).toContain(name);
  const number = /Invoice number: (KSG\/\d{4}-\d{2}\/0001)/.exec(text)![1]!;

  // MIBI's own invoice of the ₹50 delivery charge, on the order beside the seller's.
  const card = page.getByRole('article').filter({ has: section });
  const delivery = await downloadedPdf(page, card.getByRole('link', { name: 'Download delivery invoice' }));
  expect(delivery.name).toMatch(/^DLV-\d{4}-\d{2}-\d{4}\.pdf$/);
  const deliveryText = delivery.text;
  expect(deliveryText).toContain('Tax Invoice');
  expect(deliveryText).toContain('GSTIN: 29AAACM1234A1Z4');
  expect(deliveryText).toContain('Delivery of order: Standard Delivery');
  expect(deliveryText).toContain('996812');
  expect(deliveryText).toContain('Place of supply: Karnataka (29)');
  expect(deliveryText).toContain('Tax: CGST 3.82 + SGST 3.81');
  const deliveryNumber = /Invoice number: (DLV\/\d{4}-\d{2}\/\d{4})/.exec(deliveryText)![1]!;

  const sellerPage = await seller.newPage();
  await sellerPage.goto('/dashboard/seller');
  const invoices = sellerPage.getByRole('region', { name: 'Invoices and Credit Notes' });
  const row = invoices.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Tax invoice');
  await expect(row).toContainText('IGST');
  await expect(row.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', /\/api\/invoices\/.+\/pdf$/);
  await seller.close();

  const admin = await browser.newContext({ baseURL });
  await signInByApi(admin.request, baseURL!, 'admin@mibi.demo', 'admin1234');
  const adminPage = await admin.newPage();
  await adminPage.goto('/dashboard/admin?tab=invoices');
  await adminPage.getByRole('searchbox', { name: 'Invoice or credit note number' }).fill(number);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  // Each seller numbers its own series: the admins see whose each one is.
  const found = adminPage.getByRole('row').filter({ hasText: number }).filter({ hasText: 'Kaveri Silk Guild' });
  await expect(found).toContainText('Kerala');
  // MIBI's delivery invoice is found by its number too.
  await adminPage.getByRole('searchbox', { name: 'Invoice or credit note number' }).fill(deliveryNumber);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  const mibi = adminPage.getByRole('row').filter({ hasText: deliveryNumber });
  await expect(mibi).toContainText('Delivery invoice');
  await expect(mibi).toContainText('Karnataka');
  await expect(mibi.getByRole('link', { name: 'PDF' })).toHaveAttribute('href', /\/api\/delivery-invoices\/.+\/pdf$/);
  await admin.close();
});
