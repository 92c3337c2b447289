/**
 * Test fixtures for the cart and order routes: users and products made on the write side
 * directly, so these tests need neither the sign-up nor the product routes (and skip
 * password hashing, which would make twenty buyers slow).
 */
import type { z } from 'zod';
import type { Actor, Role, SelfServiceRole } from '../../domain/actor.ts';
import type { checkoutSchema } from '../../domain/order/schemas.ts';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import { type Product, type ProductCommand, type ProductInput, productDecider } from '../../domain/product/decider.ts';
import { productStream } from '../../domain/product/events.ts';
import { singleFileImage } from '../../domain/product/image.ts';
import type { OrderDoc, SellerOrderSummary } from '../../projections/orders/documents.ts';
import { SESSION_COOKIE } from '../auth/middleware.ts';
import { expect } from 'vitest';
import { Client, expectStatus, type TestApi } from '../testing/harness.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import { initialCategoryTax } from '../../domain/tax/product-tax.ts';
import { fileApi, signInAdmin } from './catalog.fixtures.ts';

/** Verifies products; never signs in. */
const FIXTURE_ADMIN: Actor = { userId: 'fixture-admin', roles: ['admin'] };

let last = 0;
/** The time, strictly later than the last one given: accounts registered in a row are ordered by it. */
const now = () => {
  last = Math.max(Date.now(), last + 1);
  return new Date(last).toISOString();
};

let users = 0;

/** A registered user with `role` and a client holding a session of theirs. */
export async function signedIn(
  api: TestApi,
  role: SelfServiceRole = 'buyer',
  fullName = `Test ${role} ${++users}`,
): Promise<Client> {
  const userId = crypto.randomUUID();
  const email = `${userId}@orders.test`;
  const registered = {
    type: 'RegisterAccount',
    userId,
    fullName,
    email,
    passwordHash: 'unused',
    role,
    at: now(),
  } as const;
  await api.ctx.streams.handle(accountStream(userId), accountDecider, registered, { actor: null });
  const { token } = await api.ctx.sessions.create(userId);
  return new Client(api, `${SESSION_COOKIE}=${token}`, { id: userId, fullName, email, roles: [role] });
}

/** A buyer an admin also made an analyst, signed in with the second factor. */
export async function signedInAnalyst(api: TestApi): Promise<Client> {
  const buyer = await signedIn(api, 'buyer', `Test analyst ${++users}`);
  const { id: userId, fullName, email } = buyer.user!;
  const grant = { type: 'AddRole', actor: FIXTURE_ADMIN, role: 'analyst', at: now() } as const;
  await api.ctx.streams.handle(accountStream(userId), accountDecider, grant, { actor: FIXTURE_ADMIN.userId });
  // As staff, a session counts once it passed the second factor (auth.totp.test.ts signs an analyst in so).
  const { token } = await api.ctx.sessions.create(userId, undefined, { secondFactor: true });
  return new Client(api, `${SESSION_COOKIE}=${token}`, { id: userId, fullName, email, roles: ['buyer', 'analyst'] });
}

export const actorOfClient = (client: Client): Actor => ({
  userId: client.user!.id,
  roles: client.user!.roles as Role[],
});

/** Runs a product command on the write side; `actor` is recorded in the events' metadata. */
export async function onProduct(api: TestApi, productId: string, command: ProductCommand, actor: string | null = null) {
  return api.ctx.streams.handle(productStream(productId), productDecider, command, { actor });
}

/**
 * A product of `seller`, verified by an admin (so it is for sale) unless `verified` is false.
 * `imageUrl` gives it that one image (null none), as a client before galleries would.
 */
export async function listedProduct(
  api: TestApi,
  seller: Client,
  { imageUrl = '/media/diya.webp', ...details }: Partial<ProductInput> & { imageUrl?: string | null } = {},
  { verified = true } = {},
): Promise<string> {
  const productId = crypto.randomUUID();
  const product: ProductInput = {
    name: 'Brass Diya',
    description: 'Hand-cast brass oil lamp from Moradabad',
    pricePaise: 499_00,
    originalPricePaise: null,
    categoryId: 'handicrafts',
    images: imageUrl === null ? [] : [singleFileImage(imageUrl)],
    tags: ['brass'],
    stockQuantity: 10,
    tax: initialCategoryTax(details.categoryId ?? 'handicrafts'),
    madeToOrderDays: null,
    personalisation: [],
    ...details,
  };
  await onProduct(
    api,
    productId,
    { type: 'ListProduct', actor: actorOfClient(seller), productId, product, at: now() },
    seller.user!.id,
  );
  if (verified)
    await onProduct(api, productId, { type: 'VerifyProduct', actor: FIXTURE_ADMIN, at: now() }, FIXTURE_ADMIN.userId);
  return productId;
}

