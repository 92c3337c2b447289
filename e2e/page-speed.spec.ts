import { type Page, type Response, expect, test } from '@playwright/test';

/** The responses of the SPA's own files (/assets/...) while `action` runs. */
async function assetResponses(page: Page, action: () => Promise<unknown>): Promise<Response[]> {
  const responses: Response[] = [];
  const listener = (response: Response) => {
    if (new URL(response.url()).pathname.startsWith('/assets/')) responses.push(response);
  };
  page.on('response', listener);
  await action();
  page.off('response', listener);
  return responses;
}

test('page speed: the page and its scripts and styles come brotli-compressed, the hashed files cached for good', async ({ page }) => {
  let document!: Response | null;
  const assets = await assetResponses(page, async () => {
    document = await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentic Indian Products');
  });
  expect(document!.headers()['content-encoding']).toBe('br');
  expect(document!.headers()['cache-control']).toBe('no-cache');
  const compressed: string[] = [];
  for (const response of assets) {
    const headers = await response.allHeaders();
    expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
    expect(headers.vary, response.url()).toBe('accept-encoding');
    if (headers['content-encoding'] === 'br') compressed.push(response.url());
    else expect(Number(headers['content-length']), `${response.url()} went out uncompressed`).toBeLessThan(1024);
  }
  // At least the entry script and the stylesheet.
  expect(compressed.filter((url) => /\/index-[\w-]+\.(js|css)$/.test(url))).toHaveLength(2);
});

test('page speed: the first product picture is fetched at once and first, the others when they near the viewport', async ({ page }) => {
  await page.goto('/products');
  const pictures = page.getByRole('region', { name: 'Products' }).locator('img');
  await expect(pictures.first()).toHaveAttribute('fetchpriority', 'high');
  await expect(pictures.first()).toHaveAttribute('loading', 'eager');
  await expect(pictures.nth(1)).toHaveAttribute('loading', 'lazy');
  // Sized before it arrives: nothing moves when it does.
  await expect(pictures.first()).toHaveAttribute('width', '600');
  await expect(pictures.first()).toHaveAttribute('height', '600');

  await page.getByRole('region', { name: 'Products' }).getByRole('link').first().click();
  const main = page.getByRole('main').locator('img').first();
  await expect(main).toHaveAttribute('fetchpriority', 'high');
  await expect(main).toHaveAttribute('loading', 'eager');
});
