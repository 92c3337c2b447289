import { type Page, expect, test } from '@playwright/test';
import { expectFitsPhone } from './layout.ts';
import { newAccount, signUp } from './helpers.ts';
import { expectAccessible, fillAddress, productNamed, signUpByApi } from './shop.ts';
import { SIZES } from './sizes.ts';

interface VariantStock {
  id: string;
  optionValues: string[];
  pricePaise: number;
  stockQuantity: number;
}

const variantsOf = async (page: Page, id: string): Promise<VariantStock[]> =>
  ((await (await page.request.get(`/api/products/${id}`)).json()) as { variants: VariantStock[] }).variants;

/** Fills option `n` (1-based) of the product form. */
async function addOption(page: Page, n: number, name: string, values: string): Promise<void> {
  await page.getByRole('button', { name: 'Add option' }).click();
  await page.getByLabel(`Option ${n} name`).fill(name);
  await page.getByLabel(`Option ${n} values (comma-separated)`).fill(values);
}

test('a seller lists a chappal in sizes 6-9 and two colours; a buyer must choose, buys size 8 in tan engraved with a name, and only that variant’s stock goes down', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // A seller's listing, then a buyer's whole purchase: past 30 s on a loaded machine (CI).
  test.setTimeout(90_000);
  const name = `Kolhapuri Chappal ${Date.now()}`;

  // The seller lists it through the form: two options, a grid of eight combinations.
  await signUp(page, newAccount('Kolhapur Leather Works'), 'Sell Products');
  await page.goto('/dashboard/seller');
  await page.getByRole('button', { name: 'Add Your First Product' }).click();
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Description').fill('Hand-stitched vegetable-tanned leather chappal from Kolhapur.');
  await page.getByLabel('Price (₹)').fill('899');
  await page.getByLabel('Category').selectOption({ label: 'Handicrafts' });
  await addOption(page, 1, 'Size', '6, 7, 8, 9');
  await addOption(page, 2, 'Colour', 'Tan, Black');
  const grid = page.getByRole('table', { name: 'Variants' });
  await expect(grid.getByRole('row')).toHaveCount(9);
  await page.getByLabel('Stock for all').fill('5');
  await page.getByRole('button', { name: 'Set every stock' }).click();
  await expect(grid.getByLabel('Stock of 8 · Tan')).toHaveValue('5');
  await grid.getByLabel('Price (₹) of 9 · Black', { exact: true }).fill('949');
  await grid.getByLabel('Made to order of 9 · Black').selectOption({ label: 'Made to order' });
  await grid.getByLabel('Made-to-order days of 9 · Black').fill('12');
  await expect(grid.getByLabel('SKU of 8 · Tan')).toHaveValue(/-8-TAN$/);
  await page.getByRole('button', { name: 'Add a question' }).click();
  const question = page.getByRole('group', { name: 'Question 1' });
  await question.getByLabel('Question 1').fill('Name to engrave');
  await question.getByLabel('Longest answer (characters)').fill('12');
  await expectAccessible(page, testInfo, 'variants-form');
  // On a phone the grid's rows turn into cards.
  await page.setViewportSize(SIZES[0].viewport);
  await expectFitsPhone(page, 'the product form with its variants');
  await page.setViewportSize(SIZES[1].viewport);
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product added successfully!')).toBeVisible();
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
  await expect(row).toContainText('from₹899.00');
  await expect(row).toContainText('Stock: 40');

  // A buyer in another browser.
  const buyerContext = await browser.newContext({ baseURL });
  const buyer = await buyerContext.newPage();
  await signUpByApi(buyer.request, baseURL!, 'buyer');
  await buyer.goto(`/products?q=${encodeURIComponent(name)}`);
  const card = buyer.getByRole('article').filter({ hasText: name });
  await expect(card).toContainText('from₹899.00');
  await card.getByRole('link', { name }).click();

  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(name);
  const sizes = buyer.getByRole('group', { name: 'Size' });
  const colours = buyer.getByRole('group', { name: 'Colour' });
  await expect(sizes.getByRole('radio')).toHaveCount(4);
  await expect(colours.getByRole('radio', { name: 'Tan' })).toBeVisible();
  await buyer.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(buyer.getByRole('alert')).toHaveText('Please choose a size');

  await sizes.getByRole('radio', { name: '8' }).check();
  await buyer.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(buyer.getByRole('alert')).toHaveText('Please choose a colour');
  await colours.getByRole('radio', { name: 'Tan' }).check();
  await expect(buyer).toHaveURL(/[?&]variant=/);
  await expect(buyer.getByText('5 in stock')).toBeVisible();
  await expect(buyer.getByRole('alert')).toHaveCount(0);

  // The link names the variant: opened again, the choice is there.
  await buyer.reload();
  await expect(sizes.getByRole('radio', { name: '8' })).toBeChecked();
  await expect(colours.getByRole('radio', { name: 'Tan' })).toBeChecked();
  await buyer.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(buyer.getByText('Please answer: Name to engrave')).toBeVisible();
  await buyer.getByLabel('Name to engrave').fill('Asha');
  await buyer.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(buyer.getByText('Added to Cart')).toBeVisible();

  await buyer.goto('/cart');
  const line = buyer.getByRole('list', { name: 'Cart items' }).getByRole('listitem');
  await expect(line).toContainText('Size 8 · Tan');
  await expect(line).toContainText('Name to engrave: Asha');
  await buyer.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await fillAddress(buyer);
  await buyer.getByRole('button', { name: 'Place Order' }).click();
  await expect(buyer.getByText('Order Placed Successfully!')).toBeVisible();
  await buyerContext.close();

  // The seller's order names the variant; only its stock went down.
  await page.reload();
  const incoming = page.getByRole('region', { name: 'Incoming Orders', exact: true });
  await expect(incoming).toContainText('Size 8 · Tan');
  await expect(incoming).toContainText('Name to engrave: Asha');
  // An edit starts from the grid as saved; a stock changed there changes that variant's alone.
  await row.getByRole('button', { name: 'Edit Product' }).click();
  await expect(grid.getByLabel('Price (₹) of 9 · Black', { exact: true })).toHaveValue('949');
  await expect(grid.getByLabel('Made-to-order days of 9 · Black')).toHaveValue('12');
  await expect(grid.getByLabel('Made to order of 8 · Tan')).toHaveValue('product');
  await expect(grid.getByLabel('Made-to-order days of 8 · Tan')).toHaveCount(0);
  await expect(grid.getByLabel('Stock of 8 · Tan')).toHaveValue('4');
  await grid.getByLabel('Stock of 6 · Black').fill('9');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Product updated')).toBeVisible();

  const productId = (await (await page.request.get('/api/seller/products')).json()).items.find(
    (item: { name: string }) => item.name === name,
  ).id as string;
  const stock = Object.fromEntries(
    (await variantsOf(page, productId)).map((variant) => [variant.optionValues.join(' '), variant.stockQuantity]),
  );
  expect(stock).toEqual({
    '6 Tan': 5,
    '6 Black': 9,
    '7 Tan': 5,
    '7 Black': 5,
    '8 Tan': 4,
    '8 Black': 5,
    '9 Tan': 5,
    '9 Black': 5,
  });
});