/** A file's test API (`fileApi`) where the seller Meera Crafts sells a Brass Diya (`listedProduct`'s, with `details`). */
export async function diyaShop(
  details: Partial<ProductInput> = {},
): Promise<{ api: TestApi; seller: Client; diya: string }> {
  const api = await fileApi();
  const seller = await signedIn(api, 'seller', 'Meera Crafts');
  return { api, seller, diya: await listedProduct(api, seller, details) };
}

/**
 * A file's test API (`fileApi`) with two sellers, Rajasthan Crafts Collective (jewellery, returnable)
 * and Kerala Spice Gardens (spices, not returnable), and the admin.
 */
export async function craftsAndSpices(): Promise<{ api: TestApi; crafts: Client; spices: Client; admin: Client }> {
  const api = await fileApi();
  const [crafts, spices, admin] = await Promise.all([
    signedIn(api, 'seller', 'Rajasthan Crafts Collective'),
    signedIn(api, 'seller', 'Kerala Spice Gardens'),
    signInAdmin(api),
  ]);
  return { api, crafts, spices, admin };
}

/** The product's write-side state. */
export async function productState(api: TestApi, productId: string): Promise<Product> {
  const { state } = await api.ctx.streams.load(productStream(productId), productDecider);
  return state!;
}

/** A valid checkout body; `changes` replace its top-level fields. */
export const checkoutBody = (changes: Partial<z.input<typeof checkoutSchema>> = {}) => ({
  shippingAddress: PUNE_ADDRESS,
  delivery: 'standard' as const,
  payment: 'cod' as const,
  ...changes,
});

/** A JSON body above the 64 KB limit. */
export const oversized = () => ({ filler: 'x'.repeat(70 * 1024) });

/** Bodies that name no product, with the field errors they get: the cart and the wishlist refuse them alike. */
export const NO_PRODUCT_BODIES: Array<[body: object, fields: Record<string, string>]> = [
  [{}, { productId: 'Product is required' }],
  [{ productId: '  ' }, { productId: 'Product is required' }],
  [{ productId: 42 }, { productId: 'Product is required' }],
];

/** A new buyer posts `body` to `path` and is refused with `fields`; gives the buyer, to check nothing was stored. */
export async function refusedBody(api: TestApi, path: string, body: object, fields: Record<string, string>) {
  const buyer = await signedIn(api);
  const reply = await buyer.raw.post(path, body);
  expectStatus(reply, 400);
  expect(reply.body.error).toMatchObject({ code: 'validation_failed', fields });
  return buyer;
}

/** A buyer with `quantity` of `productId` in the cart. */
export async function buyerWith(api: TestApi, productId: string, quantity = 1, variantId?: string): Promise<Client> {
  const buyer = await signedIn(api);
  const added = await buyer.api.cart.items.$post({
    json: { productId, quantity, ...(variantId !== undefined && { variantId }) },
  });
  if (added.status !== 200) throw new Error(`add to cart failed: ${added.status} ${JSON.stringify(added.body)}`);
  return buyer;
}

/**
 * `buyer` (a new buyer unless given) puts `items` in the cart and checks out: answers the
 * buyer, the purchase placed and the log position reached.
 */
export async function checkedOut(
  api: TestApi,
  items: Array<{ productId: string; quantity?: number }>,
  buyer?: Client,
): Promise<{ buyer: Client; order: OrderDoc; position: number }> {
  const client = buyer ?? (await signedIn(api));
  for (const { productId, quantity = 1 } of items) {
    const added = await client.api.cart.items.$post({ json: { productId, quantity } });
    if (added.status !== 200) throw new Error(`add to cart failed: ${added.status} ${JSON.stringify(added.body)}`);
  }
  const placed = await client.api.orders.$post({ header: {}, json: checkoutBody() });
  if (placed.status !== 201) throw new Error(`checkout failed: ${placed.status} ${JSON.stringify(placed.body)}`);
  return { buyer: client, order: placed.body.order, position: placed.body.position };
}

/** The part of `order` that `seller` sells (its seller order). */
export function partOf(order: OrderDoc, seller: Client): SellerOrderSummary {
  const part = order.sellerOrders.find((p) => p.sellerId === seller.user!.id);
  if (!part) throw new Error(`no part of ${seller.user!.fullName} in order ${order.id}`);
  return part;
}
