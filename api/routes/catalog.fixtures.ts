/** Test fixtures for the catalog routes: products listed through the seller API. */
import type { Actor } from '../../domain/actor.ts';
import { type ProductCommand, productDecider } from '../../domain/product/decider.ts';
import { productStream } from '../../domain/product/events.ts';
import { SAREE_DETAILS } from '../../domain/product/details.fixtures.ts';
import type { ProductRequest } from '../../domain/product/schemas.ts';
import { afterAll } from 'vitest';
import { type Client, startTestApi, type TestApi } from '../testing/harness.ts';

export const SAREE: ProductRequest = SAREE_DETAILS;

/** Lists a product through POST /api/seller/products; its fields are SAREE's unless given. */
export async function listProduct(
  seller: Client,
  fields: Partial<ProductRequest> = {},
): Promise<{ id: string; position: number }> {
  const reply = await seller.api.seller.products.$post({ json: { ...SAREE, ...fields } });
  if (reply.status !== 201) throw new Error(`listing failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** The admin of the test configuration (ADMIN_EMAIL / ADMIN_PASSWORD of startTestApi). */
export const signInAdmin = (api: TestApi): Promise<Client> => api.signIn('admin@mibi.test', 'admin-pass-1');

/** A test API for one test file, closed after its tests: await it at the file's top level. */
export async function fileApi(): Promise<TestApi> {
  const api = await startTestApi();
  afterAll(() => api.close());
  return api;
}

/** A file's test API (`fileApi`) with two sellers signed up, Meera Weaves and Kerala Spice Co, and the admin. */
export async function twoSellers(): Promise<{ api: TestApi; seller: Client; otherSeller: Client; admin: Client }> {
  const api = await fileApi();
  const [seller, otherSeller, admin] = await Promise.all([
    api.signUp({ role: 'seller', fullName: 'Meera Weaves' }),
    api.signUp({ role: 'seller', fullName: 'Kerala Spice Co' }),
    signInAdmin(api),
  ]);
  return { api, seller, otherSeller, admin };
}

const ADMIN: Actor = { userId: 'fixture-admin', roles: ['admin'] };

/** Features, rejects, reserves...: product commands that have no route among the catalog's, run on the write side. */
export async function onProduct(api: TestApi, productId: string, command: ProductCommand): Promise<void> {
  await api.ctx.streams.handle(productStream(productId), productDecider, command, { actor: ADMIN.userId });
}

export const feature = (api: TestApi, productId: string) =>
  onProduct(api, productId, { type: 'FeatureProduct', actor: ADMIN, at: new Date().toISOString() });

export const reject = (api: TestApi, productId: string) =>
  onProduct(api, productId, {
    type: 'RejectProduct',
    actor: ADMIN,
    reason: 'Blurry photo',
    at: new Date().toISOString(),
  });

export const reserve = (api: TestApi, productId: string, quantity: number) =>
  onProduct(api, productId, {
    type: 'ReserveStock',
    orderId: crypto.randomUUID(),
    lines: [{ variantId: 'default', quantity }],
    at: new Date().toISOString(),
  });

/** Waits for the clock to move, so products listed one after the other differ in listedAt. */
export const nextMillisecond = () => new Promise((resolve) => setTimeout(resolve, 2));
