/**
 * Issue 29, proof of origin: a seller records a maker and a Handloom Mark certificate with its
 * evidence and states a product's origin; an admin checks the evidence and verifies it; buyers see
 * the badge and "Made by" on the product page, and anyone (signed out) the provenance page of its
 * code, with "History intact".
 */
import { type Page, expect, test } from '@playwright/test';
import { expectAccessible, listProduct, signInByApi, signUpByApi } from './shop.ts';

const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };
const HANDLOOM_MARK_SAYS = 'The seller is a registered user of the Handloom Mark. It does not certify each item.';

/** A PDF as small as one can be: the server reads its type from the bytes. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/** The seller adds a maker on /seller/makers, reached from the dashboard's links. */
async function addMaker(page: Page, name: string): Promise<void> {
  await page.goto('/dashboard/seller');
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Makers' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Makers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Maker' }).click();
  await page.getByLabel('Who they are').selectOption({ label: 'Artisan' });
  await page.getByLabel('Name (as they wish to be shown)').fill(name);
  await page.getByLabel('Craft').fill('Jamdani weaving');
  await page.getByLabel('Village or town').fill('Phulia');
  await page.getByLabel('District').fill('Nadia');
  await page.getByLabel('State').fill('West Bengal');
  // A PIN cannot start with 0: the API's own message shows under the field.
  await page.getByLabel('PIN Code').fill('041301');
  await page.getByLabel('Kind of ID').selectOption({ label: 'Pehchan card' });
  await page.getByLabel('ID number').fill('WB-2023-55128841');
  await page.getByLabel('Their story (optional, up to 1000 characters)').fill('Weaves on a pit loom at home.');
  await page.getByRole('button', { name: 'Add Maker' }).click();
  await expect(page.getByText('Enter a valid 6-digit PIN code')).toBeVisible();
  await page.getByLabel('PIN Code').fill('741402');
  await page.getByRole('button', { name: 'Add Maker' }).click();
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await expect(card).toContainText('Artisan · Jamdani weaving');
  await expect(card).toContainText('Phulia, Nadia, West Bengal 741402');
  // Only the last four characters of the artisan ID are ever shown.
  await expect(card).toContainText('Pehchan card: ••••••••••8841');
}

/** The seller submits a Handloom Mark for its whole business, with a PDF of it as evidence. */
async function submitHandloomMark(page: Page, number: string): Promise<void> {
  await page.goto('/dashboard/seller');
  await page
    .getByRole('navigation', { name: 'Dashboard sections' })
    .getByRole('link', { name: 'Certificates' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Certificates' })).toBeVisible();
  await page.getByRole('button', { name: 'Submit Certificate' }).click();
  await page.getByLabel('Kind of certificate').selectOption({ label: 'Handloom Mark' });
  await page.getByLabel('Certificate or registration number').fill(number);
  await page.getByLabel('Issuer').fill('Textiles Committee');
  await page.getByLabel('Valid from').fill('2025-01-01');
  await page.getByLabel('Valid until').fill('2099-12-31');
  // No evidence yet: refused before it is sent.
  await page.getByRole('button', { name: 'Submit Certificate' }).click();
  await expect(page.getByText('Attach at least one evidence file (a PDF or an image)')).toBeVisible();
  await page
    .getByLabel(/^Evidence:/)
    .setInputFiles({ name: 'handloom-mark.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByRole('list', { name: 'Evidence attached' })).toContainText('handloom-mark.pdf');
  await page.getByRole('button', { name: 'Submit Certificate' }).click();
  await expect(page.getByText('Certificate submitted')).toBeVisible();
  const card = page.getByRole('listitem').filter({ hasText: number });
  await expect(card.getByRole('heading')).toHaveText('Handloom Mark');
  await expect(card).toContainText('Waiting for review');
  await expect(card).toContainText('covers: The seller');
  await expect(card.getByRole('link', { name: 'handloom-mark.pdf' })).toBeVisible();
}

/** On the product's editing, the seller names the maker and the method; the tag shows the code. */
async function stateOrigin(page: Page, productName: string, makerName: string): Promise<string> {
  await page.goto('/dashboard/seller');
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: productName, exact: true }) });
  await row.getByRole('button', { name: 'Edit Product' }).click();
  const origin = page.getByRole('form', { name: 'Origin' });
  await origin.getByLabel('How it was made').selectOption({ label: 'Handloom' });
  await origin.getByRole('button', { name: 'Save Origin' }).click();
  await expect(origin).toContainText('Name at least one maker');
  await origin.getByRole('checkbox', { name: new RegExp(makerName) }).check();
  await origin.getByRole('button', { name: 'Save Origin' }).click();
  await expect(page.getByText('Origin saved')).toBeVisible();
  const tag = page.getByRole('region', { name: 'Origin and tag' });
  await expect(tag.getByRole('link', { name: 'Download QR code (SVG)' })).toBeVisible();
  await expect(tag.getByRole('link', { name: 'Download QR code (PNG)' })).toBeVisible();
  const href = await tag.getByRole('link', { name: 'Open the provenance page' }).getAttribute('href');
  return href!.replace('/provenance/', '');
}

