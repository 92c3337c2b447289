import { writeFileSync } from 'node:fs';
import { type Page, type TestInfo, expect, test } from '@playwright/test';
import { addToCartByApi, productNamed, signInByApi } from './shop.ts';

const DEMO_BUYER = { email: 'buyer@mibi.demo', password: 'demo1234' };
const DEMO_SELLER = { email: 'weaves@mibi.demo', password: 'demo1234' };
const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };

/** A real 1 x 1 PNG, for the preview of an image chosen for upload (a blob: URL). */
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * Everything the browser refused under the page's Content-Security-Policy: the violation events
 * (reported through a binding, which the policy does not govern) and the console's own lines.
 */
async function watchPolicy(page: Page): Promise<string[]> {
  const refused: string[] = [];
  await page.exposeFunction('reportPolicyViolation', (line: string) => refused.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation: (line: string) => void }).reportPolicyViolation;
      report(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy|refused to/i.test(message.text()))
      refused.push(message.text());
  });
  page.on('pageerror', (error) => refused.push(`uncaught: ${error.message}`));
  return refused;
}

/** Opens `path`, checks that the page came with the SPA's policy, and waits for its main heading. */
async function open(page: Page, path: string, heading: string | RegExp): Promise<void> {
  const response = await page.goto(path);
  const policy = response!.headers()['content-security-policy'];
  expect(policy).toContain("script-src 'self'");
  expect(policy).not.toContain('unsafe-inline');
  expect(response!.headers()['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

/**
 * The catalog's images on screen (served from /media: the demo's SVGs) have loaded and decoded.
 * The first is scrolled to: lazy images below the fold load only there (the seller's orders come
 * first while any wait, and push the products down).
 */
async function expectImagesShown(page: Page): Promise<void> {
  const images = page.locator('img[src^="/media/"]');
  await images.first().scrollIntoViewIfNeeded();
  await expect(images.first()).toBeVisible();
  await expect
    .poll(() =>
      images.evaluateAll(
        (all) =>
          all.filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0).length,
      ),
    )
    .toBeGreaterThan(0);
  const broken = await images.evaluateAll((all) =>
    all
      .filter((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth === 0)
      .map((img) => (img as HTMLImageElement).src),
  );
  expect(broken).toEqual([]);
}

async function screenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(`${name}.png`, { path, contentType: 'image/png' });
}

test('a visitor: home, products and a product render under the policy with their images, nothing refused', async ({
  page,
}, testInfo) => {
  const refused = await watchPolicy(page);
  await open(page, '/', /Make in India/i);
  await screenshot(page, testInfo, 'home');

  // The demo's product images are SVGs, served as downloads when opened directly: <img> shows them all the same.
  await open(page, '/products', 'Authentic Indian Products');
  await expectImagesShown(page);
  await screenshot(page, testInfo, 'products');
  const saree = await productNamed(page.request, 'Banarasi Silk Saree');
  await open(page, `/products/${saree.id}`, 'Banarasi Silk Saree');
  await expectImagesShown(page);
  await screenshot(page, testInfo, 'product');
  await open(page, '/auth', /.+/);
  expect(refused).toEqual([]);
});

test('the demo buyer: cart, checkout and dashboard, nothing refused', async ({ page, baseURL }) => {
  const refused = await watchPolicy(page);
  await signInByApi(page.request, baseURL!, DEMO_BUYER.email, DEMO_BUYER.password);
  const saree = await productNamed(page.request, 'Banarasi Silk Saree');
  await addToCartByApi(page.request, baseURL!, saree.id);
  await open(page, '/cart', /cart/i);
  await expectImagesShown(page);
  await open(page, '/checkout', 'Checkout');
  await open(page, '/dashboard/buyer', 'My Account');
  expect(refused).toEqual([]);
});

test('the demo seller: dashboard with its sales chart, and the preview of an image to upload (blob:), nothing refused', async ({
  page,
  baseURL,
}, testInfo) => {
  const refused = await watchPolicy(page);
  await signInByApi(page.request, baseURL!, DEMO_SELLER.email, DEMO_SELLER.password);
  await open(page, '/dashboard/seller', 'Seller Dashboard');
  await expectImagesShown(page);
  await expect(page.locator('.uplot canvas').first()).toBeVisible();

  await page.getByRole('button', { name: 'Add New Product' }).click();
  const image = testInfo.outputPath('pixel.png');
  writeFileSync(image, PNG_1X1);
  await page.getByLabel('Upload an image').setInputFiles(image);
  const preview = page.getByRole('img', { name: 'Preview of the chosen image' });
  await expect(preview).toHaveAttribute('src', /^blob:/);
  await expect.poll(() => preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
  await screenshot(page, testInfo, 'seller');
  expect(refused).toEqual([]);
});

test('the demo admin: every tab of the console, nothing refused', async ({ page, baseURL }) => {
  const refused = await watchPolicy(page);
  await signInByApi(page.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await open(page, '/dashboard/admin', 'Admin Dashboard');
  for (const tab of ['Sellers', 'Products', 'Orders', 'Payouts', 'Commission', 'Users', 'Overview']) {
    await page.getByRole('tab', { name: tab }).click();
    await expect(page.getByRole('tab', { name: tab })).toHaveAttribute('aria-selected', 'true');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  }
  expect(refused).toEqual([]);
});

test('the API reference renders from our own files: no request leaves the site', async ({
  page,
  baseURL,
}, testInfo) => {
  const elsewhere: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(baseURL!).origin)
      elsewhere.push(request.url());
  });
  const refused = await watchPolicy(page);
  const response = await page.goto('/api/docs');
  expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: 'MIBI API' }).first()).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('/api/health').first()).toBeVisible();
  await screenshot(page, testInfo, 'api-reference');
  expect(elsewhere).toEqual([]);
  // Scalar's bundle tries `Function('')` once to learn whether it may compile code; refusing that is the point.
  expect(refused.filter((line) => !/^script-src refused eval\b/.test(line))).toEqual([]);
});
