import { type Page, expect, test } from '@playwright/test';
import { drawnByTheBrowser } from './helpers.ts';
import { listProduct, productNamed, signUpByApi } from './shop.ts';

const productList = (page: Page) => page.getByRole('region', { name: 'Products' });
const cards = (page: Page) => productList(page).getByRole('article');
const countLine = (page: Page) => page.getByText(/^\d+ products?$/);

async function totalOf(page: Page, query: string): Promise<number> {
  const response = await page.request.get(`/api/products?${query}`);
  return ((await response.json()) as { total: number }).total;
}

test('products: title, count, cards with brand, rating, price, discount and stock notes', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentic Indian Products');
  await expect(countLine(page)).toHaveText(`${await totalOf(page, 'limit=1')} products`);

  const saree = cards(page).filter({ hasText: 'Banarasi Silk Saree' });
  await expect(saree.getByRole('link', { name: 'Banarasi Silk Saree' })).toHaveAttribute(
    'href',
    /^\/products\/[\w-]+$/,
  );
  await expect(saree).toContainText('Varanasi'); // the first tag, as the brand label
  await expect(saree).toContainText('₹12,499.00');
  await expect(saree.getByRole('deletion')).toContainText('₹14,999.00');
  await expect(saree).toContainText('17% OFF');
  await expect(saree.getByRole('img', { name: /^Rated \d(\.\d)? out of 5$/ })).toBeVisible();
  await expect(saree).toContainText('Only Few Left!'); // 6 in stock
  await expect(cards(page).filter({ hasText: 'Khadi Cotton Kurta' })).not.toContainText('Only Few Left!'); // 40 in stock
  const main = page.getByRole('main');
  await expect(main.getByText('Verified Sellers', { exact: true })).toBeVisible();
  await expect(main.getByText('Made in India', { exact: true })).toBeVisible();

  await saree.getByRole('link', { name: 'Banarasi Silk Saree' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Banarasi Silk Saree');

  await page.goto('/products?q=kanjeevaram');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page)).toContainText('Out of stock');
});

test('products: eight skeleton cards while loading, then an error toast and a retry when loading fails', async ({
  page,
  baseURL,
}) => {
  await drawnByTheBrowser(page, baseURL!);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let failing = true;
  await page.route(
    (url) => url.pathname === '/api/products',
    async (route) => {
      await held;
      if (failing)
        await route.fulfill({
          status: 500,
          json: { error: { code: 'internal', message: 'The catalogue is resting' } },
        });
      else await route.fallback();
    },
  );
  await page.goto('/products');
  await expect(productList(page)).toHaveAttribute('aria-busy', 'true');
  await expect(productList(page).getByRole('listitem')).toHaveCount(8);
  release();
  await expect(page.getByText('Error loading products')).toBeVisible();
  await expect(page.getByText('The catalogue is resting')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Products could not be loaded' })).toBeVisible();
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(cards(page).first()).toBeVisible();
});

test('products: category, search and sort are applied and kept in the URL', async ({ page }) => {
  await page.goto('/products');
  const category = page.getByLabel('Category', { exact: true });
  await expect(category).toBeEnabled();
  await expect(category.getByRole('option', { name: 'All Categories' })).toHaveCount(1);
  await category.selectOption({ label: 'Spices' });
  await expect(page).toHaveURL(/\/products\?category=spices$/);
  await expect(countLine(page)).toHaveText(`${await totalOf(page, 'category=spices')} products`);
  await expect(cards(page).filter({ hasText: 'Kashmiri Saffron (2 g)' })).toHaveCount(1);
  await expect(cards(page).filter({ hasText: 'Banarasi Silk Saree' })).toHaveCount(0);

  await page.getByLabel('Sort by').selectOption({ label: 'Price: Low to High' });
  await expect(page).toHaveURL(/sort=price-low/);
  const cheapest = (
    (await (await page.request.get('/api/products?category=spices&sort=price-low&limit=1')).json()) as {
      items: Array<{ name: string }>;
    }
  ).items[0]!.name;
  await expect(cards(page).first().getByRole('heading')).toHaveText(cheapest);

  const search = page.getByRole('main').getByRole('searchbox', { name: 'Search products' });
  await search.fill('saffron');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=saffron/);
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: 'Remove search “saffron”' })).toBeVisible();

  // Reloading keeps the screen as it was.
  await page.reload();
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('spices');
  await expect(page.getByLabel('Sort by')).toHaveValue('price-low');
  await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search products' })).toHaveValue('saffron');
  await expect(cards(page)).toHaveCount(1);

  await page.getByRole('button', { name: 'Remove category Spices' }).click();
  await expect(page).toHaveURL(/\/products\?q=saffron&sort=price-low$/);
});

