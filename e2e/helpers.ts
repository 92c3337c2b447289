import { type Page, expect } from '@playwright/test';
import { verifyEmailByApi } from './accounts.ts';

/**
 * Pages the server would draw (/, /products: api/http/page-render.ts) are drawn by the browser
 * instead, which then asks the API for what they show: for a test of how a page loads. The server
 * draws only for a visitor without a session cookie; one that has ended signs nobody in.
 */
export async function drawnByTheBrowser(page: Page, baseURL: string): Promise<void> {
  await page.context().addCookies([{ name: 'mibi_session', value: 'ended', url: baseURL }]);
}

/** An address no other test (or earlier run against the same data) has used. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface Account {
  fullName: string;
  email: string;
  password: string;
}

export function newAccount(fullName = 'Asha Verma'): Account {
  return { fullName, email: uniqueEmail(), password: 'chai-masala-42' };
}

/** Fills the Sign Up tab of /auth; the caller submits. */
export async function fillSignUp(page: Page, account: Account, confirmPassword = account.password): Promise<void> {
  await page.goto('/auth?tab=signup');
  await page.getByLabel('Full Name').fill(account.fullName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password').fill(confirmPassword);
}

/**
 * Creates the account through the UI and waits until it is signed in and back home; then
 * follows the mailed verification link (sellers list only from a verified address) unless
 * `verify` is false, and reloads, so the page knows.
 */
export async function signUp(
  page: Page,
  account: Account,
  role: 'Buy Products' | 'Sell Products' = 'Buy Products',
  { verify = true } = {},
): Promise<void> {
  await fillSignUp(page, account);
  await page.getByLabel(role).check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Account created successfully!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  if (!verify) return;
  await verifyEmailByApi(page.request, new URL(page.url()).origin, account.email);
  await page.reload();
}
