import { expect, test } from '@playwright/test';

test('categories: cards with counts, search by name or description, empty state and clear', async ({ page }) => {
  await page.goto('/categories');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Shop by Category');
  const list = page.getByRole('region', { name: 'Categories' });
  const cards = list.getByRole('article');
  await expect(cards).toHaveCount(6);
  await expect(page.getByText('100%')).toBeVisible();
  await expect(list.getByRole('link', { name: 'Browse Products' }).first()).toHaveAttribute(
    'href',
    /^\/products\?category=/,
  );

  const search = page.getByRole('searchbox', { name: 'Search categories' });
  await expect(search).toHaveAttribute('placeholder', 'Search categories...');
  await search.fill('TEXT');
  await expect(cards).toHaveCount(1);
  await expect(cards.getByRole('heading')).toHaveText('Textiles');
  await expect(cards.getByRole('link', { name: 'Browse Products' })).toHaveAttribute(
    'href',
    '/products?category=textiles',
  );

  await search.fill('ayurvedic recipes'); // in the description only
  await expect(cards.getByRole('heading')).toHaveText('Ayurveda');

  await search.fill('plutonium');
  await expect(cards).toHaveCount(0);
  await expect(page.getByText('No Categories Found')).toBeVisible();
  await expect(page.getByText('Try a different search term')).toBeVisible();
  await page.getByRole('button', { name: 'Clear Search' }).click();
  await expect(search).toHaveValue('');
  await expect(cards).toHaveCount(6);

  await expect(page.getByRole('link', { name: 'View All Products' })).toHaveAttribute('href', '/products');
  await expect(page.getByRole('main').getByRole('link', { name: 'Become a Seller' })).toHaveAttribute(
    'href',
    '/dashboard/seller',
  );
});

test('categories: six skeleton cards while loading, a toast when loading fails', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('/api/categories', async (route) => {
    await held;
    await route.fulfill({
      status: 500,
      json: { error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } },
    });
  });
  await page.goto('/categories');
  const list = page.getByRole('region', { name: 'Categories' });
  await expect(list).toHaveAttribute('aria-busy', 'true');
  await expect(list.locator('.skeleton')).toHaveCount(6 * 4);
  release();
  await expect(page.getByText('Failed to load categories')).toBeVisible();
  await expect(page.getByText('No Categories Found')).toBeVisible();
  await expect(page.getByText('Categories will appear here')).toBeVisible();
});
