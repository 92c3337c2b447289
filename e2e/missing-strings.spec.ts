/**
 * Issue 30, guarding the catalogs: pages opened in the pseudo-locale (/pseudo/...) show no text,
 * header and footer included, that did not come from a catalog; the check itself catches a
 * hard-coded label. Every converted page of a visitor, a buyer, a seller and an admin is opened.
 */
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import {
  addToCartByApi,
  boughtByNewBuyer,
  type PlacedOrder,
  postByApi,
  productNamed,
  signInByApi,
  signUpByApi,
} from './shop.ts';
import { untranslatedOn } from './untranslated.ts';

const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };
const DEMO_SELLER = { email: 'weaves@mibi.demo', password: 'demo1234' };
const DEMO_BUYER = { email: 'buyer@mibi.demo', password: 'demo1234' };

/** Opens `path` in the pseudo-locale once its content is in, and returns the page's hard-coded texts. */
async function untranslated(page: Page, path: string): Promise<string[]> {
  await page.goto(`/pseudo${path}`);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await expect(page.getByLabel('Loading page')).toHaveCount(0);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return untranslatedOn(page, 'body');
}

/** Each of `paths` shows only catalog texts; every page with any left is named, not just the first. */
async function expectCatalogTextsOnly(page: Page, paths: readonly string[]): Promise<void> {
  for (const path of paths) expect.soft(await untranslated(page, path), path).toEqual([]);
}

/** How the pseudo-locale shows the buttons the tests press (lingui.config.ts: accented English, bracketed). */
const PSEUDO = {
  addProduct: '⟦Àďď Ńēŵ Ƥŕōďũćţ⟧', // Add New Product
  editProduct: '⟦Ēďĩţ Ƥŕōďũćţ⟧', // Edit Product
  cancel: '⟦Ćàńćēĺ⟧', // Cancel
  addOption: '⟦Àďď ōƥţĩōń⟧', // Add option
  addQuestion: '⟦Àďď à ǫũēśţĩōń⟧', // Add a question
  markShipped: '⟦Ḿàŕķ śĥĩƥƥēď⟧', // Mark shipped
  addMaker: '⟦Àďď Ḿàķēŕ⟧', // Add Maker
  submitCertificate: '⟦Śũƀḿĩţ Ćēŕţĩƒĩćàţē⟧', // Submit Certificate
};

/** A one-page PDF, the evidence of a certificate. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** A new buyer's order (on `request`) of a demo seller's product, moved on by the seller signed in on `seller`. */
async function demoSellerOrder(
  buyer: APIRequestContext,
  seller: APIRequestContext,
  baseURL: string,
  moves: readonly object[],
): Promise<PlacedOrder['sellerOrders'][number]> {
  const dupatta = await productNamed(buyer, 'Ikat Cotton Dupatta');
  const part = (await boughtByNewBuyer(buyer, baseURL, dupatta.id)).sellerOrders[0]!;
  for (const move of moves) await postByApi(seller, baseURL, `/api/seller-orders/${part.id}/status`, move);
  return part;
}

const firstProductId = async (request: APIRequestContext) =>
  ((await (await request.get('/api/products?limit=1')).json()) as { items: Array<{ id: string }> }).items[0]!.id;

test('the check finds a label written into a page rather than taken from a catalog', async ({ page }) => {
  const before = await untranslated(page, '/auth');
  await page.evaluate(() => {
    const button = document.createElement('button');
    button.textContent = 'Buy now';
    document.querySelector('main')?.append(button);
  });
  expect((await untranslatedOn(page, 'body')).toSorted()).toEqual([...before, 'Buy now'].toSorted());
});

test("a visitor's pages show only catalog texts", async ({ page }) => {
  const product = await firstProductId(page.request);
  const seller = ((await (await page.request.get(`/api/products/${product}`)).json()) as { sellerId: string }).sellerId;
  await expectCatalogTextsOnly(page, [
    '/',
    '/products',
    '/products?category=textiles&certified=gi&q=silk',
    '/categories',
    `/sellers/${seller}`,
    `/products/${product}`,
    '/auth',
    '/about',
    '/mission',
    '/returns',
    '/faq',
    '/privacy',
    '/terms',
    '/no/such/page',
  ]);
});

test("a buyer's pages show only catalog texts", async ({ page, baseURL }) => {
  await signUpByApi(page.request, baseURL!, 'buyer');
  const product = await productNamed(page.request, 'Banarasi Silk Saree');
  await addToCartByApi(page.request, baseURL!, product.id);
  await expectCatalogTextsOnly(page, ['/cart', '/checkout', '/wishlist', '/dashboard/buyer', '/messages', '/account']);
});

