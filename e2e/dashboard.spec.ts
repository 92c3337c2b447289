import { type Page, expect, test } from '@playwright/test';
import { newAccount, signUp } from './helpers.ts';
import {
  type PlacedOrder,
  addToCartByApi,
  expectAccessible,
  listProduct,
  placeOrderByApi,
  signInByApi,
  signUpByApi,
} from './shop.ts';

const DEMO_BUYER = { email: 'buyer@mibi.demo', password: 'demo1234' };
const DEMO_SELLER = { email: 'weaves@mibi.demo', password: 'demo1234' };
const DEMO_ADMIN = { email: 'admin@mibi.demo', password: 'admin1234' };

const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  processing: 'Processing',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};
const NEXT_STATUS: Record<string, string> = { pending: 'processing', processing: 'shipped', shipped: 'delivered' };

/** Opens a dashboard and waits until its live stream is connected, so later changes arrive on it. */
async function openLive(page: Page, path: string): Promise<void> {
  const live = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/live');
  await page.goto(path);
  await live;
}

const orderCard = (page: Page, orderId: string) => page.getByRole('article', { name: `Order #${orderId.slice(0, 8)}` });
const figures = (page: Page, label: string) => page.getByRole('list', { name: label });

test('the demo buyer sees each order with its short id and status, and a status change arrives without a reload', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInByApi(page.request, baseURL!, DEMO_BUYER.email, DEMO_BUYER.password);
  const orders = (await (await page.request.get('/api/orders')).json()) as PlacedOrder[];
  expect(new Set(orders.map((order) => order.status)).size).toBeGreaterThanOrEqual(4);

  await openLive(page, '/dashboard/buyer');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My Account');
  await expect(page.getByText('Manage your orders and cart')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Recent Orders' })).toHaveAttribute('aria-selected', 'true');
  await expect(figures(page, 'Your account in figures')).toContainText(`Total Orders${orders.length}`);
  for (const order of orders) {
    await expect(orderCard(page, order.id).locator('header')).toContainText(STATUS_LABELS[order.status]!);
  }

  // Each seller's part shows with its own status; View Details opens the address, delivery and each part's status history.
  const delivered = orders.find((order) => order.status === 'delivered' && order.sellerOrders.length > 1)!;
  const card = orderCard(page, delivered.id);
  for (const part of delivered.sellerOrders) {
    const section = card.getByRole('region', { name: new RegExp(`Order #${part.shortId}$`) });
    await expect(section).toContainText(`Sold by ${part.sellerName}`);
    await expect(section).toContainText(STATUS_LABELS[part.status]!);
  }
  await card.getByRole('button', { name: 'View Details' }).click();
  await expect(card.getByText('Status history')).toHaveCount(delivered.sellerOrders.length);
  await expect(card.getByText('Status history').first()).toBeVisible();
  await expect(card.getByText('14 Carter Road, Bandra West')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Hide Details' })).toHaveAttribute('aria-expanded', 'true');

  // An admin moves an order (its one seller's part) in another browser; the badge changes in place.
  const moving = orders.find((order) => order.status in NEXT_STATUS && order.sellerOrders.length === 1)!;
  const next = NEXT_STATUS[moving.status]!;
  await page.evaluate(() => Object.assign(window, { notReloaded: true }));
  const admin = await browser.newContext({ baseURL });
  await signInByApi(admin.request, baseURL!, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const part = moving.sellerOrders[0]!;
  const moved = await admin.request.post(`/api/seller-orders/${part.id}/status`, {
    data: { status: next },
    headers: { origin: baseURL! },
  });
  expect(moved.ok(), await moved.text()).toBe(true);
  await admin.close();

  await expect(orderCard(page, moving.id).locator('header')).toContainText(STATUS_LABELS[next]!);
  expect(await page.evaluate(() => 'notReloaded' in window)).toBe(true);
});

test('a buyer cancels a pending order with the confirm dialog, and manages the cart tab', async ({
  page,
  browser,
  baseURL,
}) => {
  const seller = await browser.newContext({ baseURL });
  await signUpByApi(seller.request, baseURL!, 'seller', 'Kochi Coir Works');
  const productName = `Coir Doormat ${Date.now()}`;
  const productId = await listProduct(seller.request, baseURL!, {
    name: productName,
    pricePaise: 45_000,
    stockQuantity: 5,
  });
  await seller.close();

  await signUpByApi(page.request, baseURL!, 'buyer', 'Kavya Menon');
  await addToCartByApi(page.request, baseURL!, productId, 2);
  const order = await placeOrderByApi(page.request, baseURL!);
  await addToCartByApi(page.request, baseURL!, productId, 1);

  await page.goto('/dashboard/buyer');
  const stats = figures(page, 'Your account in figures');
  await expect(stats).toContainText('Total Spent₹950.00');
  await expect(stats).toContainText('Cart Items1');
  const card = orderCard(page, order.id);
  await expect(card.locator('header')).toContainText('Pending');
  await expect(card.getByText(`2 x ₹450.00`)).toBeVisible();

  await card.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${order.sellerOrders[0]!.shortId}?` });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog.getByText('Please give a reason for cancelling')).toBeVisible();
  await dialog.getByLabel('Reason for cancelling').fill('Ordered twice by mistake');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Order updated')).toBeVisible();
  await expect(card.locator('header')).toContainText('Cancelled');
  await expect(card.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await expect(stats).toContainText('Total Spent₹0.00');

  // The cart tab: steppers and remove, keeping the figures and the header badge in step.
  await page.getByRole('tab', { name: 'Recent Orders' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Shopping Cart' })).toHaveAttribute('aria-selected', 'true');
  const line = page.getByRole('listitem').filter({ hasText: productName });
  await line.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(line.locator('output')).toHaveText('2');
  await expect(stats).toContainText('Cart Items2');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Cart, 2 items' })).toBeVisible();
  await expect(page.getByText('Total: ₹900.00')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Proceed to Checkout' })).toHaveAttribute('href', '/checkout');
  await line.getByRole('button', { name: `Remove ${productName}` }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products');
});

test('a new buyer sees the empty states', async ({ page }) => {
  await signUp(page, newAccount('Farah Khan'));
  await page.goto('/dashboard/buyer');
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Shopping' })).toHaveAttribute('href', '/products');
  await page.getByRole('tab', { name: 'Shopping Cart' }).click();
  await expect(page.getByText('Your cart is empty')).toBeVisible();
});

test('a seller sees a new order and its notification arrive live, and moves the order on', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUpByApi(page.request, baseURL!, 'seller', 'Channapatna Toys');
  const productName = `Wooden Spinning Top ${Date.now()}`;
  const productId = await listProduct(page.request, baseURL!, {
    name: productName,
    pricePaise: 35_000,
    stockQuantity: 10,
  });
  await openLive(page, '/dashboard/seller');
  await expect(page.getByText('No incoming orders yet')).toBeVisible();
  await expect(page.getByText('No notifications yet')).toBeVisible();

  const buyer = await browser.newContext({ baseURL });
  await signUpByApi(buyer.request, baseURL!, 'buyer', 'Rohan Das');
  await addToCartByApi(buyer.request, baseURL!, productId, 3);
  const order = await placeOrderByApi(buyer.request, baseURL!);
  await buyer.close();

  // One seller: the purchase has one seller order, #<purchase>-1.
  const shortId = order.sellerOrders[0]!.shortId;
  expect(shortId).toBe(`${order.id.slice(0, 8)}-1`);
  const incoming = page.getByRole('region', { name: 'Incoming Orders' });
  const line = incoming.getByRole('listitem').filter({ hasText: `Order #${shortId}` });
  await expect(line).toContainText('Rohan Das');
  await expect(line).toContainText(`${productName} x 3`);
  await expect(line).toContainText('₹1,050.00');
  await expect(line).toContainText('Pending');
  await expect(line).toContainText('Ship to Kavya Menon, 21 MG Road, Kochi, Kerala 682016');

  const notifications = page.getByRole('region', { name: /Notifications/ });
  await expect(notifications.getByRole('heading', { name: 'Notifications 1 unread' })).toBeVisible();
  await expect(notifications.getByText(`New order #${shortId}`)).toBeVisible();
  await notifications.getByRole('button', { name: 'Mark as read' }).click();
  await expect(notifications.getByRole('heading', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(notifications.getByRole('button', { name: 'Mark as read' })).toHaveCount(0);

  await line.getByRole('button', { name: 'Mark processing' }).click();
  await page
    .getByRole('dialog', { name: `Mark order #${shortId} processing?` })
    .getByRole('button', { name: 'Mark processing' })
    .click();
  await expect(line).toContainText('Processing');
  await expect(line.getByRole('button', { name: 'Mark shipped' })).toBeVisible();
  await line.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order #${shortId}?` });
  await dialog.getByLabel('Reason for cancelling').fill('Out of seasoned wood');
  await dialog.getByRole('button', { name: 'Cancel order' }).click();
  await expect(line).toContainText('Cancelled');
  await expect(line.getByRole('button', { name: /^(Mark|Cancel$)/ })).toHaveCount(0);
});

test('the role of the route decides: signed out goes to /auth, a missing role can be added, admin cannot', async ({
  page,
}) => {
  await page.goto('/dashboard/seller');
  await expect(page).toHaveURL(/\/auth\?next=%2Fdashboard%2Fseller$/);

  await signUp(page, newAccount('Imran Qureshi'));
  await page.goto('/dashboard/admin');
  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Add the/ })).toHaveCount(0);

  await page.goto('/dashboard/seller');
  await expect(page.getByRole('heading', { name: 'This dashboard is for sellers' })).toBeVisible();
  await page.getByRole('button', { name: 'Add the seller role' }).click();
  await expect(page.getByText('Role added successfully!')).toBeVisible();
  await expect(page.getByText('You can now act as a seller.')).toBeVisible();
  await expect(page.getByText('No products yet')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Imran Qureshi' })).toHaveAttribute(
    'href',
    '/dashboard/seller',
  );

  await page.goto('/dashboard/nobody');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});

test('buyer dashboard: no serious or critical axe violations', async ({ page, baseURL }, testInfo) => {
  await signInByApi(page.request, baseURL!, DEMO_BUYER.email, DEMO_BUYER.password);
  await page.goto('/dashboard/buyer');
  await expect(page.getByRole('article').first()).toBeVisible();
  await page.getByRole('article').first().getByRole('button', { name: 'View Details' }).click();
  await expectAccessible(page, testInfo, 'buyer-dashboard');
});

test('seller dashboard and product form: no serious or critical axe violations', async ({
  page,
  baseURL,
}, testInfo) => {
  await signInByApi(page.request, baseURL!, DEMO_SELLER.email, DEMO_SELLER.password);
  await page.goto('/dashboard/seller');
  await expect(page.getByRole('heading', { name: 'Your Products' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Incoming Orders' }).getByRole('listitem').first()).toBeVisible();
  await expectAccessible(page, testInfo, 'seller-dashboard');

  await page.getByRole('button', { name: 'Add New Product' }).click();
  await page.getByRole('button', { name: 'Add Product' }).click();
  await expect(page.getByText('Product name is required')).toBeVisible();
  await expectAccessible(page, testInfo, 'seller-product-form');
});
