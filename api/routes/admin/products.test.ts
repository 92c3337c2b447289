import { describe, expect, it } from 'vitest';
import { productStream } from '../../../domain/product/events.ts';
import { expectStatus, ok } from '../../testing/harness.ts';
import { nextMillisecond } from '../catalog.fixtures.ts';
import { listedProduct, oversized, signedIn } from '../orders.fixtures.ts';
import { eventsOf, adminSuite, storesNothing } from './admin.fixtures.ts';

const { harness, api, admin, adminId } = await adminSuite();
const seller = await signedIn(api, 'seller', 'Meera Weaves');

const command = (id: string, action: 'verify' | 'feature' | 'unfeature') =>
  admin.api.admin.products[':id'][action].$post({ param: { id } });
const reject = (id: string, reason: string) =>
  admin.api.admin.products[':id'].reject.$post({ param: { id }, json: { reason } });
/** Off the contract on purpose. */
const rejectRaw = (id: string, body: unknown) => admin.raw.post(`/api/admin/products/${id}/reject`, body);
const sellerProducts = async () => ok(await seller.api.seller.products.$get({ query: {} })).items;
const deleteProduct = (id: string) => seller.api.seller.products[':id'].$delete({ param: { id } });
const publicProduct = (id: string) => api.anonymous().api.products[':id'].$get({ param: { id } });

const pending = (name: string) => listedProduct(api, seller, { name }, { verified: false });

async function queue(): Promise<string[]> {
  await harness.settle();
  const reply = await admin.api.admin.products['review-queue'].$get({ query: { limit: '100' } });
  expectStatus(reply, 200);
  const { body } = reply;
  expect(body.total).toBe(body.items.length);
  return body.items.map((product) => product.id);
}

describe('GET /api/admin/products/review-queue', () => {
  it('holds the products pending review, oldest listing first, and pages', async () => {
    const first = await pending('Jaipur Blue Pottery Vase');
    await nextMillisecond();
    const second = await pending('Dhokra Brass Elephant');
    await listedProduct(api, seller, { name: 'Already verified' });
    const deleted = await pending('Deleted before review');
    await deleteProduct(deleted);
    expect(await queue()).toEqual([first, second]);

    const page = await admin.api.admin.products['review-queue'].$get({ query: { limit: '1', offset: '1' } });
    expect(page.body).toEqual({
      items: [expect.objectContaining({ id: second, name: 'Dhokra Brass Elephant', displayStatus: 'Pending Review' })],
      total: 2,
    });
    for (const id of [first, second]) await command(id, 'verify');
    expect(await queue()).toEqual([]);
  });

  it('refuses a bad page', async () => {
    const reply = await admin.api.admin.products['review-queue'].$get({ query: { limit: '101' } });
    expectStatus(reply, 400);
    expect(reply.body.error.fields).toEqual({ limit: 'Limit must be a whole number from 1 to 100' });
  });
});

describe('verify and reject', () => {
  it('verifies a product: an event by the admin, and the product on sale', async () => {
    const productId = await pending('Kashmiri Saffron (2 g)');
    const reply = await command(productId, 'verify');
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ id: productId, position: expect.any(Number) });
    expect((await eventsOf(api, productStream(productId))).at(-1)).toEqual({
      type: 'ProductVerified',
      data: { productId, by: adminId, at: expect.any(String) },
      actor: adminId,
    });
    expect(await queue()).not.toContain(productId);
    expect((await publicProduct(productId)).body).toMatchObject({
      verification: 'verified',
      visible: true,
    });
  });

  it("rejects with a reason the seller sees; the seller's edit sends it back to the queue", async () => {
    const productId = await pending('Neem Wood Comb');
    const rejected = await reject(productId, 'The photo is blurry');
    expectStatus(rejected, 200);
    expect((await eventsOf(api, productStream(productId))).at(-1)).toEqual({
      type: 'ProductRejected',
      data: { productId, reason: 'The photo is blurry', by: adminId, at: expect.any(String) },
      actor: adminId,
    });
    expect(await queue()).not.toContain(productId);
    const own = (await sellerProducts()).find((p) => p.id === productId);
    expect(own).toMatchObject({
      verification: 'rejected',
      displayStatus: 'Rejected',
      rejectionReason: 'The photo is blurry',
    });

    const edited = await seller.api.seller.products[':id'].$patch({
      param: { id: productId },
      json: { imageUrl: '/media/comb-sharp.webp' },
    });
    expectStatus(edited, 200);
    expect((await eventsOf(api, productStream(productId))).slice(-2).map(({ type, actor }) => [type, actor])).toEqual([
      ['ProductUpdated', seller.user!.id],
      ['ProductResubmitted', seller.user!.id],
    ]);
    expect(await queue()).toContain(productId);
    const resubmitted = (await sellerProducts()).find((p) => p.id === productId);
    expect(resubmitted).toMatchObject({
      verification: 'pending',
      displayStatus: 'Pending Review',
      rejectionReason: null,
    });
  });

  it('needs a reason to reject', async () => {
    const productId = await pending('Khadi Cotton Kurta');
    for (const body of [{}, { reason: '' }, { reason: ['no'] }]) {
      const reply = await storesNothing(api, () => rejectRaw(productId, body));
      expectStatus(reply, 400);
      expect(reply.body.error).toEqual({
        code: 'validation_failed',
        message: 'A reason is required',
        fields: { reason: 'A reason is required' },
      });
    }
    expect((await storesNothing(api, () => rejectRaw(productId, '{bad'))).body.error.code).toBe('malformed_json');
    expectStatus(await storesNothing(api, () => rejectRaw(productId, oversized())), 413);
  });
});