test("the demo buyer's orders, with their help requests, show only catalog texts", async ({ page, baseURL }) => {
  await signInByApi(page.request, baseURL!, DEMO_BUYER.email, DEMO_BUYER.password);
  await expectCatalogTextsOnly(page, ['/dashboard/buyer']);
});

test('the account pages reached from a mail, with a bad token, show only catalog texts', async ({ page }) => {
  await expectCatalogTextsOnly(page, ['/forgot-password', '/reset-password?token=not-a-real-token']);
  // Besides the API's refusal: it answers in the reader's language, in English for the pseudo-locale.
  expect(await untranslated(page, '/verify-email?token=not-a-real-token')).toEqual([
    'This verification link is invalid or has expired. Sign in and ask for a new one.',
  ]);
});

test("tracking, signed out and as buyers with and without a tracking number, and the demo buyer's thread show only catalog texts", async ({
  page,
  browser,
  baseURL,
}) => {
  await expectCatalogTextsOnly(page, ['/track']);
  // A new buyer's order the demo seller shipped with a Delhivery waybill of its own (the demo's have none).
  const seller = await browser.newContext({ baseURL });
  await signInByApi(seller.request, baseURL!, DEMO_SELLER.email, DEMO_SELLER.password);
  const awb = String(Date.now()).padStart(13, '9').slice(-13);
  await demoSellerOrder(page.request, seller.request, baseURL!, [
    { status: 'processing' },
    { status: 'shipped', tracking: { carrier: 'delhivery', awb } },
  ]);
  await expectCatalogTextsOnly(page, ['/track']);
  await expect(page.getByText(awb)).toBeVisible();

  await page.context().clearCookies();
  await signInByApi(page.request, baseURL!, DEMO_BUYER.email, DEMO_BUYER.password);
  const [order] = (await (await page.request.get('/api/orders')).json()) as PlacedOrder[];
  await expectCatalogTextsOnly(page, ['/track', `/messages/${order!.sellerOrders[0]!.id}`]);
});

test("the analyst's pages show only catalog texts, the log's own names and data left as they are", async ({
  page,
  baseURL,
}) => {
  await signInByApi(page.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await expectCatalogTextsOnly(page, ['/analyst', '/streams', '/streams/1', '/streams/1?event=1']);
});

test("the admin console's converted tabs show only catalog texts", async ({ page, baseURL }) => {
  await signInByApi(page.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const tabs = [
    'overview',
    'sellers',
    'products',
    'orders',
    'payments',
    'payouts',
    'commission',
    'tax',
    'rates',
    'delivery',
    'users',
    'disputes',
    'certificates',
  ];
  await expectCatalogTextsOnly(
    page,
    tabs.map((tab) => `/dashboard/admin?tab=${tab}`),
  );
});

test("the seller's product history and catalog import show only catalog texts", async ({ page, baseURL }) => {
  await signInByApi(page.request, baseURL!, DEMO_SELLER.email, DEMO_SELLER.password);
  const product = await productNamed(page.request, 'Banarasi Silk Saree');
  await expectCatalogTextsOnly(page, [`/dashboard/seller/products/${product.id}/history`, '/dashboard/seller/catalog']);
});

test("the seller's dashboard, with its product form and ship dialog open, shows only catalog texts", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInByApi(page.request, baseURL!, DEMO_SELLER.email, DEMO_SELLER.password);
  // An order of the demo seller's to ship: a new buyer's, moved on to processing.
  const buyer = await browser.newContext({ baseURL });
  const part = await demoSellerOrder(buyer.request, page.request, baseURL!, [{ status: 'processing' }]);
  await expectCatalogTextsOnly(page, ['/dashboard/seller']);

  const order = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `#${part.shortId}` }) });
  await order.getByRole('button', { name: PSEUDO.markShipped }).click();
  const shipping = page.getByRole('dialog');
  await expect(shipping).toBeVisible();
  expect.soft(await untranslatedOn(page), 'the ship dialog').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(shipping).toHaveCount(0);

  await page.getByRole('button', { name: PSEUDO.addProduct }).click();
  const form = page.locator('#products form').first();
  await expect(form).toBeVisible();
  // With an option, so its variants' table shows, and a question for the buyer.
  await form.getByRole('button', { name: PSEUDO.addOption }).click();
  await form.locator('[name="options.0.name"]').fill('Size');
  await form.locator('[name="options.0.values"]').fill('S, M');
  await form.getByRole('button', { name: PSEUDO.addQuestion }).click();
  await expect(form.locator('table')).toBeVisible();
  expect.soft(await untranslatedOn(page), 'adding a product').toEqual([]);
  await form.getByRole('button', { name: PSEUDO.cancel, exact: true }).click();

  await page.getByRole('button', { name: PSEUDO.editProduct }).first().click();
  await expect(form).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await expect(page.locator('section[aria-labelledby="origin-title"] form')).toBeVisible();
  expect.soft(await untranslatedOn(page), 'editing a product').toEqual([]);
});

