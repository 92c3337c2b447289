import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerStream } from '../../../domain/seller/events.ts';
import type { LocalClient } from '../../testing/local-client.ts';
import type { TestApi } from '../../testing/harness.ts';
import { SAREE, listProduct } from '../catalog.fixtures.ts';
import { listedProduct, oversized, signedIn } from '../orders.fixtures.ts';
import { type AdminTestApi, eventsOf, startAdminApi, storesNothing } from './admin.fixtures.ts';

let harness: AdminTestApi;
let api: TestApi;
let admin: LocalClient;
let adminId: string;

beforeAll(async () => {
  harness = await startAdminApi();
  api = harness.api;
  admin = harness.console(harness.admin);
  adminId = harness.admin.user!.id;
});

afterAll(() => harness.close());

const standing = (sellerId: string, action: 'verify' | 'suspend' | 'reinstate', body: unknown = {}) =>
  admin.post(`/api/admin/sellers/${sellerId}/${action}`, body);

/** The seller's entry in the admins' list. */
async function listed(sellerId: string) {
  await harness.settle();
  const { body } = await admin.get('/api/admin/sellers?limit=100');
  return body.items.find((seller: { id: string }) => seller.id === sellerId);
}

describe('GET /api/admin/sellers', () => {
  it('lists sellers, longest registered first, with status and product counts; buyers are not listed', async () => {
    const first = await signedIn(api, 'seller', 'Meera Weaves');
    const second = await signedIn(api, 'seller');
    const buyer = await signedIn(api, 'buyer');
    await listedProduct(api, first);
    await listedProduct(api, first, {}, { verified: false });
    const deleted = await listedProduct(api, first);
    await first.delete(`/api/seller/products/${deleted}`);
    await harness.settle();

    const { status, body } = await admin.get('/api/admin/sellers?limit=100');
    expect(status).toBe(200);
    const ids = body.items.map((seller: { id: string }) => seller.id);
    expect(ids).not.toContain(buyer.user!.id);
    expect(ids.indexOf(first.user!.id)).toBeLessThan(ids.indexOf(second.user!.id));
    expect(body.items.find((seller: { id: string }) => seller.id === first.user!.id)).toEqual({
      id: first.user!.id,
      fullName: 'Meera Weaves',
      email: first.user!.email,
      registeredAt: expect.any(String),
      status: 'unverified',
      verified: false,
      suspended: false,
      history: [],
      products: { listed: 2, onSale: 1, pendingReview: 1 },
    });
    expect(body.total).toBe(body.items.length);
  });

  it('filters by status and pages', async () => {
    const sellers = [await signedIn(api, 'seller'), await signedIn(api, 'seller')];
    for (const seller of sellers) await standing(seller.user!.id, 'verify');
    await harness.settle();
    const verified = await admin.get('/api/admin/sellers?status=verified&limit=1&offset=1');
    expect(verified.body.total).toBeGreaterThanOrEqual(2);
    expect(verified.body.items).toHaveLength(1);
    expect(verified.body.items[0].status).toBe('verified');
    const all = (await admin.get('/api/admin/sellers?status=verified&limit=100')).body.items;
    expect(all.map((seller: { id: string }) => seller.id)[1]).toBe(verified.body.items[0].id);
  });

  it('lists a buyer who took on the seller role', async () => {
    const buyer = await signedIn(api, 'buyer');
    expect((await buyer.post('/api/auth/roles', { role: 'seller' })).status).toBe(200);
    expect(await listed(buyer.user!.id)).toMatchObject({ status: 'unverified' });
  });

  it('refuses a bad filter or page', async () => {
    const bad = await admin.get('/api/admin/sellers?status=banned');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', fields: { status: expect.any(String) } });
    expect((await admin.get('/api/admin/sellers?limit=0')).body.error.fields).toEqual({
      limit: 'Limit must be a whole number from 1 to 100',
    });
    expect((await admin.get('/api/admin/sellers?offset=-1')).body.error.fields).toEqual({
      offset: 'Offset must be a whole number, 0 or more',
    });
  });
});

