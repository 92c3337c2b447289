import { writeFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { verifyEmailByApi } from './accounts.ts';
import { newAccount, signUp } from './helpers.ts';

/** A real 1 x 1 PNG: the server reads the image type from the bytes. */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Signs a new seller up through the UI and opens the Add New Product form of their dashboard. */
async function openAddProductForm(page: Page): Promise<void> {
  await signUp(page, newAccount('Lakshmi Terracotta'), 'Sell Products');
  await page.goto('/dashboard/seller');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Seller Dashboard');
  await expect(page.getByText('Manage your products and track your sales')).toBeVisible();
  await expect(page.getByText('No products yet')).toBeVisible();
  await page.getByRole('button', { name: 'Add Your First Product' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Product' })).toBeVisible();
}

const productRow = (page: Page, name: string) =>
  page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

test('a seller lists a product with an uploaded image, buyers see it arrive live, then the seller edits and deletes it', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const name = `Terracotta Diya Lamp ${Date.now()}`;
  const image = testInfo.outputPath('diya.png');
  writeFileSync(image, PNG_1X1);

  // A visitor follows the catalogue in a second browser.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto('/products');
  await expect(visitor.getByText('Live updates on')).toBeVisible();

  await openAddProductForm(page);
  await page.getByLabel('Product Name').fill(name);
  await page.getByLabel('Description').fill('Hand-thrown terracotta lamp from Kutch, fired in a wood kiln.');
  await page.getByLabel('Price (₹)').fill('1499');
  await page.getByLabel('Original Price (₹, optional)').fill('1799');
  await page.getByLabel('Stock Quantity').fill('12');
  await page.getByLabel('Category').selectOption({ label: 'Handicrafts' });
  await page.getByLabel('Tags (comma-separated)').fill('Kutch, terracotta, , lamp ');
  await page.getByLabel('Upload an image').setInputFiles(image);
  await expect(page.getByRole('img', { name: 'Preview of the chosen image' })).toBeVisible();
  await expect(page.getByLabel('Or an image URL')).toBeDisabled();
  // Held back a moment, so the button's upload state shows.
  await page.route('**/api/uploads', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await route.continue();
  });
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByRole('button', { name: 'Uploading...' })).toBeDisabled();

  await expect(page.getByText('Product added successfully!')).toBeVisible();
  await expect(page.getByText('Your product is now live on the marketplace.')).toBeVisible();
  const row = productRow(page, name);
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await expect(row.getByText('₹1,499.00')).toBeVisible();
  await expect(row.getByText('₹1,799.00')).toBeVisible();
  await expect(row.getByText('Stock: 12 · 3 tags')).toBeVisible();
  await expect(row.locator('img')).toHaveAttribute('src', /^\/media\/products\//);
  await expect(page.getByRole('list', { name: 'Your shop in figures' })).toContainText('Total Products1');
  await expect(page.getByRole('list', { name: 'Your shop in figures' })).toContainText('Inventory Value₹18K');

  await expect(visitor.getByText('New product available!')).toBeVisible();
  await expect(visitor.getByText(`${name} is now available`)).toBeVisible();
  await expect(visitor.getByRole('link', { name: new RegExp(name) }).first()).toBeVisible();
  await visitorContext.close();

  // Edit: the form starts from the product; only the price changes.
  await row.getByRole('button', { name: 'Edit Product' }).click();
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveValue(name);
  await expect(page.getByLabel('Category')).toHaveValue('handicrafts');
  await expect(page.getByLabel('Tags (comma-separated)')).toHaveValue('Kutch, terracotta, lamp');
  const patch = page.waitForRequest((request) => request.method() === 'PATCH');
  await page.getByLabel('Price (₹)').fill('1299.50');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  expect((await patch).postDataJSON()).toEqual({ pricePaise: 129_950 });
  await expect(page.getByText('Product updated')).toBeVisible();
  await expect(row.getByText('₹1,299.50')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Products' })).toBeFocused();

  // Delete: a real dialog, focus on the safe choice, Escape keeps the product.
  const deleteButton = row.getByRole('button', { name: 'Delete Product' });
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();

  await deleteButton.click();
  await dialog.getByRole('button', { name: 'Delete Product' }).click();
  await expect(page.getByText('Product deleted')).toBeVisible();
  await expect(page.getByText('Product has been removed successfully.')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No products yet')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your Products' })).toBeFocused();
});

