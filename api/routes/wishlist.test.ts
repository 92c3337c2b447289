import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { wishlistStream } from '../../domain/wishlist/events.ts';
import { WISHLIST_REACTOR } from '../../workers/wishlist-alerts.ts';
import { type Client, expectStatus, ok } from '../testing/harness.ts';
import {
  actorOfClient,
  diyaShop,
  listedProduct,
  NO_PRODUCT_BODIES,
  onProduct,
  oversized,
  refusedBody,
  signedIn,
} from './orders.fixtures.ts';

/** Brass Diya, ₹499, 10 in stock. */
const { api, seller, diya } = await diyaShop();

const revision = (client: Client) => api.platform.events.streamRevision(wishlistStream(client.user!.id));
/** Once the wishlist reactor has passed everything appended so far, and the read models what it recorded. */
async function alertsSettled(): Promise<void> {
  const appended = await api.platform.events.lastPosition();
  for (let waited = 0; (await api.platform.read.checkpoint(WISHLIST_REACTOR)) < appended; waited += 10) {
    if (waited > 5000) throw new Error(`the wishlist reactor did not reach ${appended}`);
    await sleep(10);
  }
  expect(await api.ctx.progress.waitFor(await api.platform.events.lastPosition(), 5000)).toBe(true);
}

/** The wishlist once the read model has taken in everything up to `position`. */
const wishlistAfter = (client: Client, position: number) => client.after(position).wishlist.$get();

describe('every wishlist route', () => {
  const routes: Array<[string, string, unknown?]> = [
    ['GET', '/api/wishlist'],
    ['POST', '/api/wishlist/items', { productId: 'p-1' }],
    ['DELETE', '/api/wishlist/items/p-1'],
    ['GET', '/api/wishlist/notifications'],
    ['POST', '/api/wishlist/notifications/n-1/read', {}],
  ];

  it.each(routes)('%s %s requires sign-in, before looking at the body', async (method, path, json?) => {
    const reply = await api.anonymous().raw.request(method, path, { json: json === undefined ? undefined : '{bad' });
    expectStatus(reply, 401);
    expect(reply.body.error.code).toBe('unauthorized');
  });

  const productId = 'p-1';
  it.each([
    ['GET', '/api/wishlist', (client: Client) => client.api.wishlist.$get()],
    ['POST', '/api/wishlist/items', (client: Client) => client.api.wishlist.items.$post({ json: { productId } })],
    [
      'DELETE',
      '/api/wishlist/items/p-1',
      (client: Client) => client.api.wishlist.items[':productId'].$delete({ param: { productId }, query: {} }),
    ],
    ['GET', '/api/wishlist/notifications', (client: Client) => client.api.wishlist.notifications.$get({ query: {} })],
    [
      'POST',
      '/api/wishlist/notifications/n-1/read',
      (client: Client) => client.api.wishlist.notifications[':id'].read.$post({ param: { id: 'n-1' } }),
    ],
  ] as const)('%s %s is for buyers: a seller without the buyer role gets 403', async (_method, _path, call) => {
    const reply = await call(seller);
    expectStatus(reply, 403);
    expect(reply.body.error).toMatchObject({ code: 'forbidden', message: 'This needs the buyer role' });
  });

  it('has an operation id for each route in the API description', async () => {
    const { body } = await api.anonymous().raw.get('/api/openapi.json');
    expect(body.paths['/api/wishlist'].get.operationId).toBe('getWishlist');
    expect(body.paths['/api/wishlist/items'].post.operationId).toBe('saveToWishlist');
    expect(body.paths['/api/wishlist/items/{productId}'].delete.operationId).toBe('removeFromWishlist');
    expect(body.paths['/api/wishlist/notifications'].get.operationId).toBe('listWishlistNotifications');
    expect(body.paths['/api/wishlist/notifications/{id}/read'].post.operationId).toBe('markWishlistNotificationRead');
    expect(Object.keys(body.paths['/api/wishlist/items'].post.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '409',
      '413',
    ]);
    expect(Object.keys(body.paths['/api/wishlist/notifications/{id}/read'].post.responses)).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
    ]);
  });
});

