import { beforeAll, describe, expect, it } from 'vitest';
import { orderStream } from '../../../domain/order/events.ts';
import { type Client, expectStatus, ok } from '../../testing/harness.ts';
import type { TypedApi } from '../../testing/typed-client.ts';
import { buyerWith, checkoutBody, listedProduct, oversized, productState, signedIn } from '../orders.fixtures.ts';
import { movedOrder, placedOrder } from '../purchases.fixtures.ts';
import { eventsOf, adminSuite, storesNothing } from './admin.fixtures.ts';

const { harness, api, admin, adminId } = await adminSuite();

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

type OrdersQuery = Parameters<TypedApi['admin']['orders']['$get']>[0]['query'];
type Move = Parameters<TypedApi['seller-orders'][':id']['status']['$post']>[0]['json'];

const orders = (query: OrdersQuery) => admin.api.admin.orders.$get({ query });

async function orderIds(query: OrdersQuery): Promise<string[]> {
  const reply = await orders(query);
  expectStatus(reply, 200);
  return reply.body.items.map((order) => order.id);
}

describe('GET /api/admin/orders', () => {
  let sellers: Client[];
  let buyers: Client[];
  /** Placed in this order: A (buyer 0, seller 0), B (buyer 1, sellers 0 and 1, processing), C (buyer 1, seller 1). */
  let a: string, b: string, c: string;

  beforeAll(async () => {
    sellers = [await signedIn(api, 'seller'), await signedIn(api, 'seller')];
    buyers = [await signedIn(api, 'buyer'), await signedIn(api, 'buyer')];
    const products = [await listedProduct(api, sellers[0]!), await listedProduct(api, sellers[1]!)];
    // Orders sort by their time, to the millisecond: each is placed in a millisecond of its own.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 2));
    a = (await placedOrder(api, buyers[0]!, [{ productId: products[0]! }])).orderId;
    await tick();
    b = (await placedOrder(api, buyers[1]!, [{ productId: products[0]! }, { productId: products[1]! }])).orderId;
    await tick();
    c = (await placedOrder(api, buyers[1]!, [{ productId: products[1]! }])).orderId;
    await movedOrder(api, b, 'processing');
    await harness.settle();
  });

  it('lists every order, newest first, with paging', async () => {
    const all = await orderIds({ limit: '100' });
    expect(all.slice(0, 3)).toEqual([c, b, a]);
    const page = await orders({ limit: '1', offset: '1' });
    expect(page.body).toEqual({
      items: [expect.objectContaining({ id: b, status: 'processing', buyerId: buyers[1]!.user!.id })],
      total: all.length,
    });
  });

  it('filters by status, seller, buyer and the days placed, together', async () => {
    const sellerOf = (i: number) => sellers[i]!.user!.id;
    const buyerOf = (i: number) => buyers[i]!.user!.id;
    expect(await orderIds({ sellerId: sellerOf(0) })).toEqual([b, a]);
    expect(await orderIds({ sellerId: sellerOf(1) })).toEqual([c, b]);
    expect(await orderIds({ buyerId: buyerOf(1) })).toEqual([c, b]);
    expect(await orderIds({ buyerId: buyerOf(1), status: 'pending' })).toEqual([c]);
    expect(await orderIds({ sellerId: sellerOf(0), status: 'processing' })).toEqual([b]);
    expect(await orderIds({ sellerId: sellerOf(0), from: day(-1), to: day(0) })).toEqual([b, a]);
    expect(await orderIds({ sellerId: sellerOf(0), from: day(1) })).toEqual([]);
    expect(await orderIds({ sellerId: sellerOf(0), to: day(-1) })).toEqual([]);
    expect((await orders({ sellerId: sellerOf(1), limit: '1' })).body).toMatchObject({
      items: [{ id: c }],
      total: 2,
    });
  });

  it('refuses bad filters', async () => {
    // Off the contract on purpose.
    const fieldsOf = async (query: string) => {
      const reply = await admin.raw.get(`/api/admin/orders?${query}`);
      expectStatus(reply, 400);
      return reply.body.error.fields;
    };
    expect(await fieldsOf('status=lost')).toEqual({
      status: 'Status must be one of pending, processing, shipped, delivered, cancelled',
    });
    expect(await fieldsOf('from=yesterday')).toEqual({ from: 'From must be a date like 2024-05-01' });
    expect(await fieldsOf('to=2024-13-01')).toEqual({ to: 'To must be a date like 2024-05-01' });
    expect(await fieldsOf(`from=${day(0)}&to=${day(-1)}`)).toEqual({ from: 'From must be on or before To' });
    expect(await fieldsOf('limit=many')).toEqual({ limit: 'Limit must be a whole number from 1 to 100' });
  });
});

