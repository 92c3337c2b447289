import { describe, expect, it } from 'vitest';
import { sellerStream } from '../../../domain/seller/events.ts';
import { expectStatus, ok } from '../../testing/harness.ts';
import type { TypedApi } from '../../testing/typed-client.ts';
import { SAREE, listProduct } from '../catalog.fixtures.ts';
import { listedProduct, oversized, signedIn } from '../orders.fixtures.ts';
import { eventsOf, adminSuite, storesNothing } from './admin.fixtures.ts';

const { harness, api, admin, adminId } = await adminSuite();

const verify = (id: string, json: Parameters<TypedApi['admin']['sellers'][':id']['verify']['$post']>[0]['json'] = {}) =>
  admin.api.admin.sellers[':id'].verify.$post({ param: { id }, json });
const standing = (id: string, action: 'suspend' | 'reinstate', reason: string) =>
  admin.api.admin.sellers[':id'][action].$post({ param: { id }, json: { reason } });
/** Off the contract on purpose. */
const standingRaw = (sellerId: string, action: 'verify' | 'suspend' | 'reinstate', body: unknown) =>
  admin.raw.post(`/api/admin/sellers/${sellerId}/${action}`, body);
const sellers = (query: Parameters<TypedApi['admin']['sellers']['$get']>[0]['query']) =>
  admin.api.admin.sellers.$get({ query });

/** The seller's entry in the admins' list. */
async function listed(sellerId: string) {
  await harness.settle();
  return ok(await sellers({ limit: '100' })).items.find((seller) => seller.id === sellerId);
}

describe('GET /api/admin/sellers', () => {
  it('lists sellers, longest registered first, with status and product counts; buyers are not listed', async () => {
    const first = await signedIn(api, 'seller', 'Meera Weaves');
    const second = await signedIn(api, 'seller');
    const buyer = await signedIn(api, 'buyer');
    await listedProduct(api, first);
    await listedProduct(api, first, {}, { verified: false });
    const deleted = await listedProduct(api, first);
    await first.api.seller.products[':id'].$delete({ param: { id: deleted } });
    await harness.settle();

    const reply = await sellers({ limit: '100' });
    expectStatus(reply, 200);
    const { body } = reply;
    const ids = body.items.map((seller) => seller.id);
    expect(ids).not.toContain(buyer.user!.id);
    expect(ids.indexOf(first.user!.id)).toBeLessThan(ids.indexOf(second.user!.id));
    expect(body.items.find((seller) => seller.id === first.user!.id)).toEqual({
      id: first.user!.id,
      fullName: 'Meera Weaves',
      email: first.user!.email,
      registeredAt: expect.any(String),
      status: 'unverified',
      verified: false,
      suspended: false,
      history: [],
      taxProfile: null,
      products: { listed: 2, onSale: 1, pendingReview: 1 },
    });
    expect(body.total).toBe(body.items.length);
  });

  it('filters by status and pages', async () => {
    for (const seller of [await signedIn(api, 'seller'), await signedIn(api, 'seller')]) await verify(seller.user!.id);
    await harness.settle();
    const verified = ok(await sellers({ status: 'verified', limit: '1', offset: '1' }));
    expect(verified.total).toBeGreaterThanOrEqual(2);
    expect(verified.items).toHaveLength(1);
    expect(verified.items[0]?.status).toBe('verified');
    const all = ok(await sellers({ status: 'verified', limit: '100' })).items;
    expect(all.map((seller) => seller.id)[1]).toBe(verified.items[0]?.id);
  });

  it('lists a buyer who took on the seller role', async () => {
    const buyer = await signedIn(api, 'buyer');
    expectStatus(await buyer.api.auth.roles.$post({ json: { role: 'seller' } }), 200);
    expect(await listed(buyer.user!.id)).toMatchObject({ status: 'unverified' });
  });

  it('refuses a bad filter or page', async () => {
    // Off the contract on purpose.
    const bad = await admin.raw.get('/api/admin/sellers?status=banned');
    expectStatus(bad, 400);
    expect(bad.body.error).toMatchObject({ code: 'validation_failed', fields: { status: expect.any(String) } });
    const noPage = await sellers({ limit: '0' });
    expectStatus(noPage, 400);
    expect(noPage.body.error.fields).toEqual({
      limit: 'Limit must be a whole number from 1 to 100',
    });
    const before = await sellers({ offset: '-1' });
    expectStatus(before, 400);
    expect(before.body.error.fields).toEqual({
      offset: 'Offset must be a whole number, 0 or more',
    });
  });
});

