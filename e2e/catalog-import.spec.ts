import { expect, test } from '@playwright/test';
import { expectAccessible, listProduct, signUpByApi } from './shop.ts';

const HEADER =
  'product_id,name,description,price,original_price,stock,made_to_order_days,category,tags,hsn,gst_rate,image_urls,sku,option1_name,option1_value,option2_name,option2_value,option3_name,option3_value,variant_made_to_order_days,variant_image_urls';

/** Enough new rows for the progress bar to move in steps, a change to the seller's own product, and two refused rows. */
function catalogFile(productId: string): string {
  const rows = Array.from(
    { length: 60 },
    (_, i) =>
      `,Terracotta diya ${i + 1},Hand-thrown clay lamp from Molela.,${120 + i},,${10 + i},,handicrafts,"clay, diya",,,`,
  );
  return [
    HEADER,
    `${productId},Brass bell,Hand-made in India by a small workshop.,1199,,8,,handicrafts,Test Studio,,,`,
    ...rows,
    ',,No name on this row at all.,100,,1,,handicrafts,,,,',
    ',Teak box,Carved teak box with a brass clasp.,abc,,3,,handicrafts,,,,',
  ].join('\n');
}

test('a seller checks a catalog file row by row, imports it with a progress bar and sees the rows refused', async ({
  page,
  baseURL,
}, testInfo) => {
  await signUpByApi(page.request, baseURL!, 'seller', 'Molela Clay Works');
  const bellId = await listProduct(page.request, baseURL!, {
    name: 'Brass bell',
    pricePaise: 99_900,
    stockQuantity: 20,
  });

  await page.goto('/dashboard/seller');
  await page.getByRole('link', { name: 'Import or export (CSV)' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import and Export Products' })).toBeVisible();

  // The export holds the seller's product with its id.
  const download = await page.request.get('/api/seller/catalog/csv');
  expect((await download.text()).split('\r\n')[0]).toBe(HEADER);

  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByRole('alert')).toHaveText('Choose a CSV file');

  await page
    .getByLabel('Catalog file (CSV)')
    .setInputFiles({ name: 'diyas.csv', mimeType: 'text/csv', buffer: Buffer.from(catalogFile(bellId)) });
  await page.getByRole('button', { name: 'Check file' }).click();
  await expect(page.getByText('63 rows: 60 new, 1 to update, 0 unchanged, 2 refused.')).toBeVisible();
  const bell = page.getByRole('row', { name: /^2 Brass bell/ });
  await expect(bell).toContainText('Update');
  await expect(bell).toContainText('Price: ₹999.00 → ₹1,199.00');
  await expect(bell).toContainText('Stock: 20 → 8');
  await expect(page.getByRole('row', { name: /^63 / })).toContainText('name: Product name is required');
  await expect(page.getByRole('row', { name: /^64 Teak box/ })).toContainText(
    'price: Enter an amount in rupees, like 499.50',
  );
  await expectAccessible(page, testInfo, 'catalog-import-check');

  await page.getByRole('button', { name: 'Import 61 rows' }).click();
  const progress = page.getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect(page.getByText('Import finished')).toBeVisible({ timeout: 20_000 });
  await expect(progress).toHaveAttribute('value', '63');
  await expect(page.getByText('63 rows of 63 done: 60 created, 1 updated, 0 unchanged, 2 refused.')).toBeVisible();
  await expect(page.getByRole('row', { name: /^64 Teak box Refused/ })).toContainText(
    'price: Enter an amount in rupees, like 499.50',
  );
  await expectAccessible(page, testInfo, 'catalog-import-done');

  await page.getByRole('link', { name: 'See your products' }).click();
  await expect(page.getByRole('heading', { name: 'Terracotta diya 60', exact: true })).toBeVisible();
  const products = (await (await page.request.get('/api/seller/products')).json()) as {
    items: Array<{ id: string; name: string; pricePaise: number; stockQuantity: number }>;
  };
  expect(products.items).toHaveLength(61);
  expect(products.items.find((product) => product.id === bellId)).toMatchObject({
    pricePaise: 119_900,
    stockQuantity: 8,
  });
});
