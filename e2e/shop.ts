/** Shared steps of the shopping tests (products, cart, checkout, reviews): accounts and products through the API, the axe check. */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Locator, type Page, type TestInfo, expect } from '@playwright/test';
import { completeSignIn, verifyEmailByApi } from './accounts.ts';
import { type Account, newAccount } from './helpers.ts';
import { KOCHI_ADDRESS } from '../domain/order/addresses.fixtures.ts';

export interface ShopProduct {
  id: string;
  name: string;
  pricePaise: number;
  stockQuantity: number;
  categoryId: string;
}

/** The API refuses cross-site writes; a request context sends no Origin unless told, so say where it comes from. */
const sameOrigin = (baseURL: string) => ({ origin: baseURL });

/** Signs `request`'s context up (its cookie jar keeps the session); pages opened afterwards are signed in. */
export async function signUpByApi(
  request: APIRequestContext,
  baseURL: string,
  role: 'buyer' | 'seller',
  fullName?: string,
): Promise<Account> {
  const account = newAccount(fullName);
  const response = await request.post('/api/auth/signup', { data: { ...account, role }, headers: sameOrigin(baseURL) });
  expect(response.status(), await response.text()).toBe(201);
  await verifyEmailByApi(request, baseURL, account.email);
  return account;
}

export async function signInByApi(
  request: APIRequestContext,
  baseURL: string,
  email: string,
  password: string,
): Promise<void> {
  const response = await request.post('/api/auth/signin', { data: { email, password }, headers: sameOrigin(baseURL) });
  expect(response.ok(), await response.text()).toBe(true);
  // An admin's sign-in goes on with a second factor (accounts.ts keeps the demo admin's).
  await completeSignIn(request, baseURL, email, await response.json());
}

/** A product on sale, by its exact name. */
export async function productNamed(request: APIRequestContext, name: string): Promise<ShopProduct> {
  const response = await request.get(`/api/products?q=${encodeURIComponent(name)}&limit=100`);
  const { items } = (await response.json()) as { items: ShopProduct[] };
  const product = items.find((item) => item.name === name);
  if (!product) throw new Error(`No product named ${name}`);
  return product;
}

/** Lists a product as the seller signed in on `request` (the server verifies it at once: AUTO_VERIFY). */
export async function listProduct(
  request: APIRequestContext,
  baseURL: string,
  fields: Partial<ShopProduct> & {
    name: string;
    tags?: string[];
    madeToOrderDays?: number;
    /** With options, give `pricePaise` and `stockQuantity` undefined: each variant has its own. */
    options?: Array<{ name: string; values: string[] }>;
    variants?: object[];
    personalisation?: object[];
  },
): Promise<string> {
  const product = {
    description: 'Hand-made in India by a small workshop.',
    pricePaise: 99_900,
    stockQuantity: 20,
    categoryId: 'handicrafts',
    tags: ['Test Studio'],
    ...fields,
  };
  const response = await request.post('/api/seller/products', { data: product, headers: sameOrigin(baseURL) });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

export async function addToCartByApi(
  request: APIRequestContext,
  baseURL: string,
  productId: string,
  quantity = 1,
): Promise<void> {
  const response = await request.post('/api/cart/items', {
    data: { productId, quantity },
    headers: sameOrigin(baseURL),
  });
  expect(response.ok(), await response.text()).toBe(true);
}

/** The address form's labels, by the address field each fills. */
const ADDRESS_LABELS = {
  firstName: 'First Name',
  lastName: 'Last Name',
  phone: 'Phone Number',
  address: 'Address',
  city: 'City',
  state: 'State',
  pincode: 'PIN Code',
} as const;

/** Fills the address form in `scope` (the checkout page, or a form of the address book) with `address`. */
export async function fillAddress(scope: Page | Locator, address: typeof KOCHI_ADDRESS = KOCHI_ADDRESS): Promise<void> {
  for (const [field, label] of Object.entries(ADDRESS_LABELS)) {
    await scope.getByLabel(label, { exact: true }).fill(address[field as keyof typeof ADDRESS_LABELS]);
  }
}

/** Attaches a screenshot of the settled screen, then fails on any serious or critical axe violation. */
export async function expectAccessible(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // Kept as a file beside the test's other output, and attached to the report.
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`${name}.png`, { path, contentType: 'image/png' });
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(
    blocking.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target.join(' ')) })),
  ).toEqual([]);
}

/** A purchase as the API answers it: one seller order (part) per seller. */
export interface PlacedOrder {
  id: string;
  status: string;
  totalPaise: number;
  sellerOrders: Array<{
    id: string;
    shortId: string;
    sellerId: string;
    sellerName: string;
    status: string;
    subtotalPaise: number;
    /** The day the seller must dispatch by (ISO date). */
    shipBy: string;
  }>;
}

/**
 * The orders of the buyer signed in on `request`, newest first, once there are `count` of them:
 * the list is a read model, a moment behind the order just placed.
 */
export async function ordersOnceThere<Order = PlacedOrder>(request: APIRequestContext, count = 1): Promise<Order[]> {
  let orders: Order[] = [];
  await expect
    .poll(async () => (orders = (await (await request.get('/api/orders')).json()) as Order[]).length)
    .toBe(count);
  return orders;
}

/** POSTs as the user signed in on `request`, from the site (the API refuses cross-site writes); fails unless it worked. */
export async function postByApi(
  request: APIRequestContext,
  baseURL: string,
  path: string,
  data?: object,
): Promise<void> {
  const response = await request.post(path, { data, headers: sameOrigin(baseURL) });
  expect(response.ok(), await response.text()).toBe(true);
}

/** PATCHes as the user signed in on `request`, from the site; fails unless it worked. */
export async function patchByApi(
  request: APIRequestContext,
  baseURL: string,
  path: string,
  data: object,
): Promise<void> {
  const response = await request.patch(path, { data, headers: sameOrigin(baseURL) });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Orders everything in the cart of the buyer signed in on `request`, with standard delivery (₹50) and cash on delivery. */
export async function placeOrderByApi(request: APIRequestContext, baseURL: string): Promise<PlacedOrder> {
  const response = await request.post('/api/orders', {
    data: { shippingAddress: KOCHI_ADDRESS, delivery: 'standard', payment: 'cod' },
    headers: sameOrigin(baseURL),
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { order: PlacedOrder }).order;
}

/** A new buyer signed up on `request` buys one of the product (delivered to Kochi, cash on delivery). */
export async function boughtByNewBuyer(
  request: APIRequestContext,
  baseURL: string,
  productId: string,
): Promise<PlacedOrder> {
  await signUpByApi(request, baseURL, 'buyer');
  await addToCartByApi(request, baseURL, productId);
  return placeOrderByApi(request, baseURL);
}