describe('saving and reading', () => {
  it('saves a product once, newest first, and lists it with its current price and stock', async () => {
    const shawl = await listedProduct(api, seller, {
      name: 'Pashmina Shawl',
      pricePaise: 2_450_50,
      originalPricePaise: 3_000_00,
      stockQuantity: 3,
    });
    const buyer = await signedIn(api);
    const first = await buyer.api.wishlist.items.$post({ json: { productId: diya } });
    expectStatus(first, 200);
    expect(first.body.productIds).toEqual([diya]);
    const second = await buyer.api.wishlist.items.$post({ json: { productId: shawl } });
    expectStatus(second, 200);
    expect(second.body.productIds).toEqual([shawl, diya]);
    const again = await buyer.api.wishlist.items.$post({ json: { productId: shawl } });
    expect(again.body).toEqual(second.body);

    await onProduct(api, shawl, {
      type: 'UpdateProduct',
      actor: actorOfClient(seller),
      changes: { pricePaise: 2_000_00 },
      at: new Date().toISOString(),
    });
    const { position } = await onProduct(api, shawl, {
      type: 'AdjustStock',
      actor: actorOfClient(seller),
      stockQuantity: 0,
      at: new Date().toISOString(),
    });
    const reply = await wishlistAfter(buyer, position);
    expectStatus(reply, 200);
    expect(reply.body.count).toBe(2);
    expect(reply.body.items.map((item: { productId: string }) => item.productId)).toEqual([shawl, diya]);
    expect(reply.body.items[0]).toEqual({
      productId: shawl,
      variantId: null,
      savedAt: expect.any(String),
      product: {
        id: shawl,
        name: 'Pashmina Shawl',
        names: {},
        sellerName: 'Meera Crafts',
        pricePaise: 2_000_00,
        originalPricePaise: 3_000_00,
        percentOff: 33,
        imageUrl: '/media/diya.webp',
        stockQuantity: 0,
        variantLabel: '',
        asksFirst: null,
        available: true,
      },
    });
  });

  it('keeps a product delisted since it was saved, shown as unavailable, and removes it', async () => {
    const lamp = await listedProduct(api, seller, { name: 'Clay Lamp' });
    const buyer = await signedIn(api);
    await buyer.api.wishlist.items.$post({ json: { productId: lamp } });
    const { position } = await onProduct(api, lamp, {
      type: 'DelistProduct',
      actor: actorOfClient(seller),
      at: new Date().toISOString(),
    });
    expect(ok(await wishlistAfter(buyer, position)).items).toMatchObject([
      { productId: lamp, product: { available: false } },
    ]);

    const removed = await buyer.api.wishlist.items[':productId'].$delete({ param: { productId: lamp }, query: {} });
    expectStatus(removed, 200);
    expect(removed.body.productIds).toEqual([]);
    expect(ok(await wishlistAfter(buyer, removed.body.position))).toEqual({ items: [], count: 0 });
    const again = await buyer.api.wishlist.items[':productId'].$delete({ param: { productId: lamp }, query: {} });
    expectStatus(again, 200);
    expect(again.body.productIds).toEqual([]);
  });

  it('is each buyer’s own: another buyer neither sees nor removes it', async () => {
    const owner = await signedIn(api);
    const other = await signedIn(api);
    const saved = await owner.api.wishlist.items.$post({ json: { productId: diya } });
    expectStatus(saved, 200);
    const removal = await other.api.wishlist.items[':productId'].$delete({ param: { productId: diya }, query: {} });
    expectStatus(removal, 200);
    expect(removal.body.productIds).toEqual([]);
    // The other buyer's removal changed nothing, so the owner's save is the write to wait for.
    expect(ok(await wishlistAfter(other, saved.body.position)).items).toEqual([]);
    expect(ok(await wishlistAfter(owner, saved.body.position)).items).toMatchObject([{ productId: diya }]);
  });
});

describe('what a save refuses, storing nothing', () => {
  it('answers 404 for an unknown product', async () => {
    const buyer = await signedIn(api);
    const reply = await buyer.api.wishlist.items.$post({ json: { productId: 'no-such-product' } });
    expectStatus(reply, 404);
    expect(reply.body.error).toMatchObject({ code: 'not_found', message: 'Product not found' });
    expect(await revision(buyer)).toBe(-1);
  });

  it('answers 409 for a product not for sale', async () => {
    const pending = await listedProduct(api, seller, { name: 'New Rug' }, { verified: false });
    const buyer = await signedIn(api);
    const reply = await buyer.api.wishlist.items.$post({ json: { productId: pending } });
    expectStatus(reply, 409);
    expect(reply.body.error).toMatchObject({ code: 'not_available', message: '"New Rug" is not available' });
    expect(await revision(buyer)).toBe(-1);
  });

  it('answers 403 to a seller who is also a buyer for their own product', async () => {
    const maker = await signedIn(api, 'seller');
    const own = await listedProduct(api, maker);
    await maker.api.auth.roles.$post({ json: { role: 'buyer' } });
    const reply = await maker.api.wishlist.items.$post({ json: { productId: own } });
    expectStatus(reply, 403);
    expect(reply.body.error).toMatchObject({ code: 'own_product', message: 'You cannot save your own product' });
    expect(await revision(maker)).toBe(-1);
  });

  it.each(NO_PRODUCT_BODIES)('answers 400 for %j', async (body, fields) => {
    expect(await revision(await refusedBody(api, '/api/wishlist/items', body, fields))).toBe(-1);
  });

  it('answers 400 for malformed JSON and a too long id, 413 for an oversized body', async () => {
    const buyer = await signedIn(api);
    expect((await buyer.raw.post('/api/wishlist/items', '{bad')).body.error.code).toBe('malformed_json');
    expect(
      (await buyer.api.wishlist.items[':productId'].$delete({ param: { productId: 'x'.repeat(101) }, query: {} }))
        .status,
    ).toBe(400);
    const large = await buyer.raw.post('/api/wishlist/items', { productId: diya, ...oversized() });
    expectStatus(large, 413);
    expect(await revision(buyer)).toBe(-1);
  });
});

