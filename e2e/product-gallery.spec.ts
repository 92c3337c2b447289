import { writeFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, signUpByApi } from './shop.ts';
import { SIZES } from './sizes.ts';

interface StoredImage {
  id: string;
  url: string;
  sizes: Array<{ width: number; url: string }>;
}

/** A photo of one colour, written where the test keeps its files. */
async function photo(path: string, colour: string, width: number): Promise<string> {
  writeFileSync(
    path,
    await sharp({ create: { width, height: width, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  );
  return path;
}

/** The red of a stored picture's middle pixel. */
async function redOf(page: Page, url: string): Promise<number> {
  const bytes = await (await page.request.get(url)).body();
  const { data } = await sharp(bytes)
    .extract({ left: 10, top: 10, width: 1, height: 1 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return data[0]!;
}

/**
 * The layout shifts so far, no input caused, of anything in the page's main content (its CLS
 * there); the shell's footer, pushed down as the route's content arrives, is another matter.
 */
const contentShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        type Shift = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: Array<{ node: Node | null }>;
        };
        const main = document.querySelector('main')!;
        new PerformanceObserver((list) => {
          const shifts = (list.getEntries() as Shift[]).filter(
            (shift) => !shift.hadRecentInput && shift.sources.some(({ node }) => node && main.contains(node)),
          );
          resolve(shifts.reduce((sum, shift) => sum + shift.value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        // With no shift at all, the observer is never called.
        setTimeout(() => resolve(0), 500);
      }),
  );

for (const { name: size, viewport } of SIZES) {
  test.describe(`${size} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a seller uploads two images and reorders them; the product page shows the gallery with srcset, and nothing shifts', async ({
      page,
      baseURL,
    }, testInfo) => {
      const name = `Kutch Clay Pot ${size} ${Date.now()}`;
      await signUpByApi(page.request, baseURL!, 'seller', 'Kutch Clay Studio');
      const red = await photo(testInfo.outputPath('red.jpg'), '#dc2626', 1400);
      const blue = await photo(testInfo.outputPath('blue.jpg'), '#1d4ed8', 800);

      await page.goto('/dashboard/seller');
      await page.getByRole('button', { name: 'Add Your First Product' }).click();
      await page.getByLabel('Product Name').fill(name);
      await page.getByLabel('Description').fill('Hand-thrown clay pot from Kutch, fired in a wood kiln.');
      await page.getByLabel('Price (₹)').fill('899');
      await page.getByLabel('Stock Quantity').fill('4');
      await page.getByLabel('Category').selectOption({ label: 'Handicrafts' });

      // Two files at once, listed in the order chosen: the first is the main image.
      await page.getByLabel('Upload an image').setInputFiles([red, blue]);
      const images = page.getByRole('list', { name: 'Images, the first is the main image' });
      await expect(images.getByRole('listitem')).toHaveCount(2);
      await expect(images.getByRole('listitem').first()).toContainText('Main image');
      await expect(images.getByRole('img', { name: /red\.jpg$/ })).toBeVisible();
      await expect(page.getByLabel('Or an image URL')).toBeDisabled();

      // The blue one becomes the main image, by keyboard; the focus stays on the list.
      await images.getByRole('button', { name: 'Move image 2 earlier' }).focus();
      await page.keyboard.press('Enter');
      await expect(images.getByRole('listitem').first()).toContainText('Main image');
      await expect(images.getByRole('listitem').first().getByRole('img')).toHaveAccessibleName(/blue\.jpg$/);
      await expect(images.getByRole('button', { name: 'Move image 1 later' })).toBeFocused();
      await expect(page.getByText('Image 2 is now the main image')).toBeAttached();
      await expectAccessible(page, testInfo, `gallery-form-${size}`);

      await page.getByRole('button', { name: 'Add Product' }).click();
      await expect(page.getByText('Product added successfully!')).toBeVisible();

      const { items } = (await (await page.request.get('/api/seller/products')).json()) as {
        items: Array<{ id: string; name: string; images: StoredImage[] }>;
      };
      const product = items.find((item) => item.name === name)!;
      expect(product.images).toHaveLength(2);
      // Stored in the order chosen: blue first, at its own 800 px as the widest; red at every width.
      expect(product.images[0]!.sizes.map((stored) => stored.width)).toEqual([320, 640, 800]);
      expect(product.images[1]!.sizes.map((stored) => stored.width)).toEqual([320, 640, 1024]);
      expect(await redOf(page, product.images[0]!.sizes[0]!.url)).toBeLessThan(100);
      expect(await redOf(page, product.images[1]!.sizes[0]!.url)).toBeGreaterThan(180);

      // The edit form shows the current images; moving the red one back first saves the new order.
      const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
      await row.getByRole('button', { name: 'Edit Product' }).click();
      await expect(images.getByRole('img', { name: 'Current product image 1' })).toBeVisible();
      await expect(images.getByRole('img', { name: 'Current product image 2' })).toBeVisible();
      const patch = page.waitForRequest((request) => request.method() === 'PATCH');
      await images.getByRole('button', { name: 'Move image 2 earlier' }).click();
      await page.getByRole('button', { name: 'Save Changes' }).click();
      expect((await patch).postDataJSON()).toEqual({ images: [product.images[1]!.id, product.images[0]!.id] });
      await expect(page.getByText('Product updated')).toBeVisible();

      // The product page: the red picture first, every width in its srcset, fetched at once; the blue one a click away.
      await page.goto(`/products/${product.id}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
      const main = page.getByRole('img', { name, exact: true });
      await expect(main).toHaveAttribute('srcset', /320w, .*640w, .*1024w$/);
      await expect(main).toHaveAttribute('sizes', /px/);
      await expect(main).toHaveAttribute('fetchpriority', 'high');
      await expect(main).toHaveAttribute('loading', 'eager');
      await expect.poll(() => main.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      const chosen = await main.evaluate((img) => (img as HTMLImageElement).currentSrc);
      expect(chosen).toMatch(/\/(640|1024)\.webp$/);
      const thumbs = page.getByRole('list', { name: `Pictures of ${name}` });
      await expect(thumbs.getByRole('button')).toHaveCount(2);
      await expect(thumbs.locator('img').first()).toHaveAttribute('loading', 'lazy');
      await expect(thumbs.getByRole('button', { name: 'Show picture 1 of 2' })).toHaveAttribute('aria-current', 'true');
      await expectAccessible(page, testInfo, `gallery-page-${size}`);

      const box = await main.boundingBox();
      await thumbs.getByRole('button', { name: 'Show picture 1 of 2' }).focus();
      await page.keyboard.press('ArrowRight');
      const second = page.getByRole('img', { name: `${name}, image 2 of 2` });
      await expect(second).toHaveAttribute('srcset', /320w, .*640w, .*800w$/);
      await expect(thumbs.getByRole('button', { name: 'Show picture 2 of 2' })).toBeFocused();
      await expect(thumbs.getByRole('button', { name: 'Show picture 2 of 2' })).toHaveAttribute('aria-current', 'true');
      await expect.poll(() => second.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
      // The box holds its place and size whichever picture it shows, and none of the loading moved anything.
      expect(await second.boundingBox()).toEqual(box);
      expect(await contentShift(page)).toBe(0);
    });
  });
}