describe('verify, suspend and reinstate', () => {
  it("verifies a seller: an event by the admin, and the badge on the seller's products", async () => {
    const seller = await signedIn(api, 'seller');
    const productId = await listedProduct(api, seller);
    const reply = await verify(seller.user!.id, { reason: 'GST registration checked' });
    expectStatus(reply, 200);
    expect(reply.body).toEqual({ id: seller.user!.id, status: 'verified', position: expect.any(Number) });
    expect(await eventsOf(api, sellerStream(seller.user!.id))).toEqual([
      {
        type: 'SellerVerified',
        data: { sellerId: seller.user!.id, reason: 'GST registration checked', by: adminId, at: expect.any(String) },
        actor: adminId,
      },
    ]);
    await harness.settle();
    expect((await api.anonymous().api.products[':id'].$get({ param: { id: productId } })).body).toMatchObject({
      sellerVerified: true,
    });
    expect(await listed(seller.user!.id)).toMatchObject({
      status: 'verified',
      history: [{ action: 'verified', reason: 'GST registration checked', by: adminId, at: expect.any(String) }],
    });
    // Again: nothing more happens.
    expect(ok(await storesNothing(api, () => verify(seller.user!.id))).status).toBe('verified');
  });

  it('suspends a seller: their products leave the catalog and they cannot list new ones, until reinstated', async () => {
    const seller = await signedIn(api, 'seller');
    const productId = await listedProduct(api, seller);
    await verify(seller.user!.id);
    await harness.settle();
    const inCatalog = async () =>
      ok(await api.anonymous().api.products.$get({ query: { limit: '100' } })).items.some((p) => p.id === productId);
    expect(await inCatalog()).toBe(true);

    const suspended = await standing(seller.user!.id, 'suspend', 'Counterfeit goods');
    expect(suspended.body).toEqual({ id: seller.user!.id, status: 'suspended', position: expect.any(Number) });
    await harness.settle();
    expect(await inCatalog()).toBe(false);
    expectStatus(await api.anonymous().api.products[':id'].$get({ param: { id: productId } }), 404);
    const refused = await storesNothing(api, () => seller.api.seller.products.$post({ json: SAREE }));
    expectStatus(refused, 403);
    expect(refused.body.error).toEqual({
      code: 'seller_suspended',
      message: 'Your seller account is suspended, so you cannot list or change products',
    });
    // The seller still sees why their products are not on sale.
    expect(ok(await seller.api.seller.products.$get({ query: {} })).items).toMatchObject([
      { id: productId, sellerSuspended: true, visible: false },
    ]);

    const reinstated = await standing(seller.user!.id, 'reinstate', 'Invoices checked');
    expect(reinstated.body).toEqual({ id: seller.user!.id, status: 'verified', position: expect.any(Number) });
    await harness.settle();
    expect(await inCatalog()).toBe(true);
    expect((await listProduct(seller)).id).toEqual(expect.any(String));
    expect((await eventsOf(api, sellerStream(seller.user!.id))).map(({ type, actor }) => [type, actor])).toEqual([
      ['SellerVerified', adminId],
      ['SellerSuspended', adminId],
      ['SellerReinstated', adminId],
    ]);
    expect((await listed(seller.user!.id))?.history.map((entry) => [entry.action, entry.reason])).toEqual([
      ['verified', null],
      ['suspended', 'Counterfeit goods'],
      ['reinstated', 'Invoices checked'],
    ]);
  });

  it('answers 409 to transitions the standing does not allow, storing nothing', async () => {
    const seller = await signedIn(api, 'seller');
    const id = seller.user!.id;
    const notSuspended = await storesNothing(api, () => standing(id, 'reinstate', 'Second chance'));
    expectStatus(notSuspended, 409);
    expect(notSuspended.body.error).toEqual({
      code: 'not_suspended',
      message: 'Only a suspended seller can be reinstated',
    });
    await standing(id, 'suspend', 'Fake reviews');
    const verifySuspended = await storesNothing(api, () => verify(id));
    expectStatus(verifySuspended, 409);
    expect(verifySuspended.body.error).toEqual({
      code: 'seller_suspended',
      message: 'Reinstate this seller before verifying them',
    });
  });

  it('needs a reason to suspend or reinstate', async () => {
    const seller = await signedIn(api, 'seller');
    for (const action of ['suspend', 'reinstate'] as const) {
      for (const body of [{}, { reason: '   ' }, { reason: 42 }]) {
        const reply = await storesNothing(api, () => standingRaw(seller.user!.id, action, body));
        expectStatus(reply, 400);
        expect(reply.body.error).toEqual({
          code: 'validation_failed',
          message: 'A reason is required',
          fields: { reason: 'A reason is required' },
        });
      }
    }
    const long = await verify(seller.user!.id, { reason: 'x'.repeat(501) });
    expectStatus(long, 400);
    expect(long.body.error.fields).toEqual({ reason: 'Reason must be at most 500 characters' });
  });

  it('answers 404 for an unknown id or an account that does not sell', async () => {
    const buyer = await signedIn(api, 'buyer');
    for (const id of [crypto.randomUUID(), buyer.user!.id]) {
      const reply = await storesNothing(api, () => standing(id, 'suspend', 'Counterfeit goods'));
      expectStatus(reply, 404);
      expect(reply.body.error).toEqual({ code: 'not_found', message: 'Seller not found' });
    }
  });

  it('refuses malformed and oversized bodies', async () => {
    const seller = await signedIn(api, 'seller');
    const malformed = await storesNothing(api, () => standingRaw(seller.user!.id, 'suspend', '{bad'));
    expectStatus(malformed, 400);
    expect(malformed.body.error.code).toBe('malformed_json');
    expectStatus(await storesNothing(api, () => standingRaw(seller.user!.id, 'suspend', oversized())), 413);
  });
});
