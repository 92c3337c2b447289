import { beforeAll, describe, expect, it } from 'vitest';
import { productStream } from '../../domain/product/events.ts';
import { type ArgsOf, Client, errorOf, expectStatus, ok, type TypedApi } from '../testing/harness.ts';
import { storesNothing } from './admin/admin.fixtures.ts';
import { SAREE, listProduct, twoSellers } from './catalog.fixtures.ts';
import { RESTORE_MESSAGES } from '../commands/products.ts';
import { actorOfClient, buyerWith, checkoutBody, onProduct, oversized, signedIn } from './orders.fixtures.ts';
import { movedOrder } from './purchases.fixtures.ts';

const { api, seller, otherSeller, admin } = await twoSellers();
const history = (client?: Client) => new Client(api, client?.cookie ?? null);

const now = () => new Date().toISOString();

const productEvents = (productId: string) => api.platform.events.readStream(productStream(productId));

/** A buyer who ordered `quantity` of the product through the cart and checkout routes. */
async function ordered(productId: string, quantity: number) {
  const buyer = await buyerWith(api, productId, quantity);
  const reply = await buyer.api.orders.$post({ header: {}, json: checkoutBody() });
  if (reply.status !== 201) throw new Error(`order failed: ${reply.status} ${JSON.stringify(reply.body)}`);
  return { buyer, orderId: reply.body.order.id as string };
}

/** A product of the seller with a life: edited, restocked, ordered twice (one cancelled, one delivered and reviewed), featured. */
async function productWithAPast() {
  const { id } = await listProduct(seller, { pricePaise: 149_900, stockQuantity: 10 });
  await seller.api.seller.products[':id'].$patch({ param: { id }, json: { pricePaise: 129_900, tags: ['silk'] } });
  await seller.api.seller.products[':id'].stock.$put({ param: { id }, json: { stockQuantity: 8 } });
  const cancelled = await ordered(id, 2);
  const cancel = await cancelled.buyer.api['seller-orders'][':id'].status.$post({
    param: { id: `${cancelled.orderId}-1` },
    json: {
      status: 'cancelled',
      reason: 'Changed my mind',
    },
  });
  if (cancel.status !== 200) throw new Error(`cancel failed: ${cancel.status} ${JSON.stringify(cancel.body)}`);
  const buyer = await signedIn(api, 'buyer', 'Asha Rao');
  await buyer.api.cart.items.$post({ json: { productId: id, quantity: 1 } });
  const delivered = await buyer.api.orders.$post({ header: {}, json: checkoutBody() });
  expectStatus(delivered, 201);
  const deliveredId: string = delivered.body.order.id;
  await movedOrder(api, deliveredId, 'delivered');
  await api.settle();
  await buyer.api.products[':id'].reviews.$post({ param: { id }, json: { rating: 4, comment: 'Beautiful weave.' } });
  await onProduct(api, id, { type: 'FeatureProduct', actor: actorOfClient(admin), at: now() }, admin.user!.id);
  await api.settle();
  return { id, cancelledOrder: cancelled, deliveredOrder: deliveredId, buyer };
}

let past: Awaited<ReturnType<typeof productWithAPast>>;
beforeAll(async () => {
  past = await productWithAPast();
});