describe('notifications of saved products', () => {
  it('tells the buyer of a price drop and of stock again, once each, and lets only them mark it read', async () => {
    const bell = await listedProduct(api, seller, { name: 'Brass Bell', pricePaise: 800_00, stockQuantity: 1 });
    const buyer = await signedIn(api);
    const other = await signedIn(api);
    await buyer.api.wishlist.items.$post({ json: { productId: bell } });
    const at = () => new Date().toISOString();
    await onProduct(api, bell, {
      type: 'UpdateProduct',
      actor: actorOfClient(seller),
      changes: { pricePaise: 650_00 },
      at: at(),
    });
    await onProduct(api, bell, {
      type: 'UpdateProduct',
      actor: actorOfClient(seller),
      changes: { pricePaise: 700_00 },
      at: at(),
    });
    await onProduct(api, bell, { type: 'AdjustStock', actor: actorOfClient(seller), stockQuantity: 0, at: at() });
    await onProduct(api, bell, { type: 'AdjustStock', actor: actorOfClient(seller), stockQuantity: 4, at: at() });
    await alertsSettled();

    const list = await buyer.api.wishlist.notifications.$get({ query: {} });
    expectStatus(list, 200);
    expect(list.body.unread).toBe(2);
    expect(list.body.items).toMatchObject([
      {
        buyerId: buyer.user!.id,
        productId: bell,
        kind: 'back_in_stock',
        title: 'Back in stock: Brass Bell',
        body: '4 in stock now, at ₹700.00.',
        read: false,
      },
      {
        productId: bell,
        kind: 'price_drop',
        title: 'Price drop: Brass Bell',
        body: 'Now ₹650.00, was ₹800.00.',
        read: false,
      },
    ]);
    expect(ok(await other.api.wishlist.notifications.$get({ query: {} }))).toEqual({ items: [], unread: 0 });
    expect(ok(await buyer.api.wishlist.notifications.$get({ query: { limit: '1' } }))).toMatchObject({
      items: [{ kind: 'back_in_stock' }],
      unread: 2,
    });

    const newest = list.body.items[0]!;
    const markRead = (client: Client) =>
      client.api.wishlist.notifications[':id'].read.$post({ param: { id: encodeURIComponent(newest.id) } });
    expect((await markRead(other)).status).toBe(404);
    expect((await markRead(seller)).status).toBe(403);
    const marked = await markRead(buyer);
    expectStatus(marked, 200);
    expect(marked.body).toMatchObject({ id: newest.id, read: true });
    const after = await buyer.after(marked.body.position).wishlist.notifications.$get({ query: {} });
    expectStatus(after, 200);
    expect(after.body.unread).toBe(1);
    expect(after.body.items[0]).toMatchObject({ id: newest.id, read: true });
  });

  it('answers 404 for an unknown notification and 400 for a bad limit', async () => {
    const buyer = await signedIn(api);
    const missing = await buyer.api.wishlist.notifications[':id'].read.$post({ param: { id: 'no-such-notification' } });
    expectStatus(missing, 404);
    expect(missing.body.error).toMatchObject({ code: 'not_found', message: 'Notification not found' });
    for (const limit of ['0', '101', 'ten', '1.5']) {
      const reply = await buyer.api.wishlist.notifications.$get({ query: { limit } });
      expectStatus(reply, 400);
      expect(reply.body.error.fields).toEqual({ limit: 'Limit must be a whole number from 1 to 100' });
    }
  });
});