describe('verify, suspend and reinstate', () => {
  it("verifies a seller: an event by the admin, and the badge on the seller's products", async () => {
    const seller = await signedIn(api, 'seller');
    const productId = await listedProduct(api, seller);
    const reply = await standing(seller.user!.id, 'verify', { reason: 'GST registration checked' });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ id: seller.user!.id, status: 'verified', position: expect.any(Number) });
    expect(await eventsOf(api, sellerStream(seller.user!.id))).toEqual([
      {
        type: 'SellerVerified',
        data: { sellerId: seller.user!.id, reason: 'GST registration checked', by: adminId, at: expect.any(String) },
        actor: adminId,
      },
    ]);
    await harness.settle();
    expect((await api.anonymous().get(`/api/products/${productId}`)).body).toMatchObject({ sellerVerified: true });
    expect(await listed(seller.user!.id)).toMatchObject({
      status: 'verified',
      history: [{ action: 'verified', reason: 'GST registration checked', by: adminId, at: expect.any(String) }],
    });
    // Again: nothing more happens.
    expect((await storesNothing(api, () => standing(seller.user!.id, 'verify'))).body.status).toBe('verified');
  });

  it('suspends a seller: their products leave the catalog and they cannot list new ones, until reinstated', async () => {
    const seller = await signedIn(api, 'seller');
    const productId = await listedProduct(api, seller);
    await standing(seller.user!.id, 'verify');
    await harness.settle();
    const inCatalog = async () =>
      (await api.anonymous().get('/api/products?limit=100')).body.items.some((p: { id: string }) => p.id === productId);
    expect(await inCatalog()).toBe(true);

    const suspended = await standing(seller.user!.id, 'suspend', { reason: 'Counterfeit goods' });
    expect(suspended.body).toEqual({ id: seller.user!.id, status: 'suspended', position: expect.any(Number) });
    await harness.settle();
    expect(await inCatalog()).toBe(false);
    expect((await api.anonymous().get(`/api/products/${productId}`)).status).toBe(404);
    const refused = await storesNothing(api, () => seller.post('/api/seller/products', SAREE));
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'seller_suspended',
      message: 'Your seller account is suspended, so you cannot list new products',
    });
    // The seller still sees why their products are not on sale.
    expect((await seller.get('/api/seller/products')).body.items).toMatchObject([
      { id: productId, sellerSuspended: true, visible: false },
    ]);

    const reinstated = await standing(seller.user!.id, 'reinstate', { reason: 'Invoices checked' });
    expect(reinstated.body).toEqual({ id: seller.user!.id, status: 'verified', position: expect.any(Number) });
    await harness.settle();
    expect(await inCatalog()).toBe(true);
    expect((await listProduct(seller)).id).toEqual(expect.any(String));
    expect((await eventsOf(api, sellerStream(seller.user!.id))).map(({ type, actor }) => [type, actor])).toEqual([
      ['SellerVerified', adminId],
      ['SellerSuspended', adminId],
      ['SellerReinstated', adminId],
    ]);
    expect(
      (await listed(seller.user!.id)).history.map((entry: { action: string; reason: string }) => [
        entry.action,
        entry.reason,
      ]),
    ).toEqual([
      ['verified', null],
      ['suspended', 'Counterfeit goods'],
      ['reinstated', 'Invoices checked'],
    ]);
  });

  it('answers 409 to transitions the standing does not allow, storing nothing', async () => {
    const seller = await signedIn(api, 'seller');
    const id = seller.user!.id;
    const notSuspended = await storesNothing(api, () => standing(id, 'reinstate', { reason: 'Second chance' }));
    expect(notSuspended.status).toBe(409);
    expect(notSuspended.body.error).toEqual({
      code: 'not_suspended',
      message: 'Only a suspended seller can be reinstated',
    });
    await standing(id, 'suspend', { reason: 'Fake reviews' });
    const verifySuspended = await storesNothing(api, () => standing(id, 'verify'));
    expect(verifySuspended.status).toBe(409);
    expect(verifySuspended.body.error).toEqual({
      code: 'seller_suspended',
      message: 'Reinstate this seller before verifying them',
    });
  });

  it('needs a reason to suspend or reinstate', async () => {
    const seller = await signedIn(api, 'seller');
    for (const action of ['suspend', 'reinstate'] as const) {
      for (const body of [{}, { reason: '   ' }, { reason: 42 }]) {
        const reply = await storesNothing(api, () => standing(seller.user!.id, action, body));
        expect(reply.status).toBe(400);
        expect(reply.body.error).toEqual({
          code: 'validation_failed',
          message: 'A reason is required',
          fields: { reason: 'A reason is required' },
        });
      }
    }
    const long = await standing(seller.user!.id, 'verify', { reason: 'x'.repeat(501) });
    expect(long.body.error.fields).toEqual({ reason: 'Reason must be at most 500 characters' });
  });

  it('answers 404 for an unknown id or an account that does not sell', async () => {
    const buyer = await signedIn(api, 'buyer');
    for (const id of [crypto.randomUUID(), buyer.user!.id]) {
      const reply = await storesNothing(api, () => standing(id, 'suspend', { reason: 'Counterfeit goods' }));
      expect(reply.status).toBe(404);
      expect(reply.body.error).toEqual({ code: 'not_found', message: 'Seller not found' });
    }
  });

  it('refuses malformed and oversized bodies', async () => {
    const seller = await signedIn(api, 'seller');
    const malformed = await storesNothing(api, () => standing(seller.user!.id, 'suspend', '{bad'));
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('malformed_json');
    expect((await storesNothing(api, () => standing(seller.user!.id, 'suspend', oversized()))).status).toBe(413);
  });
});
