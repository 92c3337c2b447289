import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productStream } from '../../../domain/product/events.ts';
import type { LocalClient } from '../../testing/local-client.ts';
import type { Client, TestApi } from '../../testing/harness.ts';
import { nextMillisecond } from '../catalog.fixtures.ts';
import { listedProduct, oversized, signedIn } from '../orders.fixtures.ts';
import { type AdminTestApi, eventsOf, startAdminApi, storesNothing } from './admin.fixtures.ts';

let harness: AdminTestApi;
let api: TestApi;
let admin: LocalClient;
let adminId: string;
let seller: Client;

beforeAll(async () => {
  harness = await startAdminApi();
  api = harness.api;
  admin = harness.console(harness.admin);
  adminId = harness.admin.user!.id;
  seller = await signedIn(api, 'seller', 'Meera Weaves');
});

afterAll(() => harness.close());

const command = (productId: string, action: 'verify' | 'reject' | 'feature' | 'unfeature', body?: unknown) =>
  admin.post(`/api/admin/products/${productId}/${action}`, body);

const pending = (name: string) => listedProduct(api, seller, { name }, { verified: false });

async function queue(): Promise<string[]> {
  await harness.settle();
  const { status, body } = await admin.get('/api/admin/products/review-queue?limit=100');
  expect(status).toBe(200);
  expect(body.total).toBe(body.items.length);
  return body.items.map((product: { id: string }) => product.id);
}

describe('GET /api/admin/products/review-queue', () => {
  it('holds the products pending review, oldest listing first, and pages', async () => {
    const first = await pending('Jaipur Blue Pottery Vase');
    await nextMillisecond();
    const second = await pending('Dhokra Brass Elephant');
    await listedProduct(api, seller, { name: 'Already verified' });
    const deleted = await pending('Deleted before review');
    await seller.delete(`/api/seller/products/${deleted}`);
    expect(await queue()).toEqual([first, second]);

    const page = await admin.get('/api/admin/products/review-queue?limit=1&offset=1');
    expect(page.body).toEqual({
      items: [expect.objectContaining({ id: second, name: 'Dhokra Brass Elephant', displayStatus: 'Pending Review' })],
      total: 2,
    });
    for (const id of [first, second]) await command(id, 'verify');
    expect(await queue()).toEqual([]);
  });

  it('refuses a bad page', async () => {
    const reply = await admin.get('/api/admin/products/review-queue?limit=101');
    expect(reply.status).toBe(400);
    expect(reply.body.error.fields).toEqual({ limit: 'Limit must be a whole number from 1 to 100' });
  });
});

describe('verify and reject', () => {
  it('verifies a product: an event by the admin, and the product on sale', async () => {
    const productId = await pending('Kashmiri Saffron (2 g)');
    const reply = await command(productId, 'verify');
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: productId, position: expect.any(Number) });
    expect((await eventsOf(api, productStream(productId))).at(-1)).toEqual({
      type: 'ProductVerified',
      data: { productId, by: adminId, at: expect.any(String) },
      actor: adminId,
    });
    expect(await queue()).not.toContain(productId);
    expect((await api.anonymous().get(`/api/products/${productId}`)).body).toMatchObject({
      verification: 'verified',
      visible: true,
    });
  });

  it("rejects with a reason the seller sees; the seller's edit sends it back to the queue", async () => {
    const productId = await pending('Neem Wood Comb');
    const rejected = await command(productId, 'reject', { reason: 'The photo is blurry' });
    expect(rejected.status).toBe(200);
    expect((await eventsOf(api, productStream(productId))).at(-1)).toEqual({
      type: 'ProductRejected',
      data: { productId, reason: 'The photo is blurry', by: adminId, at: expect.any(String) },
      actor: adminId,
    });
    expect(await queue()).not.toContain(productId);
    const own = (await seller.get('/api/seller/products')).body.items.find((p: { id: string }) => p.id === productId);
    expect(own).toMatchObject({
      verification: 'rejected',
      displayStatus: 'Rejected',
      rejectionReason: 'The photo is blurry',
    });

    expect(
      (await seller.patch(`/api/seller/products/${productId}`, { imageUrl: '/media/comb-sharp.webp' })).status,
    ).toBe(200);
    expect((await eventsOf(api, productStream(productId))).slice(-2).map(({ type, actor }) => [type, actor])).toEqual([
      ['ProductUpdated', seller.user!.id],
      ['ProductResubmitted', seller.user!.id],
    ]);
    expect(await queue()).toContain(productId);
    const resubmitted = (await seller.get('/api/seller/products')).body.items.find(
      (p: { id: string }) => p.id === productId,
    );
    expect(resubmitted).toMatchObject({
      verification: 'pending',
      displayStatus: 'Pending Review',
      rejectionReason: null,
    });
  });

  it('needs a reason to reject', async () => {
    const productId = await pending('Khadi Cotton Kurta');
    for (const body of [{}, { reason: '' }, { reason: ['no'] }]) {
      const reply = await storesNothing(api, () => command(productId, 'reject', body));
      expect(reply.status).toBe(400);
      expect(reply.body.error).toEqual({
        code: 'validation_failed',
        message: 'A reason is required',
        fields: { reason: 'A reason is required' },
      });
    }
    expect((await storesNothing(api, () => command(productId, 'reject', '{bad'))).body.error.code).toBe(
      'malformed_json',
    );
    expect((await storesNothing(api, () => command(productId, 'reject', oversized()))).status).toBe(413);
  });
});

describe('feature and unfeature', () => {
  it('puts a featured product first in the catalog, and back in its place when unfeatured', async () => {
    const older = await listedProduct(api, seller, { name: 'Oxidised Silver Jhumkas' });
    await nextMillisecond();
    await listedProduct(api, seller, { name: 'Malabar Black Pepper (250 g)' });
    const firstInCatalog = async () => {
      await harness.settle();
      return (await api.anonymous().get('/api/products')).body.items[0].id;
    };
    expect(await firstInCatalog()).not.toBe(older);

    const featured = await command(older, 'feature');
    expect(featured.body).toEqual({ id: older, position: expect.any(Number) });
    expect(await firstInCatalog()).toBe(older);
    expect((await api.anonymous().get(`/api/products/${older}`)).body).toMatchObject({
      featured: true,
      displayStatus: 'Featured',
    });

    expect((await command(older, 'unfeature')).status).toBe(200);
    expect(await firstInCatalog()).not.toBe(older);
    expect((await eventsOf(api, productStream(older))).slice(-2).map(({ type, actor }) => [type, actor])).toEqual([
      ['ProductFeatured', adminId],
      ['ProductUnfeatured', adminId],
    ]);
  });

  it('features only verified products', async () => {
    const productId = await pending('Green Cardamom (100 g)');
    const reply = await storesNothing(api, () => command(productId, 'feature'));
    expect(reply.status).toBe(409);
    expect(reply.body.error).toEqual({ code: 'not_verified', message: 'Only verified products can be featured' });
  });
});

it('answers 404 for an unknown or deleted product, storing nothing', async () => {
  const deleted = await pending('Deleted product');
  await seller.delete(`/api/seller/products/${deleted}`);
  for (const id of [crypto.randomUUID(), deleted]) {
    for (const [action, body] of [['verify'], ['reject', { reason: 'Blurry' }], ['feature'], ['unfeature']] as const) {
      const reply = await storesNothing(api, () => command(id, action, body));
      expect(reply.status).toBe(404);
      expect(reply.body.error).toEqual({ code: 'not_found', message: 'Product not found' });
    }
  }
});