describe('feature and unfeature', () => {
  it('puts a featured product first in the catalog, and back in its place when unfeatured', async () => {
    const older = await listedProduct(api, seller, { name: 'Oxidised Silver Jhumkas' });
    await nextMillisecond();
    await listedProduct(api, seller, { name: 'Malabar Black Pepper (250 g)' });
    const firstInCatalog = async () => {
      await harness.settle();
      return ok(await api.anonymous().api.products.$get({ query: {} })).items[0]?.id;
    };
    expect(await firstInCatalog()).not.toBe(older);

    const featured = await command(older, 'feature');
    expect(featured.body).toEqual({ id: older, position: expect.any(Number) });
    expect(await firstInCatalog()).toBe(older);
    expect((await publicProduct(older)).body).toMatchObject({
      featured: true,
      displayStatus: 'Featured',
    });

    expectStatus(await command(older, 'unfeature'), 200);
    expect(await firstInCatalog()).not.toBe(older);
    expect((await eventsOf(api, productStream(older))).slice(-2).map(({ type, actor }) => [type, actor])).toEqual([
      ['ProductFeatured', adminId],
      ['ProductUnfeatured', adminId],
    ]);
  });

  it('shows the featured products first, the newest of them first, as the catalog orders them (spec)', async () => {
    const older = await listedProduct(api, seller, { name: 'Channapatna Toy Train' });
    await nextMillisecond();
    const newer = await listedProduct(api, seller, { name: 'Bidriware Vase' });
    await nextMillisecond();
    const newest = await listedProduct(api, seller, { name: 'Kalamkari Cushion Cover' });
    expectStatus(await command(newer, 'feature'), 200);
    expectStatus(await command(older, 'feature'), 200);
    await harness.settle();
    const ids = ok(await api.anonymous().api.products.$get({ query: {} })).items.map((item) => item.id);
    // Featured later, the older product still shows after the newer featured one: among the featured, not first.
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newest));
    for (const id of [newer, older]) expectStatus(await command(id, 'unfeature'), 200);
  });

  it('features only verified products', async () => {
    const productId = await pending('Green Cardamom (100 g)');
    const reply = await storesNothing(api, () => command(productId, 'feature'));
    expectStatus(reply, 409);
    expect(reply.body.error).toEqual({ code: 'not_verified', message: 'Only verified products can be featured' });
  });
});

it('answers 404 for an unknown or deleted product, storing nothing', async () => {
  const deleted = await pending('Deleted product');
  await deleteProduct(deleted);
  for (const id of [crypto.randomUUID(), deleted]) {
    for (const reply of [
      await storesNothing(api, () => command(id, 'verify')),
      await storesNothing(api, () => reject(id, 'Blurry')),
      await storesNothing(api, () => command(id, 'feature')),
      await storesNothing(api, () => command(id, 'unfeature')),
    ]) {
      expectStatus(reply, 404);
      expect(reply.body.error).toEqual({ code: 'not_found', message: 'Product not found' });
    }
  }
});