for (const { name: size, viewport } of SIZES) {
  test(`the product page's choice on a ${size}: sold-out and missing combinations disabled, accessible`, async ({
    page,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await page.goto(`/products/${(await productNamed(page.request, 'Kolhapuri Chappal')).id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kolhapuri Chappal');
    const sizes = page.getByRole('group', { name: 'Size' });
    // The demo's size 9 is made in tan only, and none is left: sold out, and with black chosen, not made at all.
    await expect(sizes.getByRole('radio', { name: '9, sold out' })).toBeDisabled();
    await page.getByRole('group', { name: 'Colour' }).getByRole('radio', { name: 'Black' }).check();
    await expect(sizes.getByRole('radio', { name: '9, not available' })).toBeDisabled();
    await expect(page).not.toHaveURL(/variant=/);
    await sizes.getByRole('radio', { name: '8' }).check();
    await expect(page).toHaveURL(/[?&]variant=v\d+/);
    await expect(page.getByText('2 in stock')).toBeVisible();
    await expectFitsPhone(page, `product page with variants (${size})`);
    await expectAccessible(page, testInfo, `variants-page-${size}`);
  });
}

test('the product list filters by the option values its category has, kept in the address', async ({ page }) => {
  await page.goto('/products?category=jewelry');
  await page.getByRole('button', { name: 'More Filters' }).click();
  const sizes = page.getByRole('group', { name: 'Size' });
  await expect(sizes.getByRole('checkbox', { name: '2.4' })).toBeVisible();
  // Another category's values are not offered.
  await expect(page.getByRole('group', { name: 'Colour' })).toHaveCount(0);
  await sizes.getByRole('checkbox', { name: '2.6' }).check();
  await expect(page).toHaveURL(/[?&]option=Size%3A2\.6/);
  const cards = page.getByRole('region', { name: 'Products' }).getByRole('article');
  await expect(cards).toHaveCount(1);
  await expect(cards).toContainText('Meenakari Bangles (Pair)');
  await page.reload();
  await expect(sizes.getByRole('checkbox', { name: '2.6' })).toBeChecked();
  await page.getByRole('button', { name: 'Remove option Size: 2.6' }).click();
  await expect(page).not.toHaveURL(/option=/);
  await expect(cards).not.toHaveCount(1);
});

test('a buyer saves size 8 in tan of the chappal to the wishlist and finds that variant there', async ({
  page,
  baseURL,
}) => {
  await signUpByApi(page.request, baseURL!, 'buyer', 'Meera Joshi');
  const { id } = await productNamed(page.request, 'Kolhapuri Chappal');
  await page.goto(`/products/${id}`);
  await expect(page.getByRole('button', { name: 'Save Kolhapuri Chappal to wishlist' })).toBeVisible();
  await page.getByRole('group', { name: 'Size' }).getByRole('radio', { name: '8' }).check();
  await page.getByRole('group', { name: 'Colour' }).getByRole('radio', { name: 'Tan' }).check();
  const heart = page.getByRole('button', { name: 'Save Size 8 · Tan to wishlist' });
  await heart.click();
  await expect(heart).toHaveAttribute('aria-pressed', 'true');
  const variantId = new URL(page.url()).searchParams.get('variant');
  expect(variantId).toMatch(/^v\d+$/);
  await page.goto('/wishlist');
  const link = page.getByRole('link', { name: 'Kolhapuri Chappal Size 8 · Tan' });
  await expect(link).toHaveAttribute('href', `/products/${id}?variant=${variantId}`);
  await link.click();
  await expect(page.getByRole('button', { name: 'Save Size 8 · Tan to wishlist' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
});
