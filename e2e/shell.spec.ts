import { expect, test } from '@playwright/test';
import { newAccount, signUp } from './helpers.ts';

test("the API's probes answer anyone; its detailed health (adapters, lag: api/roles/start.test.ts) is for admins", async ({
  request,
}) => {
  expect(await (await request.get('/api/health/live')).json()).toEqual({ status: 'live' });
  const ready = await request.get('/api/health/ready');
  expect(ready.status()).toBe(200);
  expect(await ready.json()).toEqual({
    status: 'ready',
    checks: { events: 'ok', read: 'ok', leases: 'ok', projections: 'ok' },
  });
  expect((await request.get('/api/health')).status()).toBe(401);
});

test('the header links every section, the cart and the account pages', async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  const main = header.getByRole('navigation', { name: 'Main' });
  const links = [
    ['Home', '/'],
    ['Products', '/products'],
    ['Categories', '/categories'],
    ['About', '/about'],
  ] as const;
  for (const [name, href] of links) {
    await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(header.getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
  await expect(header.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
  await expect(header.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth?tab=signup');

  await main.getByRole('link', { name: 'About' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About MIBI');
  await expect(main.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page');
  await main.getByRole('link', { name: 'Categories' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop by Category');
});

test('the header search goes to the products page with the query', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('searchbox', { name: 'Search products' }).fill('silk saree');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/products\?q=silk%20saree$/);
});

test('the home page leads to shopping and selling', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make in India, Buy in India');
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/products');
  await expect(main.getByRole('link', { name: 'Sell on MIBI' })).toHaveAttribute('href', '/dashboard/seller');
  // Each category tile opens the catalogue at its category (issue 15; the spec had them all lead to /products).
  const tiles = {
    'Textiles & Clothing': 'textiles',
    Handicrafts: 'handicrafts',
    'Spices & Food': 'spices',
    Jewelry: 'jewelry',
    'Home Decor': 'home-decor',
    'Ayurveda & Health': 'ayurveda',
  };
  for (const [name, category] of Object.entries(tiles)) {
    await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute(
      'href',
      `/products?category=${category}`,
    );
  }
  for (const figure of ['50,000+', '5,000+', '1M+', '25+'])
    await expect(page.getByText(figure, { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
  await expect(page.getByRole('link', { name: 'Become a Seller' })).toHaveAttribute('href', '/dashboard/seller');
});

const FOOTER_PAGES = [
  ['Our Mission', '/mission'],
  ['Made in India', '/made-in-india'],
  ['Quality Assurance', '/quality'],
  ['How to Order', '/how-to-order'],
  ['Returns & Refunds', '/returns'],
  ['Track Your Order', '/track'],
  ['Sell on MIBI', '/sell'],
  ['Seller Guidelines', '/seller-guidelines'],
  ['Verification Process', '/verification'],
  ['Seller Support', '/seller-support'],
  ['Help Center', '/help'],
  ['Contact Us', '/contact'],
  ['FAQ', '/faq'],
  ['Privacy Policy', '/privacy'],
  ['Terms of Service', '/terms'],
  ['Cookie Policy', '/cookies'],
] as const;

test('every footer link opens its own content page', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByText('© 2024 MIBI')).toBeVisible();
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  await expect(footer.getByText(/Mumbai/)).toBeVisible();
  const titles = new Set<string>();
  for (const [name, href] of FOOTER_PAGES) {
    await footer.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    expect(title, href).toBeTruthy();
    titles.add(title!);
  }
  expect(titles.size).toBe(FOOTER_PAGES.length);
});

test('the track page points to the buyer dashboard', async ({ page }) => {
  await page.goto('/track');
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to My Orders' })).toHaveAttribute(
    'href',
    '/dashboard/buyer',
  );
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Make in India, Buy in India');
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the menu holds search, links and account actions, and closes when a link is chosen', async ({ page }) => {
    await page.goto('/');
    const header = page.getByRole('banner');
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = header.getByRole('button', { name: 'Menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = header.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await expect(page.locator('#mobile-menu').getByRole('searchbox', { name: 'Search products' })).toBeVisible();
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Login' })).toBeVisible();
    await expect(page.locator('#mobile-menu').getByRole('link', { name: 'Sign Up' })).toBeVisible();

    await menu.getByRole('link', { name: 'About' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await toggle.click();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
  });

  test('signed in, the menu offers the dashboard and signs out', async ({ page }) => {
    await signUp(page, newAccount('Tara Menon'));
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await toggle.click();
    const menu = page.locator('#mobile-menu');
    await expect(menu.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard/buyer');
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page.getByText('Signed out successfully')).toBeVisible();
    await expect(menu).toBeHidden();
    await toggle.click();
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
  });
});
