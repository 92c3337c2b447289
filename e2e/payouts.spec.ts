/**
 * Issue 24, settlement: a seller sets up payouts in the dashboard (each mistake told under its
 * field), and an order paid online through the test gateway's page and delivered shows in the
 * ledger as a transfer to that account, on hold until its return window closes.
 */
import { type Page, expect, test } from '@playwright/test';
import {
  addToCartByApi,
  expectAccessible,
  fillAddress,
  listProduct,
  ordersOnceThere,
  postByApi,
  signInByApi,
  signUpByApi,
} from './shop.ts';

/** The buyer checks its cart out paying online, then pays by UPI on the test gateway's hosted page, which posts back to MIBI. */
async function payOnline(page: Page): Promise<void> {
  await page.goto('/checkout');
  await fillAddress(page);
  await page.getByRole('radio', { name: /Pay online \(UPI, cards, netbanking\)/ }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByText('Test payment: no money moves.')).toBeVisible();
  await page.getByRole('radio', { name: 'UPI', exact: true }).check();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page.waitForURL('**/dashboard/buyer');
}

test('a seller sets up payouts, and an order paid online and delivered is transferred to it on hold', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  // Two users, the gateway's page and the workers' transfer: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const seller = await signUpByApi(page.request, baseURL!, 'seller', 'Kutch Embroidery Studio');
  const productId = await listProduct(page.request, baseURL!, {
    name: 'Kutch Mirror-work Cushion',
    pricePaise: 1_200_00,
  });
  await page.goto('/dashboard/seller');
  await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Payouts' }).click();
  const section = page.getByRole('region', { name: 'Payouts' });
  await expect(section.getByRole('heading', { name: 'Payouts' })).toBeInViewport();
  await expect(section).toContainText('Payouts are not set up');

  // Each mistake is told under its field.
  await section.getByLabel('Account holder name', { exact: true }).fill('Kutch Embroidery Studio');
  await section.getByLabel('Account number', { exact: true }).fill('12345');
  await section.getByLabel('IFSC', { exact: true }).fill('SBIN1001234');
  await section.getByRole('button', { name: 'Save Bank Account' }).click();
  const accountNumber = section.getByLabel('Account number', { exact: true });
  await expect(accountNumber).toHaveAccessibleDescription('Account number must be 9 to 18 digits');
  await expect(accountNumber).toBeFocused();
  await expect(section.getByLabel('IFSC', { exact: true })).toHaveAccessibleDescription(
    'IFSC must be 11 characters: 4 letters, then 0, then 6 letters or digits (like SBIN0001234)',
  );
  await expectAccessible(page, testInfo, 'payouts-form-errors');

  await accountNumber.fill('0012 3456 7890');
  await section.getByLabel('IFSC', { exact: true }).fill('sbin0001234');
  await section.getByRole('button', { name: 'Save Bank Account' }).click();
  await expect(page.getByText('Your earnings on orders paid online go to this account.')).toBeVisible();
  await expect(section).toContainText('Payouts set up');
  await expect(section).toContainText('Kutch Embroidery Studio · •••• 7890 · SBIN0001234');
  await expect(section).not.toContainText('0012 3456 7890');

  // A buyer pays for two cushions online, on the gateway's page.
  const buyerContext = await browser.newContext({ baseURL });
  const buyerPage = await buyerContext.newPage();
  await signUpByApi(buyerPage.request, baseURL!, 'buyer', 'Anjali Menon');
  await addToCartByApi(buyerPage.request, baseURL!, productId, 2);
  await payOnline(buyerPage);
  const [order] = await ordersOnceThere(buyerPage.request);
  await buyerContext.close();

  // The seller delivers it: its earning (₹2,400 less 10%) goes to the payout account, on hold.
  await signInByApi(page.request, baseURL!, seller.email, seller.password);
  const sellerOrderId = order!.sellerOrders[0]!.id;
  await expect(async () => {
    await postByApi(page.request, baseURL!, `/api/seller-orders/${sellerOrderId}/status`, { status: 'processing' });
  }).toPass();
  for (const status of ['shipped', 'delivered'])
    await postByApi(page.request, baseURL!, `/api/seller-orders/${sellerOrderId}/status`, { status });

  await page.goto('/dashboard/seller#ledger');
  const ledger = page.getByRole('region', { name: 'Ledger lines, newest first' });
  const transfer = ledger.getByRole('row', { name: /Transfer/ });
  await expect(transfer).toContainText('On hold');
  await expect(transfer).toContainText('-₹2,160.00');
  await expect(ledger.getByRole('row', { name: /Earning/ })).toContainText('₹2,160.00');
  await expect(page.getByRole('region', { name: 'Ledger', exact: true })).toContainText(
    'transferred to your payout account',
  );
  await expectAccessible(page, testInfo, 'ledger-transfer-on-hold');

  // The admins' Payments tab lists it with its state.
  const adminContext = await browser.newContext({ baseURL });
  const adminPage = await adminContext.newPage();
  await signInByApi(adminPage.request, baseURL!, 'admin@mibi.demo', 'admin1234');
  await adminPage.goto('/dashboard/admin?tab=payments');
  const transfers = adminPage.getByRole('list', { name: 'Transfers to sellers' }).first();
  await expect(transfers).toContainText('₹2,160.00');
  await expect(transfers).toContainText('On hold');
  await adminContext.close();
});