test("the seller's makers and certificates, with their forms open, and a product's origin show only catalog texts", async ({
  page,
  baseURL,
}) => {
  await signInByApi(page.request, baseURL!, DEMO_SELLER.email, DEMO_SELLER.password);
  const origin = { origin: baseURL! };
  // A maker with an artisan ID, named on a product, and a certificate with its evidence, so the lists have cards.
  const name = `Ramesh Kumar ${Date.now()}`;
  await postByApi(page.request, baseURL!, '/api/seller/makers', {
    kind: 'artisan',
    name,
    craft: 'Banarasi brocade weaving',
    cluster: { place: 'Sarai Mohana', district: 'Varanasi', state: 'Uttar Pradesh', pin: '221001' },
    artisanId: { kind: 'pehchan', number: `PC${Date.now()}` },
    story: 'Weaves on a pit loom with his sons.',
  });
  let makerId = '';
  await expect
    .poll(async () => {
      const makers = (await (await page.request.get('/api/seller/makers')).json()) as Array<{
        id: string;
        name: string;
      }>;
      makerId = makers.find((maker) => maker.name === name)?.id ?? '';
      return makerId;
    })
    .not.toBe('');
  const product = await productNamed(page.request, 'Banarasi Silk Saree');
  const stated = await page.request.put(`/api/seller/products/${product.id}/origin`, {
    data: { makerIds: [makerId], method: 'handloom', productionPartner: '' },
    headers: origin,
  });
  expect(stated.ok(), await stated.text()).toBe(true);
  const evidence = await page.request.post('/api/seller/evidence', {
    multipart: { file: { name: 'handloom-mark.pdf', mimeType: 'application/pdf', buffer: PDF } },
    headers: origin,
  });
  expect(evidence.ok(), await evidence.text()).toBe(true);
  const number = `HLM-${Date.now()}`;
  await postByApi(page.request, baseURL!, '/api/seller/certificates', {
    kind: 'handloom-mark',
    title: '',
    number,
    issuer: 'Textiles Committee',
    validFrom: '2026-01-01',
    validUntil: '2030-12-31',
    scope: { kind: 'product', productId: product.id },
    evidenceIds: [((await evidence.json()) as { evidenceId: string }).evidenceId],
  });
  await expect
    .poll(async () => JSON.stringify(await (await page.request.get('/api/seller/certificates')).json()))
    .toContain(number);
  await expectCatalogTextsOnly(page, ['/seller/makers', '/seller/certificates']);

  // The forms, open.
  await page.goto('/pseudo/seller/makers');
  await page.getByRole('button', { name: PSEUDO.addMaker }).click();
  await expect(page.locator('#maker-form-title')).toBeVisible();
  expect.soft(await untranslatedOn(page), 'adding a maker').toEqual([]);
  await page.goto('/pseudo/seller/certificates');
  await page.getByRole('button', { name: PSEUDO.submitCertificate }).click();
  await expect(page.locator('#certificate-form-title')).toBeVisible();
  expect.soft(await untranslatedOn(page), 'submitting a certificate').toEqual([]);

  // The product's origin and tag in its editing.
  await page.goto('/pseudo/dashboard/seller');
  const row = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: product.name, exact: true }) });
  await row.getByRole('button', { name: PSEUDO.editProduct }).click();
  const tag = page.locator('section[aria-labelledby="origin-title"]');
  await expect(tag.getByRole('checkbox', { name: new RegExp(name) })).toBeChecked();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  expect.soft(await untranslatedOn(page, 'section[aria-labelledby="origin-title"]'), 'the origin and tag').toEqual([]);

  // The public page its tag opens, with the certificate's note and the record's history (the API's English, read back).
  const detail = await (await page.request.get(`/api/products/${product.id}`)).json();
  const { code } = (detail as { provenance: { code: string } }).provenance;
  await expectCatalogTextsOnly(page, [`/provenance/${code}`]);
});