test('products: the header search lands here with the words in the box', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search products' }).fill('pashmina');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=pashmina$/);
  await expect(page.getByRole('main').getByRole('searchbox', { name: 'Search products' })).toHaveValue('pashmina');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).getByRole('heading')).toHaveText('Pashmina Shawl');
});

test('products: an honest empty state with Clear filters', async ({ page }) => {
  await page.goto('/products?q=plutonium&category=spices');
  await expect(page.getByRole('heading', { name: 'No products found' })).toBeVisible();
  await expect(page.getByText('Try a different search term or category.')).toBeVisible();
  await expect(countLine(page)).toHaveText('0 products');
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(cards(page).first()).toBeVisible();
});

test('products: Load More Products pages through everything, then hides', async ({ page }) => {
  await page.goto('/products');
  const total = await totalOf(page, 'limit=1');
  expect(total).toBeGreaterThan(20);
  await expect(cards(page)).toHaveCount(20);
  const loadMore = page.getByRole('button', { name: 'Load More Products' });
  // Each click waits for its page: while one loads, the button reads "Loading...".
  for (let shown = 20; shown < total; ) {
    await loadMore.click();
    shown = Math.min(shown + 20, total);
    await expect(cards(page)).toHaveCount(shown);
  }
  await expect(loadMore).toBeHidden();
});

