import { describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../domain/seller/profile.ts';
import { type ArgsOf, type Client, expectStatus, ok, type TypedApi } from '../testing/harness.ts';
import { fileApi, signInAdmin } from './catalog.fixtures.ts';
import { listedProduct, signedIn } from './orders.fixtures.ts';
import { deliveredOrder } from './purchases.fixtures.ts';

const PROFILE = {
  displayName: 'Meera Handlooms',
  region: 'Varanasi, Uttar Pradesh',
  craft: 'Banarasi silk weaving',
  story: 'My grandmother taught me the pit loom.\nEvery saree takes three weeks.',
};

const api = await fileApi();
const admin = await signInAdmin(api);

const sellerId = (id: string) => ({ param: { id: encodeURIComponent(id) } });
const storefrontOf = (viewer: TypedApi, seller: Client) => viewer.sellers[':id'].$get(sellerId(seller.user!.id));
type Profile = ArgsOf<TypedApi['sellers'][':id']['profile']['$put']>['json'];
const putProfile = (editor: Client, seller: Client | string, json: Profile) =>
  editor.api.sellers[':id'].profile.$put({
    ...sellerId(typeof seller === 'string' ? seller : seller.user!.id),
    json,
  });
const historyOf = (viewer: Client, id: string) => viewer.api.sellers[':id'].profile.history.$get(sellerId(id));
/** The profile's path, for bodies off the contract. */
const profilePath = (seller: Client) => `/api/sellers/${seller.user!.id}/profile`;

describe('GET /api/sellers/{id}', () => {
  it("shows a new seller's storefront under their account name, unverified and unrated", async () => {
    const seller = await signedIn(api, 'seller', 'Kavya Crafts');
    await api.settle();
    const reply = await storefrontOf(api.anonymous().api, seller);
    expectStatus(reply, 200);
    expect(reply.body).toEqual({
      id: seller.user!.id,
      displayName: 'Kavya Crafts',
      region: null,
      craft: null,
      story: null,
      status: 'unverified',
      rating: null,
      ratingCount: 0,
      version: 0,
      joinedAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(reply.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers 404 for an unknown id or an account that does not sell, 400 for an id too long', async () => {
    const buyer = await signedIn(api, 'buyer');
    await api.settle();
    for (const id of ['no-such-seller', buyer.user!.id]) {
      const reply = await api.anonymous().api.sellers[':id'].$get(sellerId(id));
      expectStatus(reply, 404);
      expect(reply.body.error).toEqual({ code: 'not_found', message: 'Seller not found' });
    }
    expect((await api.anonymous().api.sellers[':id'].$get(sellerId('x'.repeat(101)))).status).toBe(400);
  });

  it('rates the seller across the reviews of all their products', async () => {
    const seller = await signedIn(api, 'seller');
    const [first, second] = [
      await listedProduct(api, seller),
      await listedProduct(api, seller, { name: 'Brass Lamp' }),
    ];
    const [asha, ravi] = [await signedIn(api), await signedIn(api)];
    await deliveredOrder(api, asha, [first, second]);
    await deliveredOrder(api, ravi, [first]);
    await api.settle();
    for (const [buyer, productId, rating] of [
      [asha, first, 5],
      [asha, second, 4],
      [ravi, first, 4],
    ] as const) {
      expect(
        (
          await buyer.api.products[':id'].reviews.$post({
            param: { id: productId },
            json: { rating, comment: 'Beautiful work.' },
          })
        ).status,
      ).toBe(201);
    }
    await api.settle();
    expect(ok(await storefrontOf(api.anonymous().api, seller))).toMatchObject({ rating: 4.3, ratingCount: 3 });
  });
});

describe('PUT /api/sellers/{id}/profile', () => {
  it('writes the profile: the storefront, and the products sold under its name, follow', async () => {
    const seller = await signedIn(api, 'seller', 'Meera Devi');
    const productId = await listedProduct(api, seller);
    const written = await putProfile(seller, seller, PROFILE);
    expectStatus(written, 200);
    expect(written.body).toEqual({ id: seller.user!.id, version: 1, position: expect.any(Number) });

    const after = api.anonymous().after(written.body.position);
    expect(ok(await storefrontOf(after, seller))).toMatchObject({
      ...PROFILE,
      version: 1,
    });
    const products = ok(await after.products.$get({ query: { seller: seller.user!.id } }));
    expect(products.items.map((p) => [p.id, p.sellerName])).toEqual([[productId, 'Meera Handlooms']]);
  });

  it('trims, makes blank optional fields null, and writes nothing new for the same profile', async () => {
    const seller = await signedIn(api, 'seller');
    const first = await putProfile(seller, seller, {
      displayName: '  Asha Pottery ',
      region: ' ',
      craft: '',
      story: '  ',
    });
    expect(ok(first).version).toBe(1);
    const again = await putProfile(seller, seller, { displayName: 'Asha Pottery' });
    expect(ok(again).version).toBe(1);
    await api.settle();
    expect(ok(await storefrontOf(api.anonymous().api, seller))).toMatchObject({
      displayName: 'Asha Pottery',
      region: null,
      craft: null,
      story: null,
      version: 1,
    });
  });

  it('refuses bad input with the field and its message', async () => {
    const seller = await signedIn(api, 'seller');
    const cases: Array<[body: unknown, field: string, message: string]> = [
      [{ ...PROFILE, displayName: '' }, 'displayName', 'Display name is required'],
      [{ region: 'Varanasi' }, 'displayName', 'Display name is required'],
      [{ ...PROFILE, displayName: 'x'.repeat(61) }, 'displayName', 'Display name must be at most 60 characters'],
      [
        { ...PROFILE, displayName: 'Meera\u202EHandlooms' },
        'displayName',
        'Display name contains characters that are not allowed',
      ],
      [{ ...PROFILE, region: 'Varanasi\nUP' }, 'region', 'Region contains characters that are not allowed'],
      [{ ...PROFILE, craft: 42 }, 'craft', 'Craft must be text'],
      [{ ...PROFILE, story: 'x'.repeat(1001) }, 'story', 'Story must be at most 1000 characters'],
      [{ ...PROFILE, story: 'Hidden\u200Bspace' }, 'story', 'Story contains characters that are not allowed'],
      [{ ...PROFILE, expectedVersion: 'one' }, 'expectedVersion', 'Expected version must be a whole number, 0 or more'],
    ];
    for (const [body, field, message] of cases) {
      const reply = await seller.raw.put(profilePath(seller), body);
      expect(reply.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(reply.body.error).toMatchObject({ code: 'validation_failed', message, fields: { [field]: message } });
    }
    const malformed = await seller.raw.put(profilePath(seller), '{"displayName":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('malformed_json');
    const huge = await seller.raw.put(profilePath(seller), { ...PROFILE, story: 'x'.repeat(70_000) });
    expect(huge.status).toBe(413);
    await api.settle();
    expect(ok(await storefrontOf(api.anonymous().api, seller)).version).toBe(0);
  });

  it('refuses an edit made from an earlier version', async () => {
    const seller = await signedIn(api, 'seller');
    expect((await putProfile(seller, seller, { ...PROFILE, expectedVersion: 0 })).status).toBe(200);
    const stale = await putProfile(seller, seller, { ...PROFILE, story: null, expectedVersion: 0 });
    expectStatus(stale, 409);
    expect(stale.body.error).toEqual({ code: 'version_conflict', message: PROFILE_MESSAGES.conflict });
    expect(ok(await putProfile(seller, seller, { ...PROFILE, story: null, expectedVersion: 1 })).version).toBe(2);
  });
});

describe('who may edit a storefront', () => {
  it('asks a visitor to sign in before looking at the body, and refuses buyers and other sellers', async () => {
    const seller = await signedIn(api, 'seller');
    for (const body of [PROFILE, { displayName: '' }]) {
      const reply = await putProfile(api.anonymous(), seller, body);
      expect(reply.status).toBe(401);
    }
    const buyer = await signedIn(api, 'buyer');
    expect((await putProfile(buyer, seller, PROFILE)).status).toBe(403);
    const other = await signedIn(api, 'seller');
    const refused = await putProfile(other, seller, PROFILE);
    expectStatus(refused, 403);
    expect(refused.body.error).toEqual({ code: 'forbidden', message: PROFILE_MESSAGES.forbidden });
  });

  it('lets an admin edit, and answers 404 for an account that does not sell', async () => {
    const seller = await signedIn(api, 'seller');
    expect(ok(await putProfile(admin, seller, PROFILE)).version).toBe(1);
    const buyer = await signedIn(api, 'buyer');
    const reply = await putProfile(admin, buyer, PROFILE);
    expectStatus(reply, 404);
    expect(reply.body.error.code).toBe('not_found');
  });

  it('asks a seller to verify their e-mail address first', async () => {
    const seller = await api.signUp({ role: 'seller', verified: false });
    const reply = await putProfile(seller, seller, PROFILE);
    expectStatus(reply, 403);
    expect(reply.body.error).toEqual({
      code: 'email_unverified',
      message: 'Verify your e-mail address before editing your storefront',
    });
  });
});

describe("a suspended seller's storefront", () => {
  it('is hidden from buyers and shown to the seller and admins with its status; only an admin edits it', async () => {
    const seller = await signedIn(api, 'seller');
    await putProfile(seller, seller, PROFILE);
    expect(
      (
        await admin.api.admin.sellers[':id'].suspend.$post({
          ...sellerId(seller.user!.id),
          json: { reason: 'Counterfeit reports' },
        })
      ).status,
    ).toBe(200);
    await api.settle();

    const hidden = await storefrontOf(api.anonymous().api, seller);
    expectStatus(hidden, 404);
    expect(hidden.body.error).toEqual({
      code: 'storefront_unavailable',
      message: "This seller's storefront is not available",
    });
    expect((await storefrontOf((await signedIn(api)).api, seller)).status).toBe(404);
    for (const viewer of [seller, admin]) {
      const shown = await storefrontOf(viewer.api, seller);
      expectStatus(shown, 200);
      expect(shown.body).toMatchObject({ status: 'suspended', displayName: PROFILE.displayName });
      expect(shown.headers.get('cache-control')).toBe('private, no-cache');
    }

    const refused = await putProfile(seller, seller, { ...PROFILE, story: 'Still here.' });
    expectStatus(refused, 403);
    expect(refused.body.error.code).toBe('seller_suspended');
    expect((await putProfile(admin, seller, { ...PROFILE, story: null })).status).toBe(200);

    await admin.api.admin.sellers[':id'].reinstate.$post({
      ...sellerId(seller.user!.id),
      json: { reason: 'Invoices checked' },
    });
    await api.settle();
    expect(ok(await storefrontOf(api.anonymous().api, seller))).toMatchObject({
      status: 'unverified',
      story: null,
    });
  });
});

describe('GET /api/sellers/{id}/profile/history', () => {
  it('gives the seller and the admins every version, newest first, with who wrote it', async () => {
    const seller = await signedIn(api, 'seller');
    await putProfile(seller, seller, PROFILE);
    await putProfile(admin, seller, { ...PROFILE, story: null });
    await api.settle();
    for (const viewer of [seller, admin]) {
      const reply = await historyOf(viewer, seller.user!.id);
      expectStatus(reply, 200);
      expect(reply.body.items).toEqual([
        { ...PROFILE, story: null, version: 2, editedBy: 'admin', by: admin.user!.id, at: expect.any(String) },
        { ...PROFILE, version: 1, editedBy: 'seller', by: seller.user!.id, at: expect.any(String) },
      ]);
    }
  });

  it('is for the seller and the admins only', async () => {
    const seller = await signedIn(api, 'seller');
    await api.settle();
    const id = seller.user!.id;
    expect((await historyOf(api.anonymous(), id)).status).toBe(401);
    expect((await historyOf(await signedIn(api, 'buyer'), id)).status).toBe(403);
    expect((await historyOf(await signedIn(api, 'seller'), id)).status).toBe(403);
    expect((await historyOf(admin, 'no-such-seller')).status).toBe(404);
  });
});

describe('GET /api/products?seller=', () => {
  it("lists one seller's products on sale, with the usual filters", async () => {
    const seller = await signedIn(api, 'seller');
    const other = await signedIn(api, 'seller');
    const saree = await listedProduct(api, seller, { name: 'Silk Saree', categoryId: 'textiles', pricePaise: 900_000 });
    const lamp = await listedProduct(api, seller, {
      name: 'Brass Lamp',
      categoryId: 'handicrafts',
      pricePaise: 50_000,
    });
    await listedProduct(api, seller, { name: 'Pending Shawl' }, { verified: false });
    await listedProduct(api, other, { name: 'Other Lamp' });
    await api.settle();
    type Query = ArgsOf<TypedApi['products']['$get']>['query'];
    const ids = async (query: Query) =>
      ok(await api.anonymous().api.products.$get({ query: { seller: seller.user!.id, ...query } })).items.map(
        (p) => p.id,
      );
    expect(await ids({ sort: 'price-low' })).toEqual([lamp, saree]);
    expect(await ids({ category: 'textiles' })).toEqual([saree]);
    expect(await ids({ q: 'saree' })).toEqual([saree]);
    expect(await ids({ sort: 'price-high', limit: '1', offset: '1' })).toEqual([lamp]);
    const tooLong = await api.anonymous().api.products.$get({ query: { seller: 'x'.repeat(101) } });
    expectStatus(tooLong, 400);
    expect(tooLong.body.error.fields).toEqual({ seller: 'Seller must be at most 100 characters' });
  });
});

it('documents each route with its operationId and the errors it answers', async () => {
  const { body } = await api.anonymous().raw.get('/api/openapi.json');
  const documented = (path: string, method: string) => {
    const operation = body.paths[path][method];
    return [operation.operationId, Object.keys(operation.responses).sort()];
  };
  expect(documented('/api/sellers/{id}', 'get')).toEqual(['getStorefront', ['200', '400', '404']]);
  expect(documented('/api/sellers/{id}/profile', 'put')).toEqual([
    'updateStorefrontProfile',
    ['200', '400', '401', '403', '404', '409', '413'],
  ]);
  expect(documented('/api/sellers/{id}/profile/history', 'get')).toEqual([
    'getStorefrontProfileHistory',
    ['200', '400', '401', '403', '404'],
  ]);
  expect(body.paths['/api/products'].get.parameters.map((p: { name: string }) => p.name)).toContain('seller');
});
