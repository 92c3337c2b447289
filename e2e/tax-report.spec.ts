/**
 * Issue 25, items 5 and 6: a registered seller in Karnataka ships to a buyer in Kerala; the seller
 * downloads the month's tax report from the dashboard (the saree's supply by HSN code and rate with
 * its IGST, and the 0.5% TCS credited), and an admin downloads the month's GSTR-8 with the seller's line.
 */
import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { indianDate } from '../domain/tax/rates.ts';
import { boughtByNewBuyer, listProduct, postByApi, signInByApi } from './shop.ts';
import { sellerWithTaxProfile } from './tax.ts';

const GSTIN = '29ABCDE1234F1ZW';

async function downloaded(page: Page, link: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: link }).click()]);
  return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
}

test('the seller downloads the monthly tax report and an admin the GSTR-8', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  const month = indianDate(new Date().toISOString()).slice(0, 7);
  const seller = await browser.newContext({ baseURL });
  await sellerWithTaxProfile(seller.request, baseURL!, 'Kaveri Weaves', {
    registered: true,
    legalName: 'Kaveri Weaves Private Limited',
    tradeName: 'Kaveri Weaves',
    gstin: GSTIN,
    pan: 'ABCDE1234F',
    address: '12 Chickpet Main Road',
    city: 'Bengaluru',
    stateCode: '29',
    pincode: '560053',
  });
  const productId = await listProduct(seller.request, baseURL!, {
    name: `Ilkal saree ${Date.now()}`,
    pricePaise: 1050_00,
    categoryId: 'textiles',
  });

  const part = (await boughtByNewBuyer(page.request, baseURL!, productId)).sellerOrders[0]!;
  for (const status of ['processing', 'shipped'])
    await postByApi(seller.request, baseURL!, `/api/seller-orders/${part.id}/status`, { status });
  // The invoice, then its TCS, come from the workers and the ledger just after the shipment.
  await expect
    .poll(async () => (await (await seller.request.get('/api/seller/ledger')).json()).balance.tcsPaise)
    .toBe(5_00);

  const sellerPage = await seller.newPage();
  await sellerPage.goto('/dashboard/seller');
  const report = sellerPage.getByRole('region', { name: 'Monthly tax report' });
  await expect(report.getByLabel('Month')).toHaveValue(month);
  const own = await downloaded(sellerPage, 'Download tax report (CSV)');
  expect(own.name).toBe(`mibi-tax-report-${month}.csv`);
  // To Kerala: ₹1,000 taxable, ₹50 IGST; TCS 0.5% IGST.
  expect(own.text.split('\r\n')).toEqual([
    'hsn,gst rate,taxable value,igst,cgst,sgst',
    '5208,5%,1000.00,50.00,0.00,0.00',
    'total supplies,,1000.00,50.00,0.00,0.00',
    'tcs credited,,1000.00,5.00,0.00,0.00',
    '',
  ]);
  await seller.close();

  const admin = await browser.newContext({ baseURL });
  await signInByApi(admin.request, baseURL!, 'admin@mibi.demo', 'admin1234');
  const adminPage = await admin.newPage();
  await adminPage.goto('/dashboard/admin?tab=invoices');
  await expect(adminPage.getByRole('region', { name: 'GSTR-8' }).getByLabel('Month')).toHaveValue(month);
  const gstr8 = await downloaded(adminPage, 'Download GSTR-8 (CSV)');
  expect(gstr8.name).toBe(`mibi-gstr8-${month}.csv`);
  const [header, ...lines] = gstr8.text.split('\r\n');
  expect(header).toBe(
    'gstin of supplier,legal name,gross value of supplies,value of supplies returned,net amount liable for tcs,igst,cgst,sgst',
  );
  // Other sellers of the run may share the test GSTIN: its line holds at least this supply.
  expect(lines.find((line) => line.startsWith(`${GSTIN},`))).toMatch(/^29ABCDE1234F1ZW,[^,]+,\d+\.\d\d,/);
  await admin.close();
});
