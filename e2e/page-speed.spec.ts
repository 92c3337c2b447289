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

test('page speed: the page and its scripts and styles come brotli-compressed, the hashed files cached for good', async ({
  page,
}) => {
  let document!: Response | null;
  const assets = await assetResponses(page, async () => {
    document = await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentic Indian Products');
    // The page drawn on the server is the app's once its script has come.
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
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
  // At least the page's script and its stylesheet (frontend/src/boot.ts), and the app's script it imports.
  expect(compressed.filter((url) => /\/(boot|app)-[\w-]+\.(js|css)$/.test(url))).toHaveLength(3);
});

test('page speed: the first product picture is fetched at once and first, the others when they near the viewport', async ({
  page,
}) => {
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

/** What the page fetched, as its resource timing lists it: each address and what started it ('link' for a preload). */
const resourcesOf = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => ({ name: entry.name, initiator: (entry as PerformanceResourceTiming).initiatorType })),
  );

/**
 * Loads `path` afresh and checks that its head preloads the picture `picture` shows, the JSON
 * `api` names and the page's script, and that the page took them from those preloads: the same
 * srcset and sizes as the <img> (so the same file on any screen), each file fetched once, by the
 * link. A page drawn on the server (`carried`) carries its JSON instead: never fetched; and its
 * HTML preloads no script, as the app comes once the page is on screen (frontend/src/boot.ts).
 */
async function expectHintsUsed(
  page: Page,
  path: string,
  picture: (page: Page) => ReturnType<Page['locator']>,
  api: RegExp,
  carried = false,
) {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  const html = await (await page.goto(path))!.text();
  const img = picture(page);
  await expect(img).toHaveJSProperty('complete', true);
  const link = page.locator('head link[rel="preload"][as="image"]');
  await expect(link).toHaveCount(1);
  await expect(link).toHaveAttribute('fetchpriority', 'high');
  expect(await link.getAttribute('imagesrcset')).toBe(await img.getAttribute('srcset'));
  expect(await link.getAttribute('imagesizes')).toBe(await img.getAttribute('sizes'));
  expect(await link.getAttribute('href')).toBe(await img.getAttribute('src'));

  const shown = await img.evaluate((element: HTMLImageElement) => element.currentSrc);
  expect(
    requested.filter((url) => url === shown),
    `${shown} fetched once`,
  ).toHaveLength(1);
  const json = requested.filter((url) => api.test(new URL(url).pathname + new URL(url).search));
  const resources = await resourcesOf(page);
  expect(resources.find((entry) => entry.name === shown)?.initiator, 'the picture came from the preload').toBe('link');
  if (carried) {
    expect(json, 'the JSON the page carries is not fetched').toHaveLength(0);
    await expect(page.locator('head link[as="fetch"]')).toHaveCount(0);
  } else {
    expect(json, 'the JSON fetched once').toHaveLength(1);
    expect(resources.find((entry) => entry.name === json[0])?.initiator, 'the JSON came from the preload').toBe('link');
  }

  // The page's own script, named in the HTML (or, on a drawn page, by the app once it runs), fetched once: by the link, not again by the route.
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  const scripts = await page
    .locator('head link[rel="modulepreload"]')
    .evaluateAll((links) => links.map((link) => (link as HTMLLinkElement).href));
  expect(
    scripts.some((url) => /\/assets\/Product\w*Page-[\w-]+\.js$/.test(url)),
    'the page module is preloaded',
  ).toBe(true);
  expect(html.includes('rel="modulepreload"'), 'the HTML preloads scripts').toBe(!carried);
  for (const url of scripts)
    expect(
      requested.filter((seen) => seen === url),
      `${url} fetched once`,
    ).toHaveLength(1);
}

for (const [screen, options] of [
  ['a desktop', { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 }],
  // Lighthouse's mobile preset (a Moto G Power).
  ['a phone', { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true }],
] as const) {
  test(`page speed: on ${screen}, /products and a product page come drawn with the JSON they show, and preload in their HTML the picture they show first`, async ({
    browser,
  }) => {
    const context = await browser.newContext(options);
    try {
      const list = await context.newPage();
      const firstCard = (page: Page) => page.getByRole('region', { name: 'Products' }).locator('img').first();
      await expectHintsUsed(list, '/products', firstCard, /^\/api\/products\?/, true);
      const href = await list.getByRole('region', { name: 'Products' }).getByRole('link').first().getAttribute('href');

      const product = await context.newPage();
      await expectHintsUsed(
        product,
        href!,
        (page) => page.getByRole('main').locator('img').first(),
        /^\/api\/products\/[\w-]+$/,
        true,
      );
    } finally {
      await context.close();
    }
  });
}

test('page speed: the home page, the catalogue and a product come drawn, shown before any script runs, in the language of their address', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto('/products');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Authentic Indian Products');
    const cards = page.getByRole('region', { name: 'Products' }).getByRole('article');
    await expect(cards).toHaveCount(20);
    await expect(cards.first()).toContainText('₹');
    await expect(cards.first().locator('img')).toHaveJSProperty('complete', true);
    const name = (await cards.first().getByRole('heading').textContent())!;
    const href = (await cards.first().getByRole('link').first().getAttribute('href'))!;
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page.getByRole('main')).toContainText('₹');
    await expect(page.getByRole('main').locator('img').first()).toHaveJSProperty('complete', true);
    await page.goto(`/hi${href}`);
    await expect(page.getByRole('button', { name: 'कार्ट में डालें' })).toBeVisible();
    await page.goto('/hi/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    await expect(page.getByRole('link', { name: 'अभी ख़रीदें' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('page speed: a drawn page is taken over by the browser as it is, then answers clicks', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { drawnCard: Element | null }).drawnCard = document.querySelector('main article');
    }),
  );
  await page.goto('/products');
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  // The very card the server drew, kept by React (hydrated), not drawn again.
  expect(
    await page.evaluate(
      () => (window as unknown as { drawnCard: Element | null }).drawnCard === document.querySelector('main article'),
    ),
  ).toBe(true);
  await page.getByLabel('Sort by').selectOption('newest');
  await expect(page).toHaveURL(/sort=newest/);
  expect(errors).toEqual([]);
});

test('page speed: a drawn product page is taken over as it is, then answers clicks', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto('/products');
  const href = (await page.getByRole('region', { name: 'Products' }).getByRole('link').first().getAttribute('href'))!;
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { drawnPicture: Element | null }).drawnPicture = document.querySelector('main img');
    }),
  );
  await page.goto(href);
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
  // The very picture the server drew, kept by React (hydrated), not drawn again.
  expect(
    await page.evaluate(
      () => (window as unknown as { drawnPicture: Element | null }).drawnPicture === document.querySelector('main img'),
    ),
  ).toBe(true);
  // A visitor (the only one a page is drawn for) is asked to sign in.
  await page.getByRole('button', { name: 'Add to Cart' }).click();
  await expect(page.getByText('Please login to add items to cart')).toBeVisible();
  expect(errors).toEqual([]);
});
