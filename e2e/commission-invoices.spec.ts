/**
 * Issue 25, MIBI's own invoices: a registered seller in Maharashtra delivers an order; MIBI's
 * invoice of its commission (MIBI in Karnataka: IGST) is listed in the seller's dashboard under
 * "MIBI's invoices to you", and the PDF the seller downloads (its text read with a PDF library)
 * shows MIBI's GSTIN, the seller's, the SAC and the tax; the admins find it by its number.
 */
import { expect, test } from '@playwright/test';
import { boughtByNewBuyer, listProduct, postByApi, signInByApi } from './shop.ts';
import { downloadedPdf, sellerWithTaxProfile } from './tax.ts';

test('the seller downloads MIBI’s commission invoice of a delivered order; the admins find it by number', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const seller = await browser.newContext({ baseURL });
  await sellerWithTaxProfile(seller.request, baseURL!, 'Pune Brass Works', {
    registered: true,
    legalName: 'Pune Brass Works LLP',
    tradeName: 'Pune Brass Works',
    gstin: '27AAACM1234A1Z8',
    pan: 'AAACM1234A',
    address: '4 Tulshibaug Road',
    city: 'Pune',
    stateCode: '27',
    pincode: '411002',
  });
  const name = `Brass diya ${Date.now()}`;
  const productId = await listProduct(seller.request, baseURL!, {
    name,
    pricePaise: 800_00,
    categoryId: 'handicrafts',
  });

  const part = (await boughtByNewBuyer(page.request, baseURL!, productId)).sellerOrders[0]!;
  for (const status of ['processing', 'shipped', 'delivered'])
    await postByApi(seller.request, baseURL!, `/api/seller-orders/${part.id}/status`, { status });
  // The workers issue it just after the delivery.
  const listed = async () =>
    (await (await seller.request.get(`/api/commission-invoices?sellerOrderId=${part.id}`)).json()).items;
  await expect.poll(async () => (await listed()).length).toBe(1);
  const { number } = ((await listed()) as Array<{ number: string }>)[0]!;

  const sellerPage = await seller.newPage();
  await sellerPage.goto('/dashboard/seller');
  const mibi = sellerPage.getByRole('region', { name: "MIBI's invoices to you" });
  const row = mibi.getByRole('row').filter({ hasText: number });
  await expect(row).toContainText('Commission invoice');
  await expect(row).toContainText('IGST');
  const pdf = await downloadedPdf(sellerPage, row.getByRole('link', { name: 'PDF' }));
  expect(pdf.name).toBe(`${number.replaceAll('/', '-')}.pdf`);
  const { text } = pdf;
  expect(text).toContain('Tax Invoice');
  expect(text).toContain(`Invoice number: ${number}`);
  expect(text).toContain('GSTIN: 29AAACM1234A1Z4');
  expect(text).toContain('GSTIN: 27AAACM1234A1Z8');
  expect(text).toContain('996211');
  expect(text).toContain('Place of supply: Maharashtra (27)');
  // 10% commission on ₹800 (handicrafts), 18% IGST on it.
  expect(text).toContain('996211 1 80.00 18% 14.40 94.40');
  expect(text).toContain('Tax: IGST 14.40');
  expect(text).toContain('Marketplace commission: Brass');
  await seller.close();

  const admin = await browser.newContext({ baseURL });
  await signInByApi(admin.request, baseURL!, 'admin@mibi.demo', 'admin1234');
  const adminPage = await admin.newPage();
  await adminPage.goto('/dashboard/admin?tab=invoices');
  await adminPage.getByRole('searchbox', { name: 'Invoice or credit note number' }).fill(number);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  const found = adminPage.getByRole('row').filter({ hasText: number });
  await expect(found).toContainText('Commission invoice');
  await expect(found).toContainText('Maharashtra');
  await admin.close();
});