describe('admins moving seller orders', () => {
  /** A purchase placed through the cart and checkout, so its stock is reserved: one seller's product, `quantity` units. */
  async function checkedOut(quantity: number) {
    const seller = await signedIn(api, 'seller');
    const productId = await listedProduct(api, seller, { stockQuantity: 10 });
    const buyer = await buyerWith(api, productId, quantity);
    const reply = await buyer.api.orders.$post({ header: {}, json: checkoutBody() });
    expectStatus(reply, 201);
    const orderId = reply.body.order.id;
    return { orderId, sellerOrderId: `${orderId}-1`, productId };
  }
  const move = (sellerOrderId: string, json: Move) =>
    admin.api['seller-orders'][':id'].status.$post({ param: { id: sellerOrderId }, json });
  /** Off the contract on purpose. */
  const moveRaw = (sellerOrderId: string, body: unknown) =>
    admin.raw.post(`/api/seller-orders/${sellerOrderId}/status`, body);

  it('is no longer done on the purchase: the old route is gone', async () => {
    const { orderId } = await checkedOut(1);
    const reply = await storesNothing(api, () =>
      admin.raw.post(`/api/admin/orders/${orderId}/status`, { status: 'processing' }),
    );
    expectStatus(reply, 404);
  });

  it('moves any seller order along, and the purchase with it', async () => {
    const { orderId, sellerOrderId } = await checkedOut(1);
    for (const status of ['processing', 'shipped', 'delivered'] as const) {
      const reply = await move(sellerOrderId, { status });
      expectStatus(reply, 200);
      expect(reply.body).toEqual({
        sellerOrder: expect.objectContaining({ id: sellerOrderId, orderId, status }),
        position: expect.any(Number),
      });
    }
    const byAdmin = { data: { sellerOrderId, by: adminId }, actor: adminId };
    expect((await eventsOf(api, orderStream(orderId))).slice(1)).toMatchObject([
      { type: 'SellerOrderProcessing', ...byAdmin },
      { type: 'SellerOrderShipped', ...byAdmin },
      { type: 'SellerOrderDelivered', ...byAdmin },
    ]);
    await harness.settle();
    expect((await orderIds({ status: 'delivered' })).includes(orderId)).toBe(true);
  });

  it('cancels any seller order with a reason, releasing its stock', async () => {
    const { orderId, sellerOrderId, productId } = await checkedOut(3);
    expect((await productState(api, productId)).stockQuantity).toBe(7);
    const reply = await move(sellerOrderId, { status: 'cancelled', reason: 'Payment fraud suspected' });
    expectStatus(reply, 200);
    expect(reply.body.sellerOrder).toMatchObject({ status: 'cancelled', cancelReason: 'Payment fraud suspected' });
    expect((await productState(api, productId)).stockQuantity).toBe(10);
    const cancelled = (await eventsOf(api, orderStream(orderId))).at(-1);
    expect(cancelled).toEqual({
      type: 'SellerOrderCancelled',
      data: {
        orderId,
        sellerOrderId,
        sellerId: expect.any(String),
        reason: 'Payment fraud suspected',
        by: adminId,
        at: expect.any(String),
      },
      actor: adminId,
    });
    await harness.settle();
    expect((await orderIds({ status: 'cancelled' })).includes(orderId)).toBe(true);
  });

  it('refuses moves the status machine does not allow, storing nothing', async () => {
    const { sellerOrderId } = await checkedOut(1);
    const reply = await storesNothing(api, () => move(sellerOrderId, { status: 'delivered' }));
    expectStatus(reply, 409);
    expect(reply.body.error).toEqual({
      code: 'invalid_transition',
      message: 'Cannot move an order from pending to delivered',
    });
  });

  it('refuses bad bodies and unknown seller orders', async () => {
    const { orderId, sellerOrderId } = await checkedOut(1);
    await harness.settle();
    const noReason = await storesNothing(api, () => moveRaw(sellerOrderId, { status: 'cancelled' }));
    expect(noReason.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { reason: 'Please give a reason for cancelling' },
    });
    const unknownStatus = await storesNothing(api, () => moveRaw(sellerOrderId, { status: 'lost' }));
    expect(unknownStatus.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { status: 'Choose processing, shipped, delivered or cancelled' },
    });
    expect((await storesNothing(api, () => moveRaw(sellerOrderId, '{bad'))).body.error.code).toBe('malformed_json');
    expectStatus(await storesNothing(api, () => moveRaw(sellerOrderId, oversized())), 413);
    for (const unknownId of [`${crypto.randomUUID()}-1`, `${orderId}-2`, orderId]) {
      const unknown = await storesNothing(api, () => move(unknownId, { status: 'processing' }));
      expectStatus(unknown, 404);
      expect(unknown.body.error).toEqual({ code: 'not_found', message: 'Order not found' });
    }
  });
});

describe('the status of a purchase in the admin list', () => {
  it('is the least advanced of its parts not cancelled', async () => {
    const sellers = [await signedIn(api, 'seller'), await signedIn(api, 'seller')];
    const products = [await listedProduct(api, sellers[0]!), await listedProduct(api, sellers[1]!)];
    const buyer = await signedIn(api, 'buyer');
    const { orderId } = await placedOrder(api, buyer, [{ productId: products[0]! }, { productId: products[1]! }]);
    const statusOf = async () => {
      await harness.settle();
      const body = ok(await orders({ buyerId: buyer.user!.id }));
      expect(body.items).toHaveLength(1);
      return [body.items[0]?.status, body.items[0]?.sellerOrders.map((part) => part.status)];
    };
    const move = (n: number, json: Move) =>
      admin.api['seller-orders'][':id'].status.$post({ param: { id: `${orderId}-${n}` }, json });
    await move(1, { status: 'processing' });
    expect(await statusOf()).toEqual(['pending', ['processing', 'pending']]);
    await move(2, { status: 'cancelled', reason: 'Out of stock at the workshop' });
    expect(await statusOf()).toEqual(['processing', ['processing', 'cancelled']]);
    await move(1, { status: 'shipped' });
    await move(1, { status: 'delivered' });
    expect(await statusOf()).toEqual(['delivered', ['delivered', 'cancelled']]);
    expect(await orderIds({ buyerId: buyer.user!.id, status: 'delivered' })).toEqual([orderId]);
  });
});
