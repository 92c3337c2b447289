/**
 * Issue 28: an admin makes a user an analyst, who runs SQL over the log on /analyst, downloads
 * the answer as CSV, shares it by its address, and is refused a query that writes.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, signInByApi, signUpByApi } from './shop.ts';

const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };
const BY_TYPE = 'select type, count(*) from events group by 1 order by 2 desc';

test('an admin grants the analyst role; the analyst queries the log, downloads the CSV and shares the link', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Two people, a grant, six queries, a download and a reload: more than the default 30 s on a busy machine.
  test.slow();
  const fullName = `Kavya Analyst ${Date.now().toString(36)}`;
  const account = await signUpByApi(page.request, baseURL!, 'buyer', fullName);

  const admin = await browser.newContext({ baseURL });
  const adminPage = await admin.newPage();
  await signInByApi(adminPage.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await adminPage.goto(`/dashboard/admin?tab=users&q=${encodeURIComponent(account.email)}`);
  await adminPage.getByRole('button', { name: 'Grant analyst' }).click();
  await adminPage
    .getByRole('dialog', { name: `Grant the analyst role to ${fullName}?` })
    .getByRole('button', { name: 'Grant role' })
    .click();
  await expect(adminPage.getByText(`${fullName} is now an analyst.`)).toBeVisible();
  await admin.close();

  // Staff sign in with a second factor: the session from before the role no longer counts, and
  // signing in again sets up the authenticator app. Then the header leads the analyst to the page.
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Analytics' })).toHaveCount(0);
  await signInByApi(page.request, baseURL!, account.email, account.password);
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/analyst$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();

  const editor = page.getByLabel('SQL');
  await editor.fill(BY_TYPE);
  await editor.press('Control+Enter');
  await expect(page).toHaveURL(/[?&]q=/);
  expect(new URL(page.url()).searchParams.get('q')).toBe(BY_TYPE);
  const result = page.getByRole('region', { name: 'Result' });
  const registered = result.getByRole('row').filter({ hasText: 'AccountRegistered' });
  await expect(registered).toHaveCount(1);
  await expect(result.getByRole('columnheader').first()).toContainText('type');
  await expect(result.getByRole('columnheader').nth(1)).toContainText('BIGINT');
  await expectAccessible(page, testInfo, 'analyst-page');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download CSV' }).click();
  const csv = readFileSync((await (await download).path())!, 'utf8').split('\r\n');
  expect(csv[0]).toMatch(/^type,/);
  expect(csv.some((line) => /^AccountRegistered,\d+$/.test(line))).toBe(true);

  // The address shares the query: opening it runs it again.
  const shared = page.url();
  await page.goto('/');
  await page.goto(shared);
  await expect(editor).toHaveValue(BY_TYPE);
  await expect(registered).toHaveCount(1);

  await editor.fill('create table mine as select 1');
  await page.getByRole('button', { name: 'Run' }).click();
  await expect(result.getByRole('alert')).toContainText('Refused:');
  await expect(result.getByRole('table')).toHaveCount(0);

  // A type from the catalog writes its query, of its typed view, which runs.
  await page.getByRole('button', { name: 'Query WishlistItemSaved' }).click();
  await expect(editor).toHaveValue('select * from "WishlistItemSaved" limit 100');
  await editor.press('Control+Enter');
  await expect(result.getByRole('columnheader', { name: /productId/ })).toBeVisible();
  await expect(result.getByRole('alert')).toHaveCount(0);
});

test('a buyer is told the page is for analysts and admins', async ({ page, baseURL }) => {
  await signUpByApi(page.request, baseURL!, 'buyer');
  await page.goto('/analyst');
  await expect(page.getByText("This page is for MIBI's analysts and admins.")).toBeVisible();
  await expect(page.getByLabel('SQL')).toHaveCount(0);
});