test('products: grid by default, list on demand; More Filters explains itself', async ({ page }) => {
  await page.goto('/products');
  const grid = page.getByRole('button', { name: 'Grid', exact: true });
  const list = page.getByRole('button', { name: 'List', exact: true });
  await expect(grid).toHaveAttribute('aria-pressed', 'true');
  await expect(productList(page).getByRole('list')).toHaveClass(/grid/);
  await list.click();
  await expect(list).toHaveAttribute('aria-pressed', 'true');
  await expect(productList(page).getByRole('list')).not.toHaveClass(/grid/);
  await expect(cards(page).filter({ hasText: 'Banarasi Silk Saree' })).toContainText('handwoven on a pit loom');

  const more = page.getByRole('button', { name: 'More Filters' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Every product on MIBI already comes from a verified seller')).toBeVisible();
});

test('products: live, a seller elsewhere lists, edits and withdraws a product', async ({ page, browser, baseURL }) => {
  await page.goto('/products?category=handicrafts');
  await expect(page.getByText('Live updates on')).toBeVisible();
  await expect(cards(page).first()).toBeVisible();

  const sellerContext = await browser.newContext({ baseURL });
  try {
    await signUpByApi(sellerContext.request, baseURL!, 'seller', 'Bidri Works');
    // Another category first: it is not shown here (the events arrive in order, so it has come when the next one shows).
    const otherName = `Saffron Tin ${Date.now()}`;
    await listProduct(sellerContext.request, baseURL!, { name: otherName, categoryId: 'spices' });
    const name = `Bidriware Box ${Date.now()}`;
    const id = await listProduct(sellerContext.request, baseURL!, {
      name,
      categoryId: 'handicrafts',
      pricePaise: 149_900,
      tags: ['Bidar'],
    });

    await expect(page.getByText('New product available!')).toBeVisible();
    await expect(page.getByText(`${name} is now available`)).toBeVisible();
    await expect(cards(page).first().getByRole('heading')).toHaveText(name);
    await expect(cards(page).first()).toContainText('₹1,499.00');
    await expect(cards(page).filter({ hasText: otherName })).toHaveCount(0);
    await expect(page.getByText(`${otherName} is now available`)).toHaveCount(0);

    const headers = { origin: baseURL! };
    await sellerContext.request.patch(`/api/seller/products/${id}`, { data: { pricePaise: 129_900 }, headers });
    await expect(cards(page).first()).toContainText('₹1,299.00');

    await sellerContext.request.delete(`/api/seller/products/${id}`, { headers });
    await expect(cards(page).filter({ hasText: name })).toHaveCount(0);
  } finally {
    await sellerContext.close();
  }
});

test('product detail: everything about the product, and Login Required when signed out', async ({ page }) => {
  const kurta = await productNamed(page.request, 'Khadi Cotton Kurta');
  await page.goto(`/products/${kurta.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Khadi Cotton Kurta');
  await expect(page.getByRole('link', { name: 'Back to Products' })).toHaveAttribute('href', '/products');
  const main = page.getByRole('main');
  await expect(main.getByRole('img', { name: 'Khadi Cotton Kurta' })).toBeVisible();
  await expect(main).toContainText('₹1,499.00');
  await expect(main).toContainText('Hand-spun, handwoven khadi kurta');
  await expect(main.getByRole('list', { name: 'Tags' })).toContainText('cotton');
  await expect(main).toContainText('Sold by Varanasi Weaves');
  await expect(main.getByText('Verified Seller')).toBeVisible();
  await expect(main).toContainText(`${kurta.stockQuantity} in stock`);
  await expect(main).not.toContainText('Only Few Left!');

  const quantity = page.getByRole('group', { name: 'Quantity' });
  await expect(quantity.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  await quantity.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(quantity.getByRole('status')).toHaveText('2');

  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Login Required')).toBeVisible();
  await expect(page.getByText('Please login to add items to cart')).toBeVisible();
});

test('product detail: discount, low stock, the stepper stops at the stock, sold out disables Add to Cart', async ({
  page,
}) => {
  const oil = await productNamed(page.request, 'Kumkumadi Face Oil (30 ml)');
  await page.goto(`/products/${oil.id}`);
  const main = page.getByRole('main');
  await expect(main).toContainText(`${oil.stockQuantity} in stock`);
  await expect(main).toContainText('Only Few Left!');
  const plus = page.getByRole('group', { name: 'Quantity' }).getByRole('button', { name: 'Increase quantity' });
  for (let i = 1; i < oil.stockQuantity; i++) await plus.click();
  await expect(plus).toBeDisabled();

  const vase = await productNamed(page.request, 'Jaipur Blue Pottery Vase');
  await page.goto(`/products/${vase.id}`);
  await expect(main).toContainText('17% OFF');
  await expect(main.getByRole('deletion')).toContainText('₹2,299.00');

  const stole = await productNamed(page.request, 'Kanjeevaram Silk Stole');
  await page.goto(`/products/${stole.id}`);
  await expect(main).toContainText('Out of stock');
  await expect(page.getByRole('button', { name: 'Add to Cart' })).toBeDisabled();
});

test('product detail: Loading..., then Product not found', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('/api/products/no-such-product', async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto('/products/no-such-product');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Loading...');
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product not found');
  await expect(page.getByText('Failed to load product details')).toHaveCount(0);
});

test('product detail: a failed load shows the error toast', async ({ page }) => {
  await page.route('/api/products/broken', (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'Something went wrong on our side.' } } }),
  );
  await page.goto('/products/broken');
  await expect(page.getByText('Failed to load product details')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Product not found');
});

test('product page: a seller opening their own product is told they cannot buy it, not offered Add to Cart', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL });
  try {
    await signUpByApi(context.request, baseURL!, 'seller', 'Nila Crafts');
    const name = `Own Brass Lamp ${Math.random().toString(36).slice(2, 8)}`;
    const id = await listProduct(context.request, baseURL!, { name });
    const page = await context.newPage();
    await page.goto(`/products/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByText('You cannot buy your own product')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add to Cart' })).toHaveCount(0);
  } finally {
    await context.close();
  }
});