test('a seller whose e-mail is not verified hears it before filling the product form, and gets it once verified', async ({
  page,
}) => {
  const account = newAccount('Kiran Brassworks');
  await signUp(page, account, 'Sell Products', { verify: false });
  await page.goto('/dashboard/seller');
  await page.getByRole('button', { name: 'Add Your First Product' }).click();
  await expect(page.getByRole('heading', { name: 'Add New Product' })).toBeVisible();
  await expect(
    page.getByText('Verify your e-mail address before listing products: follow the link we mailed you.'),
  ).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Resend verification e-mail' }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('button', { name: 'Add Your First Product' })).toBeVisible();

  await verifyEmailByApi(page.request, new URL(page.url()).origin, account.email);
  await page.reload();
  await page.getByRole('button', { name: 'Add Your First Product' }).click();
  await expect(page.getByLabel('Product Name')).toBeVisible();
});

test('the add product form shows every validation message of the spec under its field', async ({ page }) => {
  await openAddProductForm(page);
  const add = page.getByRole('button', { name: 'Add Product' });

  await add.click();
  await expect(page.getByText('Product name is required')).toBeVisible();
  await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
  await expect(page.getByText('Price must be greater than 0', { exact: true })).toBeVisible();
  await expect(page.getByText('Category is required')).toBeVisible();
  await expect(page.getByLabel('Product Name')).toHaveAttribute('aria-invalid', 'true');
  // An empty stock reads as 0 (spec section 5): no message.
  await expect(page.getByLabel('Stock Quantity')).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Product Name').fill('Bidri Box');
  await page.getByLabel('Description').fill('Too short');
  await page.getByLabel('Price (₹)').fill('0');
  await page.getByLabel('Original Price (₹, optional)').fill('0');
  await page.getByLabel('Stock Quantity').fill('-1');
  await page.getByLabel('Or an image URL').fill('not a web address');
  await add.click();
  await expect(page.getByText('Product name is required')).toHaveCount(0);
  await expect(page.getByText('Description must be at least 10 characters')).toBeVisible();
  await expect(page.getByText('Price must be greater than 0', { exact: true })).toBeVisible();
  await expect(page.getByText('Original price must be greater than 0')).toBeVisible();
  await expect(page.getByText('Stock cannot be negative')).toBeVisible();
  await expect(page.getByText('Image URL must be a valid URL')).toBeVisible();

  await page.getByLabel('Price (₹)').fill('12.345');
  await page.getByLabel('Stock Quantity').fill('1.5');
  await add.click();
  await expect(page.getByText('Enter an amount in rupees, like 499.50')).toBeVisible();
  await expect(page.getByText('Stock must be a whole number')).toBeVisible();
});

test('image files are checked before the upload, and again by the server', async ({ page }) => {
  await openAddProductForm(page);
  const chooser = page.getByLabel('Upload an image');
  const url = page.getByLabel('Or an image URL');

  await chooser.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByText('File too large')).toBeVisible();
  await expect(page.getByText('Image must be less than 5MB')).toBeVisible();
  await expect(url).toBeEnabled();

  await chooser.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
  await expect(page.getByText('Invalid file type')).toBeVisible();
  await expect(page.getByText('Please upload an image file').first()).toBeVisible();

  // Remove clears a chosen file and gives the URL field back.
  await chooser.setInputFiles({ name: 'pixel.png', mimeType: 'image/png', buffer: PNG_1X1 });
  await expect(url).toBeDisabled();
  await page.getByRole('button', { name: 'Remove image' }).click();
  await expect(url).toBeEnabled();
  await expect(chooser).toHaveValue('');

  // Declared a PNG, but the bytes are text: the server refuses it.
  await chooser.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('just text pretending') });
  await page.getByLabel('Product Name').fill('Bidri Box');
  await page.getByLabel('Description').fill('Zinc alloy box inlaid with pure silver, from Bidar.');
  await page.getByLabel('Price (₹)').fill('2499');
  await page.getByLabel('Category').selectOption({ label: 'Handicrafts' });
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Error uploading image')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Add New Product' })).toBeVisible();
});