/** The admin opens the certificate in the Certificates tab's queue, sees its evidence beside it, and verifies it. */
async function verifyCertificate(admin: Page, number: string): Promise<void> {
  await admin.goto('/dashboard/admin?tab=certificates');
  await expect(admin.getByRole('tab', { name: 'Certificates' })).toHaveAttribute('aria-selected', 'true');
  const queue = admin.getByRole('region', { name: 'Certificates' });
  const item = queue.getByRole('listitem').filter({ hasText: number });
  await item.getByRole('button', { name: `Check certificate ${number}` }).click();
  await expect(item.getByRole('region', { name: 'Details' })).toContainText('Issuer: Textiles Committee');
  const evidence = item.getByRole('region', { name: 'Evidence' }).getByRole('link', { name: 'handloom-mark.pdf' });
  const file = await admin.request.get((await evidence.getAttribute('href'))!);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(file.headers()['content-disposition']).toMatch(/^attachment/);
  await item.getByRole('button', { name: 'Verify' }).click();
  await expect(admin.getByText('Certificate verified')).toBeVisible();
  await expect(queue.getByRole('listitem').filter({ hasText: number })).toHaveCount(0);
}

test('a seller records a maker, a Handloom Mark with evidence and a product’s origin; an admin verifies it; buyers see the badge and “Made by”', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  const stamp = Date.now().toString(36);
  await signUpByApi(page.request, baseURL!, 'seller', 'Phulia Jamdani House');
  const productName = `Jamdani Saree ${stamp}`;
  const productId = await listProduct(page.request, baseURL!, { name: productName, categoryId: 'handicrafts' });
  const makerName = `Anjali Basak ${stamp}`;
  await addMaker(page, makerName);
  await expectAccessible(page, testInfo, 'makers');
  const number = `HLM-WB-${stamp}`;
  await submitHandloomMark(page, number);
  await expectAccessible(page, testInfo, 'certificates');
  const code = await stateOrigin(page, productName, makerName);
  expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
  await expectAccessible(page, testInfo, 'origin-and-tag');

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInByApi(admin.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await verifyCertificate(admin, number);
  await expectAccessible(admin, testInfo, 'admin-certificates');
  await adminContext.close();

  // A buyer, signed out, on the product page.
  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/products/${productId}`);
  const origin = visitor.getByRole('region', { name: 'Origin' });
  await expect(origin.getByRole('list', { name: 'Certificates' })).toContainText('Handloom Mark');
  await expect(origin).toContainText(HANDLOOM_MARK_SAYS);
  await expect(origin).toContainText(`Made by ${makerName} (Jamdani weaving, Phulia) · Handloom`);
  await expectAccessible(visitor, testInfo, 'product-origin');

  // The list's Handloom Mark filter keeps it, in the address like the other filters.
  await visitor.goto(`/products?q=${encodeURIComponent(productName)}`);
  await visitor.getByRole('group', { name: 'Certified' }).getByRole('button', { name: 'Handloom Mark' }).click();
  await expect(visitor).toHaveURL(/certified=handloom-mark/);
  await expect(visitor.getByRole('heading', { name: productName })).toBeVisible();
  await visitor.getByRole('group', { name: 'Certified' }).getByRole('button', { name: 'GI-tagged' }).click();
  await expect(visitor).toHaveURL(/certified=gi/);
  await expect(visitor.getByRole('heading', { name: productName })).toHaveCount(0);

  // The tag's code opens the provenance page, signed out.
  await visitor.goto(`/provenance/${code}`);
  await expect(visitor.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(visitor.getByText('History intact')).toBeVisible();
  const makers = visitor.getByRole('list', { name: 'Made by' });
  await expect(makers).toContainText(makerName);
  await expect(makers).toContainText('Pehchan card: ••••••••••8841');
  const certificate = visitor
    .getByRole('region', { name: 'Certificates' })
    .getByRole('listitem')
    .filter({ hasText: number });
  await expect(certificate.getByRole('heading')).toHaveText('Handloom Mark');
  await expect(certificate).toContainText('Verified');
  await expect(certificate).toContainText(HANDLOOM_MARK_SAYS);
  await expect(certificate).toContainText(/Verified by .+ on /);
  await expect(visitor.getByRole('region', { name: 'History' })).toContainText('Origin stated');
  await expectAccessible(visitor, testInfo, 'provenance-page');
  await visitorContext.close();
});

test('an admin revokes a verified certificate and its badge leaves the open product page at once, live', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const origin = { origin: baseURL! };
  const number = `HLM-RV-${Date.now().toString(36)}`;
  await signUpByApi(page.request, baseURL!, 'seller', 'Kota Doria Looms');
  const productId = await listProduct(page.request, baseURL!, { name: `Kota Doria Dupatta ${number}` });
  const upload = await page.request.post('/api/seller/evidence', {
    multipart: { file: { name: 'mark.pdf', mimeType: 'application/pdf', buffer: PDF } },
    headers: origin,
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { evidenceId } = (await upload.json()) as { evidenceId: string };
  const submitted = await page.request.post('/api/seller/certificates', {
    data: {
      kind: 'handloom-mark',
      number,
      issuer: 'Textiles Committee',
      validFrom: '2025-01-01',
      validUntil: '2099-12-31',
      scope: { kind: 'product', productId },
      evidenceIds: [evidenceId],
    },
    headers: origin,
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { id } = (await submitted.json()) as { id: string };

  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signInByApi(admin.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const verified = await admin.request.post(`/api/admin/certificates/${id}/verify`, { headers: origin });
  expect(verified.status(), await verified.text()).toBe(200);

  await page.goto(`/products/${productId}`);
  const badges = page.getByRole('region', { name: 'Origin' }).getByRole('list', { name: 'Certificates' });
  await expect(badges).toContainText('Handloom Mark');
  await expect(badges).toContainText('This product is covered by the certificate.');

  await admin.goto('/dashboard/admin?tab=certificates&state=verified');
  const item = admin.getByRole('region', { name: 'Certificates' }).getByRole('listitem').filter({ hasText: number });
  await item.getByRole('button', { name: `Check certificate ${number}` }).click();
  await item.getByRole('button', { name: 'Revoke' }).click();
  await admin
    .getByLabel('Reason (the seller sees it)')
    .fill('The registration was cancelled by the Textiles Committee.');
  await admin.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
  await expect(admin.getByText('Certificate revoked')).toBeVisible();
  await adminContext.close();

  // The buyer's page was not reloaded: the change came over the live feed.
  await expect(badges).toHaveCount(0);
});
