/** Issue 13: e-mail verification, notices, common passwords refused, and two-step sign-in, as a person meets them. */
import { readFileSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import decodeQR from 'qr/decode.js';
import sharp from 'sharp';
import { totpCodeOf, verificationToken } from './accounts.ts';
import { fillSignUp, newAccount, signUp } from './helpers.ts';
import { expectAccessible, signInByApi, signUpByApi } from './shop.ts';

const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };

const banner = (page: Page) => page.getByRole('region', { name: 'E-mail verification' });

test('a new account verifies its address from the mailed link; until then a banner offers a new link', async ({
  page,
}, testInfo) => {
  const account = newAccount('Meera Iyer');
  await signUp(page, account, 'Sell Products', { verify: false });
  await expect(banner(page)).toContainText('You can list products once it is verified.');
  await banner(page).getByRole('button', { name: 'Resend verification e-mail' }).click();
  await expect(page.getByText(`We sent a new link to ${account.email}. It works for 48 hours.`)).toBeVisible();
  await expectAccessible(page, testInfo, 'verify-email-banner');

  await page.goto(`/verify-email?token=${encodeURIComponent(verificationToken(account.email))}`);
  await expect(page.getByText('Your e-mail address is verified. Thank you!')).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  await page.goto('/account');
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // An old link (the resend replaced it) or a made-up one says what to do.
  await page.goto('/verify-email?token=made-up');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText(
    'This verification link is invalid or has expired. Sign in and ask for a new one.',
  );
});

test('a common password is refused at sign-up and on the account page, with the server’s message', async ({ page }) => {
  const account = newAccount();
  await fillSignUp(page, { ...account, password: 'password1' });
  await page.getByRole('button', { name: 'Create Account' }).click();
  // The form's alert (the toast says it too).
  await expect(page.getByRole('tabpanel').getByRole('alert')).toHaveText(
    'This password is too common. Choose another.',
  );

  await signUp(page, account);
  await page.goto('/account');
  await page.getByLabel('Current Password').fill(account.password);
  await page.getByLabel('New Password', { exact: true }).fill('iloveyou');
  await page.getByLabel('Confirm New Password').fill('iloveyou');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('form', { name: 'Change password' }).getByRole('alert')).toHaveText(
    'This password is too common. Choose another.',
  );

  await page.getByLabel('Current Password').fill(account.password);
  await page.getByLabel('New Password', { exact: true }).fill('masala-dosa-77');
  await page.getByLabel('Confirm New Password').fill('masala-dosa-77');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
});

test('a new admin sets up two-step sign-in at their first sign-in, then signs in with a code', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // The demo admin makes a fresh account an admin.
  const staff = await browser.newContext({ baseURL });
  await signInByApi(staff.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const account = await signUpByApi(page.request, baseURL!, 'buyer', 'Nisha Admin');
  const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: string } };
  const granted = await staff.request.post(`/api/admin/users/${me.user.id}/roles`, {
    data: { role: 'admin' },
    headers: { origin: baseURL! },
  });
  expect(granted.ok()).toBe(true);
  await staff.close();

  await page.goto('/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Set up two-step sign-in' })).toBeVisible();
  const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
  await expect(page.getByLabel('otpauth link')).toHaveText(new RegExp(`^otpauth://totp/MIBI:.*secret=${secret}`));
  await expectAccessible(page, testInfo, 'totp-enrolment');
  await page.getByLabel('Code from the app').fill(totpCodeOf(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  const recoveryCode = await codes.first().innerText();
  await page.getByRole('button', { name: 'I have saved my recovery codes, continue' }).click();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Administrator' })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await page.goto('/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step sign-in' })).toBeVisible();
  await page.getByLabel('Code').fill(recoveryCode);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('banner').getByRole('img', { name: 'Administrator' })).toBeVisible();
  await page.goto('/account');
  await expect(page.getByRole('button', { name: 'Turn off two-step sign-in' })).toHaveCount(0);
});

test('a seller turns two-step sign-in on and off on the account page', async ({ page }) => {
  const account = newAccount('Kabir Crafts');
  await signUp(page, account, 'Sell Products');
  await page.goto('/account');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
  await page.getByLabel('Code from the app').fill(totpCodeOf(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await page.getByRole('button', { name: 'I have saved my recovery codes' }).click();
  await expect(page.getByText('On: you sign in with your password and a code')).toBeVisible();

  await page.getByRole('button', { name: 'Turn off two-step sign-in' }).click();
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Turn off', exact: true }).click();
  await expect(page.getByText('Off: a password alone signs you in.')).toBeVisible();
});

test('the set-up shows a QR code of the link, the recovery codes copy and download, and a refused code leaves no error behind (issue 23)', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, newAccount('Leela Textiles'), 'Sell Products');
  await page.goto('/account');
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();

  // The code an authenticator app scans is the otpauth link shown as text.
  const qr = page.getByRole('img', { name: 'QR code for your authenticator app' });
  const { data, info } = await sharp(await qr.screenshot())
    .raw()
    .toBuffer({ resolveWithObject: true });
  const scanned = decodeQR(
    { width: info.width, height: info.height, data },
    { format: info.channels === 4 ? 'RGBA' : 'RGB' },
  );
  await page.getByText('Or use the otpauth link').click();
  await expect(page.getByLabel('otpauth link')).toHaveText(scanned);
  expect(scanned).toMatch(/^otpauth:\/\/totp\/MIBI:/);

  const secret = (await page.getByLabel('Setup key').innerText()).replace(/\s+/g, '');
  const wrongCode = totpCodeOf(secret) === '000000' ? '111111' : '000000';
  await page.getByLabel('Code from the app').fill(wrongCode);
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  await expect(page.getByText('Error setting up two-step sign-in')).toBeVisible();
  await page.getByLabel('Code from the app').fill(totpCodeOf(secret));
  await page.getByRole('button', { name: 'Turn on two-step sign-in' }).click();
  const listed = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(listed).toHaveCount(10);
  const codes = await listed.allInnerTexts();
  await expect(page.getByText('Two-step sign-in is on')).toBeVisible();
  // At once: the failed attempt's toast would otherwise still be on screen (a toast stays 5 s).
  expect(await page.getByText('Error setting up two-step sign-in').count()).toBe(0);

  await page.getByRole('button', { name: 'Copy codes' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.trim().split('\n').slice(-10)).toEqual(codes);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download codes' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('mibi-recovery-codes.txt');
  expect(readFileSync((await download.path())!, 'utf8')).toBe(copied);
});