describe('GET /api/seller/products/{id}/history', () => {
  it('tells every event of the product and its reviews in order, in plain words, with who did it', async () => {
    const reply = await history(seller).api.seller.products[':id'].history.$get({ param: { id: past.id } });
    expectStatus(reply, 200);
    expect(reply.body.id).toBe(past.id);
    const short = (orderId: string) => orderId.slice(0, 8);
    const buyerName = past.cancelledOrder.buyer.user!.fullName;
    expect(reply.body.items.map((entry: any) => [entry.type, entry.actor.name, entry.summary])).toEqual([
      ['ProductListed', 'Meera Weaves', 'Listed in Textiles at ₹1,499.00 with 10 in stock'],
      ['ProductVerified', 'MIBI', 'Verified'],
      // The price changes at once; the tags of a verified product go through review (approved at once: AUTO_VERIFY).
      ['ProductUpdated', 'Meera Weaves', 'Price: ₹1,499.00 → ₹1,299.00'],
      ['ProductRevisionSubmitted', 'Meera Weaves', 'Changes sent for review: Tags: silk, handloom → silk'],
      ['ProductRevisionApproved', 'MIBI', 'Changes approved: Tags: silk, handloom → silk'],
      ['StockAdjusted', 'Meera Weaves', 'Stock adjusted from 10 to 8'],
      ['StockReserved', buyerName, `Reserved 2 by order #${short(past.cancelledOrder.orderId)}`],
      ['StockReleased', buyerName, `Released 2: order #${short(past.cancelledOrder.orderId)} cancelled`],
      ['StockReserved', 'Asha Rao', `Reserved 1 by order #${short(past.deliveredOrder)}`],
      ['ReviewSubmitted', 'Asha Rao', 'Review received from Asha Rao: rated 4 out of 5'],
      ['ProductFeatured', 'MIBI Admin', 'Featured'],
    ]);
  });

  it('gives each entry its log position, revision, time, actor id and, for edits and stock moves, the fields before and after', async () => {
    const { items } = ok(await history(seller).api.seller.products[':id'].history.$get({ param: { id: past.id } }));
    const stored = await productEvents(past.id);
    const positions = items.map((entry: any) => entry.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(items[0]).toEqual({
      position: stored[0]!.position,
      revision: 0,
      at: expect.any(String),
      type: 'ProductListed',
      actor: { id: seller.user!.id, name: 'Meera Weaves' },
      summary: 'Listed in Textiles at ₹1,499.00 with 10 in stock',
    });
    expect(items[1]?.actor).toEqual({ id: 'system', name: 'MIBI' });
    expect(items[2]?.changes).toEqual([{ field: 'Price', before: '₹1,499.00', after: '₹1,299.00' }]);
    expect(items[3]?.changes).toEqual([{ field: 'Tags', before: 'silk, handloom', after: 'silk' }]);
    expect(items[6]?.changes).toEqual([{ field: 'Stock', before: '8', after: '6' }]);
    expect(items[9]).toMatchObject({
      type: 'ReviewSubmitted',
      revision: 0,
      actor: { id: past.buyer.user!.id, name: 'Asha Rao' },
    });
  });

  it('is open to admins', async () => {
    const reply = await history(admin).api.seller.products[':id'].history.$get({ param: { id: past.id } });
    expectStatus(reply, 200);
    expect(reply.body.items).toHaveLength(11);
  });
});

describe('who may look', () => {
  /** Each history route of product `id`: what it is, and a call of it. */
  const routes = (id: string) =>
    [
      [
        `GET /api/seller/products/${id}/history`,
        (c: Client) => c.api.seller.products[':id'].history.$get({ param: { id } }),
      ],
      [
        `GET /api/seller/products/${id}/history/as-of?position=1`,
        (c: Client) => c.api.seller.products[':id'].history['as-of'].$get({ param: { id }, query: { position: '1' } }),
      ],
      [
        `GET /api/seller/products/${id}/as-ordered/${past.deliveredOrder}`,
        (c: Client) =>
          c.api.seller.products[':id']['as-ordered'][':orderId'].$get({ param: { id, orderId: past.deliveredOrder } }),
      ],
      [
        `POST /api/seller/products/${id}/history/restore`,
        (c: Client) => c.api.seller.products[':id'].history.restore.$post({ param: { id }, json: { position: 1 } }),
      ],
    ] as const;

  it('answers 401 when signed out, 403 without the seller or admin role, 404 for another seller, storing nothing', async () => {
    const buyer = await signedIn(api);
    for (const [path, send] of routes(past.id)) {
      const anonymous = await storesNothing(api, () => send(history()));
      expect(anonymous.status, path).toBe(401);
      expect(errorOf(anonymous).code).toBe('unauthorized');
      const forbidden = await storesNothing(api, () => send(history(buyer)));
      expect(forbidden.status, path).toBe(403);
      expect(errorOf(forbidden).code).toBe('forbidden');
      const stranger = await storesNothing(api, () => send(history(otherSeller)));
      expect(stranger.status, path).toBe(404);
      expect(errorOf(stranger)).toEqual({ code: 'not_found', message: 'Product not found' });
    }
  });

  it('answers 404 for a product never listed', async () => {
    for (const [path, send] of routes(crypto.randomUUID())) {
      const reply = await send(history(seller));
      expect(reply.status, path).toBe(404);
      expect(errorOf(reply).message).toBe('Product not found');
    }
  });
});

describe('GET /api/seller/products/{id}/history/as-of', () => {
  it('rebuilds the product as it stood at a log position or a time', async () => {
    const stored = await productEvents(past.id);
    // The edit's tags went live with the approval of its revision.
    const edit = stored.find((event) => event.type === 'ProductRevisionApproved')!;
    const atListing = await history(seller).api.seller.products[':id'].history['as-of'].$get({
      param: { id: past.id },
      query: { position: stored[0]!.position },
    });
    expectStatus(atListing, 200);
    expect(atListing.body).toEqual({
      id: past.id,
      sellerId: seller.user!.id,
      ...SAREE,
      imageUrl: null,
      images: [],
      pricePaise: 149_900,
      options: [],
      variants: [
        {
          id: 'default',
          sku: '',
          optionValues: [],
          pricePaise: 149_900,
          originalPricePaise: SAREE.originalPricePaise,
          imageUrls: [],
        },
      ],
      stockQuantity: 10,
      verification: 'pending',
      featured: false,
      delisted: false,
      displayStatus: 'Pending Review',
      position: stored[0]!.position,
      revision: 0,
      at: (stored[0]!.data as { listedAt: string }).listedAt,
    });

    const byPosition = await history(seller).api.seller.products[':id'].history['as-of'].$get({
      param: { id: past.id },
      query: { position: edit.position },
    });
    expect(byPosition.body).toMatchObject({
      pricePaise: 129_900,
      tags: ['silk'],
      stockQuantity: 10,
      displayStatus: 'Active',
      revision: edit.revision,
    });

    const byTime = await history(admin).api.seller.products[':id'].history['as-of'].$get({
      param: { id: past.id },
      query: { at: now() },
    });
    expect(byTime.body).toMatchObject({
      pricePaise: 129_900,
      stockQuantity: 7,
      featured: true,
      displayStatus: 'Featured',
      revision: stored.length - 1,
    });
  });

  it('answers 404 for a moment before the listing', async () => {
    const reply = await history(seller).api.seller.products[':id'].history['as-of'].$get({
      param: { id: past.id },
      query: { at: '2000-01-01T00:00:00Z' },
    });
    expectStatus(reply, 404);
    expect(reply.body.error).toEqual({ code: 'not_found', message: 'The product was not listed yet at that moment' });
  });

  it.each([
    ['', 'at', 'Give either at or position'],
    ['?at=2024-05-01T10:00:00Z&position=3', 'at', 'Give either at or position'],
    ['?at=yesterday', 'at', 'At must be a date and time like 2024-05-01T10:00:00Z'],
    ['?at=2024-05-01', 'at', 'At must be a date and time like 2024-05-01T10:00:00Z'],
    ['?position=abc', 'position', 'Position must be a whole number, 1 or more'],
    ['?position=0', 'position', 'Position must be a whole number, 1 or more'],
    ['?position=2.5', 'position', 'Position must be a whole number, 1 or more'],
  ])('refuses the query %j: %s says %j', async (query, field, message) => {
    const reply = await history(seller).raw.get(`/api/seller/products/${past.id}/history/as-of${query}`);
    expectStatus(reply, 400);
    expect(reply.body.error).toMatchObject({ code: 'validation_failed', message, fields: { [field]: message } });
  });
});

describe('GET /api/seller/products/{id}/as-ordered/{orderId}', () => {
  it('gives the order line as the buyer saw it and the whole product when the order was placed', async () => {
    const before = await history(seller).api.seller.products[':id']['as-ordered'][':orderId'].$get({
      param: { id: past.id, orderId: past.cancelledOrder.orderId },
    });
    expectStatus(before, 200);
    expect(before.body).toMatchObject({
      orderId: past.cancelledOrder.orderId,
      placedAt: expect.any(String),
      line: {
        productId: past.id,
        name: SAREE.name,
        pricePaise: 129_900,
        quantity: 2,
        sellerId: seller.user!.id,
        sellerName: 'Meera Weaves',
        categoryId: 'textiles',
      },
      // The order's own reservation is in: stock 8, two reserved.
      product: { id: past.id, pricePaise: 129_900, stockQuantity: 6, featured: false, displayStatus: 'Active' },
    });
    const later = await history(admin).api.seller.products[':id']['as-ordered'][':orderId'].$get({
      param: { id: past.id, orderId: past.deliveredOrder },
    });
    expect(later.body).toMatchObject({ line: { quantity: 1 }, product: { stockQuantity: 7 } });
  });

  it('answers 404 for an order that does not exist or has no line of the product', async () => {
    const { id: otherProduct } = await listProduct(seller);
    for (const [id, orderId] of [
      [past.id, crypto.randomUUID()],
      [otherProduct, past.deliveredOrder],
    ]) {
      const reply = await history(seller).api.seller.products[':id']['as-ordered'][':orderId'].$get({
        param: { id: id!, orderId: orderId! },
      });
      expectStatus(reply, 404);
      expect(reply.body.error).toEqual({ code: 'not_found', message: 'This order has no line of this product' });
    }
  });
});

describe('POST /api/seller/products/{id}/history/restore', () => {
  type Version = ArgsOf<TypedApi['seller']['products'][':id']['history']['restore']['$post']>['json'];
  const restore = (client: Client, productId: string, body: Version) =>
    history(client).api.seller.products[':id'].history.restore.$post({ param: { id: productId }, json: body });
  /** Any body: for bodies off the contract. */
  const restoreRaw = (client: Client, productId: string, body: unknown) =>
    history(client).raw.post(`/api/seller/products/${productId}/history/restore`, body);

  it('brings back the fields of an earlier version as a new edit, only those that differ', async () => {
    const { id, position: listedAt } = await listProduct(seller, { pricePaise: 149_900, imageUrl: '/media/old.webp' });
    await seller.api.seller.products[':id'].$patch({
      param: { id },
      json: { pricePaise: 99_900, name: 'Silk Saree', imageUrl: null },
    });
    await seller.api.seller.products[':id'].stock.$put({ param: { id }, json: { stockQuantity: 2 } });
    const stored = await productEvents(id);
    const reply = await restore(seller, id, { position: stored[0]!.position });
    expect(listedAt).toBeGreaterThanOrEqual(stored[0]!.position);
    expectStatus(reply, 200);
    expect(reply.body).toEqual({
      id,
      position: expect.any(Number),
      review: null,
      message: RESTORE_MESSAGES.restored,
      changes: [
        { field: 'Name', before: 'Silk Saree', after: SAREE.name },
        { field: 'Price', before: '₹999.00', after: '₹1,499.00' },
        { field: 'Images', before: 'none', after: '1 image' },
      ],
    });
    // The price at once; the name and image of the verified product through review (approved at once: AUTO_VERIFY).
    const after = await productEvents(id);
    expect(after).toHaveLength(stored.length + 3);
    expect(after.slice(-3)).toMatchObject([
      {
        type: 'ProductUpdated',
        metadata: { actor: seller.user!.id },
        data: {
          by: seller.user!.id,
          before: { pricePaise: 99_900 },
          after: { pricePaise: 149_900 },
          restores: (stored[0]!.data as { listedAt: string }).listedAt,
        },
      },
      {
        type: 'ProductRevisionSubmitted',
        metadata: { actor: seller.user!.id },
        data: {
          by: seller.user!.id,
          before: { name: 'Silk Saree', imageUrl: null },
          after: { name: SAREE.name, imageUrl: '/media/old.webp' },
        },
      },
      { type: 'ProductRevisionApproved', position: reply.body.position, metadata: { actor: 'system' } },
    ]);
    // Stock and status are not part of a version to restore.
    const now = await history(seller).api.seller.products[':id'].history['as-of'].$get({
      param: { id },
      query: { position: reply.body.position },
    });
    expect(now.body).toMatchObject({
      name: SAREE.name,
      pricePaise: 149_900,
      stockQuantity: 2,
      verification: 'verified',
    });
    // The history tells the restore as one, naming the version it brought back.
    const { items } = ok(await history(seller).api.seller.products[':id'].history.$get({ param: { id } }));
    expect(items.find((item) => item.position === after.at(-3)!.position)).toMatchObject({
      type: 'ProductUpdated',
      summary: 'Restored: Price: ₹999.00 → ₹1,499.00',
      restores: (stored[0]!.data as { listedAt: string }).listedAt,
    });
  });

  it('stores nothing when the version matches the product as it is', async () => {
    const { id } = await listProduct(seller);
    const [listed] = await productEvents(id);
    const reply = await storesNothing(api, () => restore(seller, id, { position: listed!.position }));
    expectStatus(reply, 200);
    expect(reply.body).toEqual({
      id,
      position: expect.any(Number),
      changes: [],
      review: null,
      message: RESTORE_MESSAGES.unchanged,
    });
  });

  it('lets an admin restore', async () => {
    const { id } = await listProduct(seller, { name: 'First Name' });
    const [listed] = await productEvents(id);
    await seller.api.seller.products[':id'].$patch({ param: { id }, json: { name: 'Second Name' } });
    const reply = await restore(admin, id, { position: listed!.position });
    expectStatus(reply, 200);
    expect(reply.body.changes).toEqual([{ field: 'Name', before: 'Second Name', after: 'First Name' }]);
    expect((await productEvents(id)).at(-1)).toMatchObject({ data: { by: admin.user!.id } });
  });

  it('answers 404 for a position that is not one of the product’s events, storing nothing', async () => {
    const { id } = await listProduct(seller);
    const [listed] = await productEvents(id);
    const [elsewhere] = await productEvents(past.id);
    for (const position of [listed!.position + 1_000_000, elsewhere!.position]) {
      const reply = await storesNothing(api, () => restore(seller, id, { position }));
      expectStatus(reply, 404);
      expect(reply.body.error).toEqual({ code: 'not_found', message: 'This product has no version at that position' });
    }
  });

  it('answers 404 for a deleted product, storing nothing', async () => {
    const { id } = await listProduct(seller);
    const [listed] = await productEvents(id);
    await seller.api.seller.products[':id'].$patch({ param: { id }, json: { name: 'Renamed' } });
    await seller.api.seller.products[':id'].$delete({ param: { id } });
    const reply = await storesNothing(api, () => restore(seller, id, { position: listed!.position }));
    expectStatus(reply, 404);
    expect(reply.body.error.message).toBe('Product not found');
  });

  it.each([
    [{}, 'Position must be a whole number, 1 or more'],
    [{ position: 'first' }, 'Position must be a whole number, 1 or more'],
    [{ position: 0 }, 'Position must be a whole number, 1 or more'],
    [{ position: 1.5 }, 'Position must be a whole number, 1 or more'],
  ])('refuses %j, storing nothing', async (body, message) => {
    const reply = await storesNothing(api, () => restoreRaw(seller, past.id, body));
    expectStatus(reply, 400);
    expect(reply.body.error).toEqual({ code: 'validation_failed', message, fields: { position: message } });
  });

  it('refuses malformed JSON and bodies above 64 KB, storing nothing', async () => {
    const malformed = await storesNothing(api, () => restoreRaw(seller, past.id, '{bad'));
    expectStatus(malformed, 400);
    expect(malformed.body.error.code).toBe('malformed_json');
    const huge = await storesNothing(api, () => restoreRaw(seller, past.id, { position: 1, ...oversized() }));
    expectStatus(huge, 413);
    expect(huge.body.error.code).toBe('payload_too_large');
  });
});
