import { expect, test } from '@playwright/test';

test('the SPA shell renders the home route', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'MIBI' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentic Indian Products');
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404')).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the API health answers with adapters and projection lag', async ({ request }) => {
  const health = await request.get('/api/health');
  expect(health.ok()).toBe(true);
  const body = await health.json();
  expect(body.adapters).toEqual({ events: 'sqlite', read: 'sqlite', queue: 'memory', bus: 'memory', blobs: 'fs' });
  expect(body.projections['log-stats']).toMatchObject({ lag: expect.any(Number) });
});
