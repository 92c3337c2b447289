/**
 * Issue 15, findings 4, 6 and 7: texts keep their promises (the buyer's confirmation mail, a
 * new product live at once), home's category tiles filter, every route has its own title,
 * checkout errors take the focus, toasts stack at most three and leave with their page, the
 * edit form shows the current image, empty figures read naturally, a failed list shows no
 * count, and the admin tabs show whole. On a phone and a laptop, each with an axe check.
 */
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { mailsTo } from './accounts.ts';
import { drawnByTheBrowser } from './helpers.ts';
import { SIZES, type SizeName } from './sizes.ts';
import {
  addToCartByApi,
  expectAccessible,
  listProduct,
  ordersOnceThere,
  productNamed,
  signInByApi,
  signUpByApi,
} from './shop.ts';

const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const ADDRESS = {
  'First Name': 'Kavya',
  'Last Name': 'Menon',
  'Phone Number': '98470 12345',
  Address: '21 MG Road',
  City: 'Kochi',
  State: 'Kerala',
  'PIN Code': '682016',
};

/** A new seller (in a context of their own) with a product on sale; answers its id. */
async function sellerWithProduct(
  request: APIRequestContext,
  baseURL: string,
  sellerName: string,
  productName: string,
): Promise<string> {
  await signUpByApi(request, baseURL, 'seller', sellerName);
  return listProduct(request, baseURL, { name: productName });
}

/** A header link: in the page links on a laptop, in the menu on a phone. */
async function headerLink(page: Page, size: SizeName, name: string) {
  const header = page.getByRole('banner');
  if (size === 'phone') {
    await header.getByRole('button', { name: 'Menu' }).click();
    return header.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name, exact: true });
  }
  return header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });
}

const toasts = (page: Page) => page.getByRole('button', { name: 'Dismiss' });

