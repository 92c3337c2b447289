import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryBus } from '../platform/bus/memory.ts';
import type { Doc, ReadStore } from '../platform/readstore/port.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { projections } from '../projections/index.ts';
import { ProjectionRunner } from '../platform/projection/runner.ts';
import { expectStatus, ok, type TestApi, startTestApi } from './testing/harness.ts';
import type { TypedApi } from './testing/typed-client.ts';
import { PUNE_ADDRESS } from '../domain/order/addresses.fixtures.ts';

type NewProduct = Parameters<TypedApi['seller']['products']['$post']>[0]['json'];

async function everyDocument(read: ReadStore): Promise<Record<string, Doc[]>> {
  const out: Record<string, Doc[]> = {};
  for (const projection of projections) {
    for (const { name } of projection.collections)
      out[name] = await read.collection(name).find({ sort: [['id', 'asc']] });
  }
  return out;
}

describe('a whole marketplace flow', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  it('sign-up to review, a purchase from two sellers, a cancel and a return, then every read model equals a clean rebuild from the log', async () => {
    const seller = await api.signUp({ role: 'seller', fullName: 'Meera Crafts' });
    const spiceSeller = await api.signUp({ role: 'seller', fullName: 'Kerala Spice Gardens' });
    const buyer = await api.signUp({ fullName: 'Ravi Kumar' });
    const other = await api.signUp({ fullName: 'Kiran Das' });
    const listed = async (
      client: typeof seller,
      body: Omit<NewProduct, 'description' | 'originalPricePaise' | 'tags'> & Partial<NewProduct>,
    ) => {
      const reply = await client.api.seller.products.$post({
        json: { description: 'Made by hand in India.', originalPricePaise: null, tags: [], ...body },
      });
      expectStatus(reply, 201);
      return reply.body.id;
    };
    const product = await listed(seller, {
      name: 'Dhokra Brass Elephant',
      description: 'Lost-wax cast brass elephant from Bastar.',
      pricePaise: 279_900,
      originalPricePaise: 329_900,
      stockQuantity: 5,
      categoryId: 'handicrafts',
      tags: ['Bastar', 'brass'],
    });
    const saffron = await listed(spiceSeller, {
      name: 'Kashmiri Saffron (2 g)',
      pricePaise: 45_000,
      stockQuantity: 10,
      categoryId: 'spices',
    });
    expectStatus(
      await seller.api.seller.products[':id'].$patch({ param: { id: product }, json: { pricePaise: 269_900 } }),
      200,
    );

    expectStatus(await buyer.api.cart.items.$post({ json: { productId: product, quantity: 2 } }), 200);
    expectStatus(await buyer.api.cart.items.$post({ json: { productId: saffron, quantity: 1 } }), 200);
    const placed = await buyer.api.orders.$post({
      header: {},
      json: { shippingAddress: PUNE_ADDRESS, delivery: 'express', payment: 'cod' },
    });
    expectStatus(placed, 201);
    const { order } = placed.body;
    expect(order.totalPaise).toBe(2 * 269_900 + 45_000 + 15_000);
    const partOf = (sellerId: string) => order.sellerOrders.find((part) => part.sellerId === sellerId)!.id;
    const [crafts, spices] = [partOf(seller.user!.id), partOf(spiceSeller.user!.id)];
    const sellerOrder = (id: string) => ({ param: { id } });
    for (const status of ['processing', 'shipped', 'delivered'] as const) {
      expectStatus(
        await seller.api['seller-orders'][':id'].status.$post({ ...sellerOrder(crafts), json: { status } }),
        200,
      );
    }
    expectStatus(
      await spiceSeller.api['seller-orders'][':id'].status.$post({
        ...sellerOrder(spices),
        json: { status: 'cancelled', reason: 'Out of this harvest' },
      }),
      200,
    );
    const returned = await buyer.api['seller-orders'][':id'].returns.$post({
      ...sellerOrder(crafts),
      json: { lines: [{ productId: product, quantity: 1 }], reason: 'One arrived chipped' },
    });
    expectStatus(returned, 201);
    expectStatus(
      await seller.api['seller-orders'][':id'].returns[':returnId'].decision.$post({
        param: { id: crafts, returnId: `${crafts}-R1` },
        json: { accept: true, reason: 'Sorry, refunded' },
      }),
      200,
    );

    expectStatus(await other.api.cart.items.$post({ json: { productId: product, quantity: 1 } }), 200);
    const cancelled = ok(
      await other.api.orders.$post({
        header: {},
        json: { shippingAddress: PUNE_ADDRESS, delivery: 'standard', payment: 'cod' },
      }),
    );
    expectStatus(
      await other.api['seller-orders'][':id'].status.$post({
        ...sellerOrder(`${cancelled.order.id}-1`),
        json: { status: 'cancelled', reason: 'Changed my mind' },
      }),
      200,
    );
    await api.settle();
    const review = (id: string, comment: string) =>
      buyer.api.products[':id'].reviews.$post({ param: { id }, json: { rating: 5, comment } });
    expectStatus(await review(product, 'Beautiful work.'), 201);
    expectStatus(await review(saffron, 'Never came.'), 403);
    await api.settle();

    const productById = (id: string) => api.anonymous().api.products[':id'].$get({ param: { id } });
    const detail = (await productById(product)).body;
    // 5, less the 2 delivered, plus the 1 returned; the cancelled order's unit is back.
    expect(detail).toMatchObject({ stockQuantity: 4, rating: 5, ratingCount: 1, sellerName: 'Meera Crafts' });
    expect(ok(await productById(saffron)).stockQuantity).toBe(10);
    // Newest first: each order, the buyer's cancel and return request, the review. The second
    // order was cancelled at once: its two notices come from two jobs that run side by side, so
    // either may be told first.
    const titles = ok(await seller.api.notifications.$get({ query: {} })).items.map((notice) => notice.title);
    expect(titles[0]).toBe('New review: Dhokra Brass Elephant');
    expect(titles.slice(1, 3).sort()).toEqual([
      expect.stringMatching(/^New order #/),
      expect.stringMatching(/^Order #.* cancelled by the buyer$/),
    ]);
    expect(titles.slice(3)).toEqual([
      expect.stringMatching(/^Return requested: #/),
      expect.stringMatching(/^New order #/),
    ]);
    expect(ok(await spiceSeller.api.notifications.$get({ query: {} })).items).toHaveLength(1);
    const seen = ok(await buyer.api.orders[':id'].$get({ param: { id: order.id } }));
    expect(seen.sellerOrders.map((part) => [part.id, part.status]).sort()).toEqual(
      [
        [crafts, 'delivered'],
        [spices, 'cancelled'],
      ].sort(),
    );
    expect(seen.status).toBe('delivered');

    const live = await everyDocument(api.platform.read);
    const rebuilt = new SqliteReadStore(join(api.dir, 'rebuilt.db'));
    try {
      const runner = new ProjectionRunner({
        events: api.platform.events,
        read: rebuilt,
        bus: new MemoryBus(),
        projections,
      });
      for (const projection of projections) await runner.catchUp(projection.name);
      expect(await everyDocument(rebuilt)).toEqual(live);
    } finally {
      await rebuilt.close();
    }
  });
});
