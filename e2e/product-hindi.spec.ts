import { expect, test } from '@playwright/test';
import { addToCartByApi, listProduct, signUpByApi } from './shop.ts';

test('a seller adds a Hindi name; a search for it in Devanagari finds the product, shown in Hindi to a Hindi reader, in the cart too', async ({
  page,
  browser,
  baseURL,
}) => {
  const mark = String(Date.now()).slice(-6);
  const name = `Kashmiri Wool Stole ${mark}`;
  const hindiName = `ऊनी दुपट्टा ${mark}`;
  await signUpByApi(page.request, baseURL!, 'seller', 'Shabnam Looms');
  const productId = await listProduct(page.request, baseURL!, { name, categoryId: 'textiles', tags: ['wool'] });

  await page.goto('/dashboard/seller');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await row.getByRole('button', { name: 'Edit Product' }).click();
  const hindi = page.getByRole('form', { name: 'In Hindi' });
  await hindi.getByLabel('Name in Hindi').fill(hindiName);
  await hindi.getByLabel('Tags in Hindi (comma-separated, optional)').fill('ऊन, हाथ से बुना');
  await hindi.getByRole('button', { name: 'Save Hindi' }).click();
  await expect(page.getByText('Hindi saved')).toBeVisible();

  // A visitor searches in Devanagari: in English, the product is found and shown by its English name.
  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto(`/products?q=${encodeURIComponent(hindiName)}`);
  await expect(visitor.getByRole('link', { name, exact: true })).toBeVisible();

  // Reading Hindi, the card shows the Hindi name, marked as Hindi; a search in Latin letters finds it too.
  await visitor.goto(`/hi/products?q=${encodeURIComponent(`uni dupatta ${mark}`)}`);
  const card = visitor.getByRole('heading', { name: hindiName, exact: true });
  await expect(card).toBeVisible();
  await expect(card).toHaveAttribute('lang', 'hi');
  await expect(card).toHaveAttribute('dir', 'auto');

  // A buyer's cart names it in the language on screen: English at the plain address, Hindi at /hi.
  const buyer = await (await browser.newContext({ baseURL })).newPage();
  await signUpByApi(buyer.request, baseURL!, 'buyer');
  await addToCartByApi(buyer.request, baseURL!, productId, 1);
  await buyer.goto('/cart');
  await expect(buyer.getByRole('main').getByRole('link', { name, exact: true })).toBeVisible();
  await buyer.goto('/hi/cart');
  const inCart = buyer.getByRole('main').getByRole('link', { name: hindiName, exact: true });
  await expect(inCart).toBeVisible();
  await expect(inCart).toHaveAttribute('lang', 'hi');

  // The seller's history says it in plain words.
  await page.goto('/dashboard/seller');
  await row.getByRole('link', { name: /history/i }).click();
  const entry = page.getByRole('article', { name: 'Translated' });
  await expect(entry.getByRole('row', { name: `Name in Hindi none ${hindiName}` })).toBeVisible();
});