for (const { name: size, viewport } of SIZES) {
  test.describe(`${size} ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('the buyer gets the confirmation mail the checkout promises, with each seller order', async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      const stamp = Date.now().toString(36);
      const products: string[] = [];
      for (const [seller, product] of [
        ['Meera Weaves', `Chanderi Dupatta ${stamp}`],
        ['Kashmir Looms', `Kullu Wool Stole ${stamp}`],
      ]) {
        const context = await browser.newContext({ baseURL });
        products.push(await sellerWithProduct(context.request, baseURL!, seller!, product!));
        await context.close();
      }
      const buyer = await signUpByApi(page.request, baseURL!, 'buyer', 'Kavya Menon');
      for (const productId of products) await addToCartByApi(page.request, baseURL!, productId);

      await page.goto('/checkout');
      for (const [label, value] of Object.entries(ADDRESS)) await page.getByLabel(label, { exact: true }).fill(value);
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByText('Order Placed Successfully!')).toBeVisible();
      await expect(page.getByText('You will receive a confirmation email shortly.', { exact: false })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard\/buyer$/, { timeout: 5000 });
      // The redirect keeps the toast that led to it.
      await expect(page.getByText('Order Placed Successfully!')).toBeVisible();

      const [order] = await ordersOnceThere(page.request);
      const subject = `Your MIBI order #${order!.id.slice(0, 8)} is confirmed`;
      await expect
        .poll(() => mailsTo(buyer.email).filter((mail) => mail.subject === subject).length, { timeout: 15_000 })
        .toBe(1);
      const { text } = mailsTo(buyer.email).find((mail) => mail.subject === subject)!;
      expect(text).toContain('Hello Kavya Menon,');
      for (const part of order!.sellerOrders)
        expect(text).toContain(`Order #${part.shortId}, sold by ${part.sellerName}`);
      expect(text).toContain(`1 × Chanderi Dupatta ${stamp} at ₹999.00`);
      expect(text).toContain(`1 × Kullu Wool Stole ${stamp} at ₹999.00`);
      expect(text).toContain('Total: ₹2,048.00');
      expect(text).toContain('21 MG Road\nKochi, Kerala 682016');
      await expectAccessible(page, testInfo, `${size}-order-placed`);
    });

    test("home's category tiles open their category, and each route has its own title", async ({
      page,
      baseURL,
    }, testInfo) => {
      await page.goto('/');
      await expect(page).toHaveTitle('MIBI · Make in India, Buy in India');
      await page.getByRole('link', { name: /^Jewelry/ }).click();
      await expect(page).toHaveURL(/\/products\?category=jewelry$/);
      await expect(page.getByRole('combobox', { name: 'Category' })).toHaveValue('jewelry');
      await expect(page).toHaveTitle('Authentic Indian Products | MIBI');
      await expect(page.getByRole('region', { name: 'Products' }).getByRole('article').first()).toBeVisible();
      await expectAccessible(page, testInfo, `${size}-category-from-home`);

      const product = await productNamed(page.request, 'Neem Wood Comb');
      await page.goto(`/products/${product.id}`);
      await expect(page).toHaveTitle('Neem Wood Comb | MIBI');
      for (const [path, title] of [
        ['/cart', 'Shopping Cart | MIBI'],
        ['/categories', 'Shop by Category | MIBI'],
        ['/about', 'About MIBI | MIBI'],
        ['/auth?tab=signup', 'Sign Up | MIBI'],
        ['/privacy', 'Privacy Policy | MIBI'],
        ['/no/such/page', 'Page not found | MIBI'],
      ]) {
        await page.goto(path!);
        await expect(page).toHaveTitle(title!);
      }
      // Moving within the app changes it too.
      await page.goto('/cart');
      await (await headerLink(page, size, 'About')).click();
      await expect(page).toHaveTitle('About MIBI | MIBI');
      expect(baseURL).toBeTruthy();
    });

    test('checkout errors take the focus to the first field in error, in view', async ({ page, baseURL }, testInfo) => {
      await signUpByApi(page.request, baseURL!, 'buyer');
      await addToCartByApi(page.request, baseURL!, (await productNamed(page.request, 'Neem Wood Comb')).id);
      await page.goto('/checkout');
      await page.getByRole('button', { name: 'Place Order' }).click();
      const firstName = page.getByLabel('First Name', { exact: true });
      await expect(firstName).toBeFocused();
      await expect(firstName).toBeInViewport();
      await expectAccessible(page, testInfo, `${size}-checkout-errors`);

      await firstName.fill('Kavya');
      await page.getByLabel('Last Name', { exact: true }).fill('Menon');
      await page.getByRole('button', { name: 'Place Order' }).click();
      await expect(page.getByLabel('Phone Number', { exact: true })).toBeFocused();
      await expect(page.getByLabel('Phone Number', { exact: true })).toBeInViewport();
    });

    test('toasts stack at most three and leave with the page', async ({ page, baseURL }, testInfo) => {
      await signUpByApi(page.request, baseURL!, 'buyer');
      const product = await productNamed(page.request, 'Neem Wood Comb');
      await page.goto(`/products/${product.id}`);
      const add = page.getByRole('button', { name: 'Add to Cart' });
      for (let i = 1; i <= 4; i++) {
        await add.click();
        await expect(
          page.getByRole('banner').getByRole('link', { name: `Cart, ${i} item${i === 1 ? '' : 's'}` }),
        ).toBeVisible();
      }
      await expect(toasts(page)).toHaveCount(3);
      await expectAccessible(page, testInfo, `${size}-toasts`);
      await (await headerLink(page, size, 'Categories')).click();
      await expect(page).toHaveURL(/\/categories$/);
      await expect(toasts(page)).toHaveCount(0);
    });

    test("a new seller's figures read naturally, a new product says it is live, and the edit form shows its image", async ({
      page,
      baseURL,
    }, testInfo) => {
      await signUpByApi(page.request, baseURL!, 'seller', 'Lakshmi Crafts');
      await page.goto('/dashboard/seller');
      const figures = page.getByRole('list', { name: 'Your shop in figures' });
      await expect(figures).toContainText('Inventory Value₹0');
      await expect(figures).not.toContainText('₹0K');

      const upload = await page.request.post('/api/uploads', {
        multipart: { file: { name: 'lamp.png', mimeType: 'image/png', buffer: PNG_1X1 } },
        headers: { origin: baseURL! },
      });
      expect(upload.status(), await upload.text()).toBe(201);
      const { id: imageId } = (await upload.json()) as { id: string };
      const name = `Kutch Clay Lamp ${Date.now().toString(36)}`;
      const product = {
        name,
        description: 'Hand-thrown in Kutch and fired in a wood kiln.',
        pricePaise: 45_000,
        stockQuantity: 1,
        categoryId: 'handicrafts',
        tags: [],
        images: [imageId],
      };
      const listed = await page.request.post('/api/seller/products', { data: product, headers: { origin: baseURL! } });
      expect(listed.status(), await listed.text()).toBe(201);
      await page.reload();
      await expect(figures).toContainText('Inventory Value₹450');

      const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
      await row.getByRole('button', { name: 'Edit Product' }).click();
      await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
      // The image the product has, shown in the form (the gallery lists each one).
      await expect(page.getByRole('img', { name: /^Current product image/ })).toBeVisible();
      await expectAccessible(page, testInfo, `${size}-edit-product`);
      await page.getByRole('button', { name: 'Cancel' }).click();

      await page.getByRole('button', { name: 'Add New Product' }).click();
      await page.getByLabel('Product Name').fill(`Bidri Box ${Date.now().toString(36)}`);
      await page.getByLabel('Description').fill('Silver inlay on blackened zinc, made in Bidar.');
      await page.getByLabel('Price (₹)').fill('1200');
      await page.getByLabel('Stock Quantity').fill('2');
      await page.getByLabel('Category').selectOption({ label: 'Handicrafts' });
      await page.getByRole('button', { name: 'Add Product' }).click();
      await expect(page.getByText('Product added successfully!')).toBeVisible();
      // The shared server verifies at once (AUTO_VERIFY); decisions.spec.ts sees the other case.
      await expect(page.getByText('Your product is now live on the marketplace.')).toBeVisible();
    });

    test('a product list that fails to load says so, without a count above it', async ({ page, baseURL }, testInfo) => {
      await drawnByTheBrowser(page, baseURL!);
      await page.route(/\/api\/products(\?|$)/, (route) => route.abort());
      await page.goto('/products');
      await expect(page.getByRole('heading', { name: 'Products could not be loaded' })).toBeVisible();
      await expect(page.getByText(/^\d+ products?$/)).toHaveCount(0);
      await expectAccessible(page, testInfo, `${size}-products-failed`);
    });

    test('the admin tabs show whole: on one line on a laptop, wrapped on a phone (issue 23)', async ({
      page,
      baseURL,
    }, testInfo) => {
      await signInByApi(page.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
      await page.goto('/dashboard/admin?tab=users');
      const tablist = page.getByRole('tablist', { name: 'Admin console' });
      const users = tablist.getByRole('tab', { name: 'Users' });
      await expect(users).toHaveAttribute('aria-selected', 'true');
      const [list, tab] = [
        (await tablist.boundingBox())!,
        (await tablist.getByRole('tab', { name: 'Overview' }).boundingBox())!,
      ];
      if (size === 'desktop') expect(list.height).toBeLessThanOrEqual(tab.height + 4);
      for (const each of await tablist.getByRole('tab').all()) await expect(each).toBeInViewport({ ratio: 1 });
      await expectAccessible(page, testInfo, `${size}-admin-tabs`);
    });
  });
}
