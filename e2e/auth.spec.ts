import { expect, test } from '@playwright/test';
import { nextRecoveryCode } from './accounts.ts';
import { fillSignUp, newAccount, signUp } from './helpers.ts';
import { signInByApi } from './shop.ts';

test('sign-up shows the two password alerts, then creates the account and signs in', async ({ page }) => {
  const account = newAccount('Meera Iyer');

  await fillSignUp(page, account, 'something-else');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText("Passwords don't match!");

  await fillSignUp(page, { ...account, password: 'abc' });
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters long!');
  await expect(page.getByLabel('Password', { exact: true })).toBeFocused();

  await signUp(page, account, 'Buy Products', { verify: false });
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page.getByText('We sent you a link to verify your e-mail address.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'E-mail verification' })).toContainText(
    `we sent a link to ${account.email}`,
  );
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: account.fullName })).toHaveAttribute('href', '/dashboard/buyer');
  await expect(header.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
  await expect(header.getByRole('img', { name: 'Administrator' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Login' })).toHaveCount(0);

  // The session survives a reload, and a signed-in visitor is sent away from /auth.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: account.fullName })).toBeVisible();
});

test('on a phone, a mismatch is shown under Confirm Password, which is marked, focused and in view (issue 23)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const account = newAccount('Meera Iyer');
  await fillSignUp(page, account, 'something-else');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const confirm = page.getByLabel('Confirm Password');
  await expect(confirm).toBeFocused();
  await expect(confirm).toHaveAttribute('aria-invalid', 'true');
  await expect(confirm).toHaveAccessibleDescription("Passwords don't match!");
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText("Passwords don't match!");
  await expect(confirm).toBeInViewport({ ratio: 1 });
  await expect(alert).toBeInViewport({ ratio: 1 });
  // Not hidden under the sticky header.
  const header = (await page.getByRole('banner').boundingBox())!;
  expect((await confirm.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
  await expect(page.getByLabel('Password', { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
});

test('a seller lands on the seller dashboard link and has no wishlist', async ({ page }) => {
  const account = newAccount('Ravi Kumar');
  await signUp(page, account, 'Sell Products');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: account.fullName })).toHaveAttribute('href', '/dashboard/seller');
  await expect(header.getByRole('img', { name: 'Wishlist' })).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Wishlist' })).toHaveCount(0);
});

test('an address already registered is refused with the server message', async ({ page }) => {
  const account = newAccount();
  await signUp(page, account);
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await fillSignUp(page, account);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Error creating account')).toBeVisible();
});

test('sign out ends the session and goes home', async ({ page }) => {
  const account = newAccount('Kabir Shah');
  await signUp(page, account);
  await page.goto('/about');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out successfully')).toBeVisible();
  await expect(page.getByText('Come back soon!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
  await page.reload();
  await expect(header.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('sign in: a wrong password shows the error, the right one signs in', async ({ page }) => {
  const account = newAccount('Nisha Rao');
  await signUp(page, account);
  await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Login' })).toBeVisible();

  await page.getByRole('banner').getByRole('link', { name: 'Login' }).click();
  await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Email').fill(account.email);
  const password = page.getByLabel('Password', { exact: true });
  await password.fill('not-my-password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await expect(password).toHaveAttribute('type', 'text');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Error signing in')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);

  await password.fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page.getByText('Successfully signed in.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: account.fullName })).toBeVisible();
});

test('the login form asks for a valid email before calling the server', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Enter a valid email address')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test('forgot password: the link on the login form leads to a reset request', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'If an account exists for this email' })).toBeVisible();
});

test('reset password: a broken link is refused with the server message', async ({ page }) => {
  await page.goto('/reset-password?token=not-a-real-token');
  await page.getByLabel('New Password').fill('new-secret-1');
  await page.getByLabel('Confirm Password').fill('new-secret-1');
  await page.getByRole('button', { name: 'Set New Password' }).click();
  await expect(page.getByText('Error resetting password')).toBeVisible();
});

test('the cart badge appears once the cart holds something', async ({ page }) => {
  await signUp(page, newAccount());
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Cart', exact: true })).toBeVisible();

  const { items } = await (await page.request.get('/api/products')).json();
  const added = await page.request.post('/api/cart/items', { data: { productId: items[0].id, quantity: 2 } });
  expect(added.ok()).toBe(true);
  await page.reload();
  await expect(header.getByRole('link', { name: 'Cart, 2 items' })).toContainText('2');
});

test('an admin sees the shield and wishlist icons and a link to the admin dashboard', async ({
  page,
  request,
  baseURL,
}) => {
  // The demo admin of the default start (DEMO_DATA on; see the README), whose second factor is set up by then.
  await signInByApi(request, baseURL!, 'admin@mibi.demo', 'admin1234');
  await page.goto('/auth');
  await page.getByLabel('Email').fill('admin@mibi.demo');
  await page.getByLabel('Password', { exact: true }).fill('admin1234');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.getByLabel('Code').fill(nextRecoveryCode('admin@mibi.demo'));
  await page.getByRole('button', { name: 'Verify' }).click();
  const header = page.getByRole('banner');
  await expect(header.getByRole('img', { name: 'Administrator' })).toBeVisible();
  // The demo admin is a buyer too: their wishlist is a link.
  await expect(header.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
  await expect(header.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect(header.locator('a[href="/dashboard/admin"]')).toBeVisible();
});
