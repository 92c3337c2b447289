import { describe, expect, it, vi } from 'vitest';
import { cartStream } from '../../domain/cart/events.ts';
import { orderStream } from '../../domain/order/events.ts';
import { productStream } from '../../domain/product/events.ts';
import type { OrderDoc, SellerOrderDoc, SellerOrderSummary } from '../../projections/orders/documents.ts';
import { setCategoryPolicy } from '../commands/category-policy.ts';
import { type ArgsOf, type Client, errorOf, expectStatus, ok, type TypedApi } from '../testing/harness.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';
import {
  actorOfClient,
  checkedOut,
  checkoutBody,
  craftsAndSpices,
  listedProduct,
  onProduct,
  oversized,
  partOf,
  productState,
  signedIn,
} from './orders.fixtures.ts';

/** crafts sells jewellery (returnable), spices sells spices (not returnable). */
const { api, crafts, spices, admin } = await craftsAndSpices();

const NECKLACE_PAISE = 3_499_00;
const SAFFRON_PAISE = 777_77;

const necklace = () =>
  listedProduct(api, crafts, {
    name: 'Kundan Necklace',
    pricePaise: NECKLACE_PAISE,
    categoryId: 'jewelry',
    imageUrl: null,
    stockQuantity: 10,
  });
const saffron = () =>
  listedProduct(api, spices, {
    name: 'Kashmiri Saffron (2 g)',
    pricePaise: SAFFRON_PAISE,
    categoryId: 'spices',
    imageUrl: null,
    stockQuantity: 10,
  });

type SellerOrderApi = TypedApi['seller-orders'][':id'];

const move = (client: Client, sellerOrderId: string, body: ArgsOf<SellerOrderApi['status']['$post']>['json']) =>
  client.api['seller-orders'][':id'].status.$post({ param: { id: sellerOrderId }, json: body });
const askReturn = (client: Client, sellerOrderId: string, body: ArgsOf<SellerOrderApi['returns']['$post']>['json']) =>
  client.api['seller-orders'][':id'].returns.$post({ param: { id: sellerOrderId }, json: body });
const decide = (
  client: Client,
  sellerOrderId: string,
  returnId: string,
  body: ArgsOf<SellerOrderApi['returns'][':returnId']['decision']['$post']>['json'],
) =>
  client.api['seller-orders'][':id'].returns[':returnId'].decision.$post({
    param: { id: sellerOrderId, returnId },
    json: body,
  });
const undo = (client: Client, sellerOrderId: string, body: ArgsOf<SellerOrderApi['status']['undo']['$post']>['json']) =>
  client.api['seller-orders'][':id'].status.undo.$post({ param: { id: sellerOrderId }, json: body });
/** The same routes with any body: for bodies off the contract. */
const moveRaw = (client: Client, sellerOrderId: string, body: unknown) =>
  client.raw.post(`/api/seller-orders/${sellerOrderId}/status`, body);
const askReturnRaw = (client: Client, sellerOrderId: string, body: unknown) =>
  client.raw.post(`/api/seller-orders/${sellerOrderId}/returns`, body);
const decideRaw = (client: Client, sellerOrderId: string, returnId: string, body: unknown) =>
  client.raw.post(`/api/seller-orders/${sellerOrderId}/returns/${returnId}/decision`, body);

const stockOf = async (productId: string) => (await productState(api, productId)).stockQuantity;
const typesOf = async (stream: string) => (await api.platform.events.readStream(stream)).map((e) => e.type);
/** The events of a stream with who sent them; `data` as the order and product streams hold it. */
const eventsOf = async (stream: string) =>
  (await api.platform.events.readStream(stream)).map(({ type, data, metadata }) => ({
    type,
    data: data as Record<string, unknown>,
    actor: metadata.actor,
  }));

/** Runs `request` and expects it to have appended nothing to the log (what the workers append for earlier commands is awaited first). */
async function storesNothing<T>(request: () => Promise<T>): Promise<T> {
  await api.settle();
  const before = await api.platform.events.lastPosition();
  const result = await request();
  expect(await api.platform.events.lastPosition()).toBe(before);
  return result;
}

/** The purchase as its buyer reads it once the projections have caught up. */
async function purchaseAsBuyer(buyer: Client, orderId: string): Promise<OrderDoc> {
  await api.settle();
  const reply = await buyer.api.orders[':id'].$get({ param: { id: orderId } });
  expectStatus(reply, 200);
  return reply.body;
}

const statusesOf = (order: OrderDoc, ...sellers: Client[]) => sellers.map((seller) => partOf(order, seller).status);

/** A purchase of two necklaces of the crafts seller and one saffron of the spice seller, by a new buyer. */
async function twoSellerPurchase() {
  const [necklaceId, saffronId] = [await necklace(), await saffron()];
  const { buyer, order, position } = await checkedOut(api, [
    { productId: necklaceId, quantity: 2 },
    { productId: saffronId, quantity: 1 },
  ]);
  return {
    buyer,
    order,
    position,
    necklaceId,
    saffronId,
    partA: partOf(order, crafts).id,
    partB: partOf(order, spices).id,
  };
}

/** Moves a seller order to delivered as `by` (its seller unless told). */
async function deliver(by: Client, sellerOrderId: string) {
  for (const status of ['processing', 'shipped', 'delivered'] as const)
    expect((await move(by, sellerOrderId, { status })).status).toBe(200);
}

/** A two-seller purchase whose crafts part is delivered; the spice part too when `both`. */
async function deliveredPurchase({ both = false } = {}) {
  const purchase = await twoSellerPurchase();
  await deliver(crafts, purchase.partA);
  if (both) await deliver(spices, purchase.partB);
  return purchase;
}

/**
 * A pending purchase of `seller`'s own product by `seller` itself, as a log written before the
 * no-self-dealing rule may hold one (no command makes it any more); answers the order id.
 */
async function ownPurchaseFromOldLog(seller: Client, productId: string): Promise<string> {
  const orderId = crypto.randomUUID();
  const { id: sellerId, fullName: name } = seller.user!;
  const line = {
    productId,
    name: 'Brass Diya',
    pricePaise: 499_00,
    quantity: 1,
    imageUrl: null,
    sellerId,
    sellerName: name,
    categoryId: 'handicrafts',
  };
  const placedAt = new Date().toISOString();
  await api.platform.events.append(
    orderStream(orderId),
    [
      {
        type: 'OrderPlaced',
        data: {
          orderId,
          buyerId: sellerId,
          buyerName: name,
          lines: [line],
          sellerOrders: [{ sellerOrderId: `${orderId}-1`, sellerId, sellerName: name, subtotalPaise: 499_00 }],
          shippingAddress: PUNE_ADDRESS,
          delivery: 'standard',
          payment: 'cod',
          subtotalPaise: 499_00,
          deliveryChargePaise: 50_00,
          totalPaise: 549_00,
          placedAt,
        },
        metadata: { actor: sellerId },
      },
    ],
    'no_stream',
  );
  await api.settle();
  return orderId;
}

describe('a purchase from two sellers', () => {
  it('makes one seller order per seller, with its own id, short id, lines and subtotal', async () => {
    const { buyer, order, necklaceId, saffronId } = await twoSellerPurchase();
    expect(order.sellerOrders.map((part) => part.id).sort()).toEqual([`${order.id}-1`, `${order.id}-2`]);
    // Numbered in the order of each seller's first line.
    expect(order.sellerOrders.map((part) => part.sellerId)).toEqual([
      ...new Set(order.lines.map((line) => line.sellerId)),
    ]);
    for (const part of order.sellerOrders) expect(part.shortId).toBe(`${order.id.slice(0, 8)}-${part.id.slice(-1)}`);
    expect(partOf(order, crafts)).toMatchObject({
      sellerName: 'Rajasthan Crafts Collective',
      subtotalPaise: 2 * NECKLACE_PAISE,
      status: 'pending',
    });
    expect(partOf(order, spices)).toMatchObject({
      sellerName: 'Kerala Spice Gardens',
      subtotalPaise: SAFFRON_PAISE,
      status: 'pending',
    });
    expect(order.totalPaise).toBe(2 * NECKLACE_PAISE + SAFFRON_PAISE + order.deliveryChargePaise);
    expect(await stockOf(necklaceId)).toBe(8);
    expect(await stockOf(saffronId)).toBe(9);

    await api.settle();
    const body = ok(await buyer.api['seller-orders'][':id'].$get({ param: { id: partOf(order, crafts).id } }));
    expect(body.lines.map((line: { productId: string }) => line.productId)).toEqual([necklaceId]);
    expect(body.buyerId).toBe(buyer.user!.id);
  });

  it('moves only the part of the seller who acts; the buyer sees each part and the least advanced as the purchase status', async () => {
    const { buyer, order, partA, partB, necklaceId, saffronId } = await twoSellerPurchase();
    const steps = ['processing', 'shipped', 'delivered'] as const;
    for (const status of steps) {
      const reply = await move(crafts, partA, { status });
      expectStatus(reply, 200);
      expect(reply.body.sellerOrder).toMatchObject({ id: partA, status, sellerId: crafts.user!.id });
      expect(reply.body.sellerOrder.lines.map((line: { productId: string }) => line.productId)).toEqual([necklaceId]);
      const seen = await purchaseAsBuyer(buyer, order.id);
      expect(statusesOf(seen, crafts, spices)).toEqual([status, 'pending']);
      expect(seen.status).toBe('pending');
    }
    const events = await eventsOf(orderStream(order.id));
    expect(events.slice(1).map((e) => [e.type, e.data.sellerOrderId, e.data.sellerId, e.data.by, e.actor])).toEqual(
      ['SellerOrderProcessing', 'SellerOrderShipped', 'SellerOrderDelivered'].map((type) => [
        type,
        partA,
        crafts.user!.id,
        crafts.user!.id,
        crafts.user!.id,
      ]),
    );

    // The spice seller cancels its part: its stock comes back, the crafts seller's stays sold.
    const cancelled = await move(spices, partB, { status: 'cancelled', reason: 'The saffron crop failed this year' });
    expectStatus(cancelled, 200);
    expect(cancelled.body.sellerOrder).toMatchObject({
      id: partB,
      status: 'cancelled',
      cancelReason: 'The saffron crop failed this year',
    });
    expect(await stockOf(saffronId)).toBe(10);
    expect(await stockOf(necklaceId)).toBe(8);
    expect((await typesOf(productStream(necklaceId))).filter((type) => type === 'StockReleased')).toEqual([]);
    expect((await eventsOf(productStream(saffronId))).filter((e) => e.type === 'StockReleased')).toEqual([
      expect.objectContaining({
        data: expect.objectContaining({ orderId: order.id, quantity: 1, remaining: 10, reason: 'order_cancelled' }),
      }),
    ]);

    const seen = await purchaseAsBuyer(buyer, order.id);
    expect(statusesOf(seen, crafts, spices)).toEqual(['delivered', 'cancelled']);
    // Cancelled parts do not hold the purchase back.
    expect(seen.status).toBe('delivered');
    expect(partOf(seen, crafts)).toMatchObject({ cancelReason: null, deliveredAt: expect.any(String) });
    expect(partOf(seen, crafts).history.map((entry) => [entry.status, entry.by])).toEqual([
      ['pending', buyer.user!.id],
      ['processing', crafts.user!.id],
      ['shipped', crafts.user!.id],
      ['delivered', crafts.user!.id],
    ]);
    expect(partOf(seen, spices)).toMatchObject({
      cancelReason: 'The saffron crop failed this year',
      deliveredAt: null,
    });
    expect(partOf(seen, spices).history.map((entry) => [entry.status, entry.by])).toEqual([
      ['pending', buyer.user!.id],
      ['cancelled', spices.user!.id],
    ]);
    // The catalog shows the stock given back.
    expect(ok(await api.anonymous().api.products[':id'].$get({ param: { id: saffronId } })).stockQuantity).toBe(10);
    expect(ok(await api.anonymous().api.products[':id'].$get({ param: { id: necklaceId } })).stockQuantity).toBe(8);

    // Reviews need a delivered seller order holding the product.
    const review = (productId: string) =>
      buyer.api.products[':id'].reviews.$post({ param: { id: productId }, json: { rating: 5, comment: 'Lovely.' } });
    expect((await review(necklaceId)).status).toBe(201);
    const refused = await review(saffronId);
    expectStatus(refused, 403);
    expect(refused.body).toEqual({
      error: { code: 'purchase_required', message: "You can only review products you've purchased" },
    });
  });

  it('is cancelled as a whole once every part is', async () => {
    const { buyer, order, partA, partB } = await twoSellerPurchase();
    expect((await move(buyer, partA, { status: 'cancelled', reason: 'Ordered twice' })).status).toBe(200);
    expect((await purchaseAsBuyer(buyer, order.id)).status).toBe('pending');
    expect((await move(buyer, partB, { status: 'cancelled', reason: 'Ordered twice' })).status).toBe(200);
    expect((await purchaseAsBuyer(buyer, order.id)).status).toBe('cancelled');
  });
});

describe('who reads and moves a seller order', () => {
  it('gives each seller its own parts only, with its own lines and prices, newest first', async () => {
    const first = await twoSellerPurchase();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await twoSellerPurchase();
    await api.settle();

    const reply = await crafts.api['seller-orders'].$get();
    expectStatus(reply, 200);
    const list: SellerOrderDoc[] = reply.body;
    expect(list.every((part) => part.sellerId === crafts.user!.id)).toBe(true);
    expect(list.flatMap((part) => part.lines).every((line) => line.sellerId === crafts.user!.id)).toBe(true);
    const ids = list.map((part) => part.id);
    expect(ids.indexOf(second.partA)).toBeLessThan(ids.indexOf(first.partA));
    expect(ids).not.toContain(first.partB);
    const text = JSON.stringify(list);
    for (const secret of [first.saffronId, second.saffronId, spices.user!.id, String(SAFFRON_PAISE)])
      expect(text).not.toContain(secret);
    for (const part of list) {
      expect(part).not.toHaveProperty('totalPaise');
      expect(part).not.toHaveProperty('sellerOrders');
    }
    expect(list.find((part) => part.id === first.partA)).toMatchObject({
      orderId: first.order.id,
      subtotalPaise: 2 * NECKLACE_PAISE,
      shippingAddress: PUNE_ADDRESS,
      buyerName: first.buyer.user!.fullName,
    });
  });

  it('answers 404 to a seller reading the purchase or another seller’s part, as for an unknown one', async () => {
    const { buyer, order, partA, partB } = await twoSellerPurchase();
    await api.settle();
    const purchase = await crafts.api.orders[':id'].$get({ param: { id: order.id } });
    expectStatus(purchase, 404);
    expect(purchase.body.error).toEqual({ code: 'not_found', message: 'Order not found' });
    expect((await crafts.api['seller-orders'][':id'].$get({ param: { id: partB } })).status).toBe(404);
    expect((await spices.api['seller-orders'][':id'].$get({ param: { id: partA } })).status).toBe(404);
    // Its own part, the buyer's and an admin's reads.
    for (const [reader, id] of [
      [crafts, partA],
      [spices, partB],
      [buyer, partA],
      [buyer, partB],
      [admin, partA],
    ] as const) {
      const reply = await reader.api['seller-orders'][':id'].$get({ param: { id } });
      expectStatus(reply, 200);
      expect(reply.body.id).toBe(id);
    }
  });

  it('answers 404 to a seller moving another seller’s part and stores nothing', async () => {
    const { partB } = await twoSellerPurchase();
    for (const body of [{ status: 'processing' }, { status: 'cancelled', reason: 'Not mine to cancel' }] as const) {
      const reply = await storesNothing(() => move(crafts, partB, body));
      expectStatus(reply, 404);
      expect(reply.body.error).toEqual({ code: 'not_found', message: 'Order not found' });
    }
  });

  it('answers 404 to another buyer and to a seller without a part, on every route', async () => {
    const { buyer, order, partA } = await deliveredPurchase();
    const asked = await askReturn(buyer, partA, {
      lines: [{ productId: order.lines.find((l) => l.sellerId === crafts.user!.id)!.productId, quantity: 1 }],
      reason: 'Too heavy',
    });
    expectStatus(asked, 201);
    const returnId = asked.body.sellerOrder.returns[0]!.returnId;
    await api.settle();
    const strangers = [await signedIn(api), await signedIn(api, 'seller')];
    for (const stranger of strangers) {
      const replies = await storesNothing(() =>
        Promise.all([
          stranger.api.orders[':id'].$get({ param: { id: order.id } }),
          stranger.api['seller-orders'][':id'].$get({ param: { id: partA } }),
          move(stranger, partA, { status: 'cancelled', reason: 'Mine now' }),
          askReturn(stranger, partA, {
            lines: [{ productId: order.lines[0]!.productId, quantity: 1 }],
            reason: 'Mine now',
          }),
          decide(stranger, partA, returnId, { accept: true, reason: 'Mine now' }),
        ]),
      );
      expect(replies.map((reply) => [reply.status, errorOf(reply)?.code])).toEqual(Array(5).fill([404, 'not_found']));
    }
  });

  it('answers 401 signed out, on every route', async () => {
    const { order, partA } = await twoSellerPurchase();
    const anonymous = api.anonymous();
    const replies = await storesNothing(() =>
      Promise.all([
        anonymous.api['seller-orders'].$get(),
        anonymous.api['seller-orders'][':id'].$get({ param: { id: partA } }),
        move(anonymous, partA, { status: 'processing' }),
        askReturn(anonymous, partA, { lines: [{ productId: order.lines[0]!.productId, quantity: 1 }], reason: 'x' }),
        decide(anonymous, partA, `${partA}-R1`, { accept: true, reason: 'x' }),
      ]),
    );
    expect(replies.map((reply) => [reply.status, errorOf(reply)?.code])).toEqual(Array(5).fill([401, 'unauthorized']));
  });

  it('lists seller orders for sellers only', async () => {
    const reply = await (await signedIn(api)).api['seller-orders'].$get();
    expectStatus(reply, 403);
    expect(reply.body.error.code).toBe('forbidden');
  });

  it('answers 404 for an unknown or malformed seller order id', async () => {
    const { order } = await twoSellerPurchase();
    for (const id of ['abc', 'x-0', `${order.id}-0`, `${order.id}-9`, `${crypto.randomUUID()}-1`, order.id]) {
      const replies = await storesNothing(() =>
        Promise.all([
          admin.api['seller-orders'][':id'].$get({ param: { id } }),
          move(admin, id, { status: 'processing' }),
          askReturn(admin, id, { lines: [{ productId: order.lines[0]!.productId, quantity: 1 }], reason: 'Broken' }),
          decide(admin, id, `${id}-R1`, { accept: true, reason: 'Fine' }),
        ]),
      );
      expect({ id, replies: replies.map((reply) => [reply.status, errorOf(reply)?.message]) }).toEqual({
        id,
        replies: Array(4).fill([404, 'Order not found']),
      });
    }
  });
});

describe('POST /api/seller-orders/{id}/status', () => {
  it('lets the buyer cancel a pending part, releasing its stock once even when repeated; the other part is untouched', async () => {
    const { buyer, order, partA, necklaceId, saffronId } = await twoSellerPurchase();
    const cancelled = await move(buyer, partA, { status: 'cancelled', reason: 'Ordered by mistake' });
    expectStatus(cancelled, 200);
    expect(cancelled.body.sellerOrder).toMatchObject({ status: 'cancelled', cancelReason: 'Ordered by mistake' });
    expect(await stockOf(necklaceId)).toBe(10);
    expect(await stockOf(saffronId)).toBe(9);
    const again = await move(buyer, partA, { status: 'cancelled', reason: 'Ordered by mistake' });
    expectStatus(again, 200);
    expect(await stockOf(necklaceId)).toBe(10);
    expect((await typesOf(productStream(necklaceId))).filter((type) => type === 'StockReleased')).toHaveLength(1);
    expect((await typesOf(orderStream(order.id))).filter((type) => type === 'SellerOrderCancelled')).toHaveLength(1);
    expect(statusesOf(await purchaseAsBuyer(buyer, order.id), crafts, spices)).toEqual(['cancelled', 'pending']);
  });

  it('lets the buyer cancel nothing past pending, and move nothing forward', async () => {
    const { buyer, partA, partB } = await twoSellerPurchase();
    for (const status of ['processing', 'shipped', 'delivered'] as const) {
      // Forbidden whatever the status machine would say: the buyer may only cancel.
      const forward = await storesNothing(() => move(buyer, partB, { status }));
      expectStatus(forward, 403);
    }
    const forward = await move(buyer, partB, { status: 'processing' });
    expect(errorOf(forward)).toEqual({
      code: 'forbidden',
      message: 'Only the seller or an admin can change the status of an order',
    });

    expect((await move(crafts, partA, { status: 'processing' })).status).toBe(200);
    const late = await storesNothing(() => move(buyer, partA, { status: 'cancelled', reason: 'Too slow' }));
    expectStatus(late, 403);
    expect(late.body.error).toEqual({
      code: 'forbidden',
      message: 'You can cancel your order only while it is pending',
    });
    // The seller still may.
    expect((await move(crafts, partA, { status: 'cancelled', reason: 'Out of gold thread' })).status).toBe(200);
  });

  it('lets an admin move and cancel any part', async () => {
    const { order, partA, partB, necklaceId } = await twoSellerPurchase();
    await deliver(admin, partB);
    const cancelled = await move(admin, partA, { status: 'cancelled', reason: 'Payment fraud suspected' });
    expectStatus(cancelled, 200);
    expect(await stockOf(necklaceId)).toBe(10);
    const adminId = admin.user!.id;
    expect(
      (await eventsOf(orderStream(order.id))).slice(1).map((e) => [e.type, e.data.sellerOrderId, e.data.by, e.actor]),
    ).toEqual([
      ['SellerOrderProcessing', partB, adminId, adminId],
      ['SellerOrderShipped', partB, adminId, adminId],
      ['SellerOrderDelivered', partB, adminId, adminId],
      ['SellerOrderCancelled', partA, adminId, adminId],
    ]);
  });

  it('refuses a move the status machine does not allow, storing nothing', async () => {
    const { partA } = await twoSellerPurchase();
    const skipped = await storesNothing(() => move(crafts, partA, { status: 'shipped' }));
    expectStatus(skipped, 409);
    expect(skipped.body.error).toEqual({
      code: 'invalid_transition',
      message: 'Cannot move an order from pending to shipped',
    });

    await move(crafts, partA, { status: 'cancelled', reason: 'Damaged in the workshop' });
    const revived = await storesNothing(() => move(admin, partA, { status: 'processing' }));
    expect([revived.status, errorOf(revived).message]).toEqual([
      409,
      'Cannot move an order from cancelled to processing',
    ]);
  });

  it('lets two sellers move their parts at the same moment, each its own', async () => {
    const { buyer, order, partA, partB } = await twoSellerPurchase();
    const [a, b] = await Promise.all([
      move(crafts, partA, { status: 'processing' }),
      move(spices, partB, { status: 'processing' }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(statusesOf(await purchaseAsBuyer(buyer, order.id), crafts, spices)).toEqual(['processing', 'processing']);
    expect((await typesOf(orderStream(order.id))).filter((type) => type === 'SellerOrderProcessing')).toHaveLength(2);
  });

  it('settles a buyer cancelling while the seller starts processing: one of the two wins, and the stock follows it', async () => {
    const { buyer, partA, necklaceId } = await twoSellerPurchase();
    const [cancel, processing] = await Promise.all([
      move(buyer, partA, { status: 'cancelled', reason: 'Changed my mind' }),
      move(crafts, partA, { status: 'processing' }),
    ]);
    if (cancel.status === 200) {
      expect([processing.status, errorOf(processing).code]).toEqual([409, 'invalid_transition']);
      expect(await stockOf(necklaceId)).toBe(10);
    } else {
      expectStatus(processing, 200);
      expect(cancel.body.error).toEqual({
        code: 'forbidden',
        message: 'You can cancel your order only while it is pending',
      });
      expect(await stockOf(necklaceId)).toBe(8);
    }
  });

  it('answers the same change repeated with the part as it is, storing nothing', async () => {
    const { partA } = await twoSellerPurchase();
    const first = await move(crafts, partA, { status: 'processing' });
    expectStatus(first, 200);
    const again = await storesNothing(() => move(crafts, partA, { status: 'processing' }));
    expectStatus(again, 200);
    expect(again.body.sellerOrder).toEqual(first.body.sellerOrder);
  });

  it.each([
    [{ status: 'lost' }, { status: 'Choose processing, shipped, delivered or cancelled' }],
    [{}, { status: 'Choose processing, shipped, delivered or cancelled' }],
    [{ status: 'pending' }, { status: 'Choose processing, shipped, delivered or cancelled' }],
    [{ status: 'cancelled' }, { reason: 'Please give a reason for cancelling' }],
    [{ status: 'cancelled', reason: '  ' }, { reason: 'Please give a reason for cancelling' }],
    [{ status: 'cancelled', reason: 'x'.repeat(501) }, { reason: 'Reason must be at most 500 characters' }],
  ])('refuses %j with %j, storing nothing', async (body, fields) => {
    const { partA } = await twoSellerPurchase();
    const reply = await storesNothing(() => moveRaw(crafts, partA, body));
    expectStatus(reply, 400);
    expect(reply.body.error).toMatchObject({ code: 'validation_failed', fields });
  });

  it('refuses malformed JSON and oversized bodies', async () => {
    const { partA } = await twoSellerPurchase();
    const malformed = await storesNothing(() => moveRaw(crafts, partA, '{bad'));
    expect([malformed.status, errorOf(malformed).code]).toEqual([400, 'malformed_json']);
    const large = await storesNothing(() => moveRaw(crafts, partA, { status: 'processing', ...oversized() }));
    expect([large.status, errorOf(large).code]).toEqual([413, 'payload_too_large']);
  });
});

describe('POST /api/seller-orders/{id}/status/undo', () => {
  it('takes the last move back within the window: the part is as before it, a retry changes nothing', async () => {
    const { buyer, order, partA } = await twoSellerPurchase();
    const moved = await move(crafts, partA, { status: 'processing' });
    expectStatus(moved, 200);
    const { undo: window } = moved.body.sellerOrder;
    expect(window?.status).toBe('processing');
    // The window is the configuration's (10 minutes), from the move's own time.
    const movedAt = moved.body.sellerOrder.history.at(-1)!.at;
    expect(Date.parse(window!.until) - Date.parse(movedAt)).toBe(10 * 60_000);

    const undone = await undo(crafts, partA, { status: 'processing' });
    expectStatus(undone, 200);
    expect(undone.body.sellerOrder).toMatchObject({ status: 'pending', undo: null });
    expect(undone.body.sellerOrder.history.map((entry) => entry.status)).toEqual(['pending']);
    expect(statusesOf(await purchaseAsBuyer(buyer, order.id), crafts)).toEqual(['pending']);
    expect((await eventsOf(orderStream(order.id))).at(-1)).toEqual({
      type: 'SellerOrderStatusReverted',
      data: {
        orderId: order.id,
        sellerOrderId: partA,
        sellerId: crafts.user!.id,
        by: crafts.user!.id,
        at: expect.any(String),
        from: 'processing',
        to: 'pending',
      },
      actor: crafts.user!.id,
    });
    const again = await storesNothing(() => undo(crafts, partA, { status: 'processing' }));
    expectStatus(again, 200);
    expect(again.body.sellerOrder).toEqual(undone.body.sellerOrder);

    // Shipped goes back to processing; only once.
    for (const status of ['processing', 'shipped'] as const) await move(crafts, partA, { status });
    expectStatus(await undo(admin, partA, { status: 'shipped' }), 200);
    const twice = await storesNothing(() => undo(crafts, partA, { status: 'processing' }));
    expect([twice.status, errorOf(twice).code]).toEqual([409, 'not_undoable']);
  });

  it('is for the seller and the admins only: 401 signed out, 403 for the buyer, 404 for another seller', async () => {
    const { buyer, partA } = await twoSellerPurchase();
    await move(crafts, partA, { status: 'processing' });
    const signedOut = await storesNothing(() =>
      api.anonymous().api['seller-orders'][':id'].status.undo.$post({
        param: { id: partA },
        json: { status: 'processing' },
      }),
    );
    expectStatus(signedOut, 401);
    expectStatus(await storesNothing(() => undo(buyer, partA, { status: 'processing' })), 403);
    expectStatus(await storesNothing(() => undo(spices, partA, { status: 'processing' })), 404);
    expectStatus(await undo(admin, partA, { status: 'processing' }), 200);
  });

  it('refuses once the window has passed, and a delivered or cancelled part, storing nothing', async () => {
    const { partA, partB } = await twoSellerPurchase();
    await move(crafts, partA, { status: 'processing' });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 + 1000 });
    try {
      const late = await storesNothing(() => undo(crafts, partA, { status: 'processing' }));
      expectStatus(late, 409);
      expect(late.body.error).toEqual({ code: 'undo_window_closed', message: 'The time to undo this move has passed' });
    } finally {
      vi.useRealTimers();
    }
    await deliver(spices, partB);
    const delivered = await storesNothing(() => undo(spices, partB, { status: 'shipped' }));
    expect([delivered.status, errorOf(delivered).code]).toEqual([409, 'not_undoable']);
    await move(crafts, partA, { status: 'cancelled', reason: 'Damaged in the workshop' });
    const cancelled = await storesNothing(() => undo(crafts, partA, { status: 'processing' }));
    expect([cancelled.status, errorOf(cancelled).code]).toEqual([409, 'not_undoable']);
  });

  it.each([{}, { status: 'delivered' }, { status: 'cancelled' }, { status: 'pending' }, '{bad'])(
    'refuses %j with a 400, storing nothing',
    async (body) => {
      const { partA } = await twoSellerPurchase();
      await move(crafts, partA, { status: 'processing' });
      const reply = await storesNothing(() => crafts.raw.post(`/api/seller-orders/${partA}/status/undo`, body));
      expectStatus(reply, 400);
    },
  );
});

describe('no self-dealing', () => {
  it('refuses a seller adding its own product to its cart', async () => {
    const productId = await necklace();
    const reply = await storesNothing(() => crafts.api.cart.items.$post({ json: { productId, quantity: 1 } }));
    expect(reply.status).toBe(403); // not among the statuses the route declares
    expect(errorOf(reply)).toEqual({ code: 'own_product', message: 'You cannot buy your own product' });
    expect(ok(await crafts.api.cart.$get()).count).toBe(0);
  });

  it('refuses to order a seller’s own product that is in its cart from before the rule, reserving nothing', async () => {
    const seller = await signedIn(api, 'seller', 'Old Cart Crafts');
    const productId = await listedProduct(api, seller, { stockQuantity: 4 });
    // A cart line the rule did not stop when it was added (a log written before it).
    await api.platform.events.append(
      cartStream(seller.user!.id),
      [{ type: 'CartItemAdded', data: { userId: seller.user!.id, productId, quantity: 1 } }],
      'any',
    );
    expect(ok(await seller.api.cart.$get()).count).toBe(1);
    const reply = await storesNothing(() => seller.api.orders.$post({ header: {}, json: checkoutBody() }));
    expectStatus(reply, 403);
    expect(reply.body.error).toEqual({ code: 'own_product', message: 'You cannot buy your own product' });
    expect(await stockOf(productId)).toBe(4);
  });

  it('lets a seller who bought from another seller only cancel that part while pending, as any buyer', async () => {
    const productId = await saffron();
    const { order } = await checkedOut(api, [{ productId }], crafts);
    const part = partOf(order, spices).id;
    await api.settle();
    expect((ok(await crafts.api['seller-orders'].$get()) as SellerOrderDoc[]).map((p) => p.id)).not.toContain(part);
    const forward = await storesNothing(() => move(crafts, part, { status: 'processing' }));
    expectStatus(forward, 403);
    expect(forward.body.error.message).toBe('Only the seller or an admin can change the status of an order');
    expect((await move(crafts, part, { status: 'cancelled', reason: 'Found it cheaper' })).status).toBe(200);
    expect(await stockOf(productId)).toBe(10);
  });

  it('lets a seller not manage a purchase of its own product that an old log holds', async () => {
    const seller = await signedIn(api, 'seller', 'Old Log Crafts');
    const productId = await listedProduct(api, seller);
    const orderId = await ownPurchaseFromOldLog(seller, productId);
    const part = `${orderId}-1`;
    for (const status of ['processing', 'shipped', 'delivered'] as const) {
      const reply = await storesNothing(() => move(seller, part, { status }));
      expectStatus(reply, 403);
    }
    const forward = await move(seller, part, { status: 'processing' });
    expect(errorOf(forward)).toEqual({
      code: 'forbidden',
      message: 'You cannot manage an order you bought: its buyer is you',
    });
    // An admin still may; the seller may cancel it as its buyer while it is pending, like any buyer.
    await deliver(admin, part);
  });

  it('refuses a seller reviewing its own product, even one an old log says it bought and received', async () => {
    const seller = await signedIn(api, 'seller', 'Old Review Crafts');
    const productId = await listedProduct(api, seller);
    const orderId = await ownPurchaseFromOldLog(seller, productId);
    await deliver(admin, `${orderId}-1`);
    await api.settle();
    const review = await storesNothing(() =>
      seller.api.products[':id'].reviews.$post({
        param: { id: productId },
        json: { rating: 5, comment: 'Best diya ever' },
      }),
    );
    expectStatus(review, 403);
    expect(ok(await seller.api.products[':id'].reviews.eligibility.$get({ param: { id: productId } })).state).not.toBe(
      'allowed',
    );
  });
});

describe('returns', () => {
  const DAY_MS = 86_400_000;

  /** Runs `action` with the API's clock `days` after `from`. */
  async function atDaysAfter<T>(from: string, days: number, action: () => Promise<T>): Promise<T> {
    const { now } = api.ctx;
    api.ctx.now = () => new Date(Date.parse(from) + days * DAY_MS).toISOString();
    try {
      return await action();
    } finally {
      api.ctx.now = now;
    }
  }

  const deliveredAtOf = async (partId: string) =>
    ok(
      await crafts
        .after(await api.platform.events.lastPosition())
        ['seller-orders'][':id'].$get({ param: { id: partId } }),
    ).deliveredAt as string;

  it('lets the buyer return delivered items, the seller accept them back into stock, and the buyer see it', async () => {
    const { buyer, order, partA, necklaceId } = await deliveredPurchase();
    const asked = await askReturn(buyer, partA, {
      lines: [{ productId: necklaceId, quantity: 1 }],
      reason: '  The clasp broke  ',
    });
    expectStatus(asked, 201);
    const returnId = `${partA}-R1`;
    const requested = {
      returnId,
      lines: [
        {
          lineKey: necklaceId,
          productId: necklaceId,
          variantId: 'default',
          variantLabel: '',
          quantity: 1,
          name: 'Kundan Necklace',
          pricePaise: NECKLACE_PAISE,
        },
      ],
      reason: 'The clasp broke',
      status: 'requested',
      decisionReason: null,
      requestedAt: expect.any(String),
      decidedAt: null,
    };
    expect(asked.body.sellerOrder).toMatchObject({
      id: partA,
      status: 'delivered',
      openReturns: 1,
      returns: [requested],
    });
    expect(partOf(await purchaseAsBuyer(buyer, order.id), crafts).returns).toEqual([requested]);
    expect(await stockOf(necklaceId)).toBe(8);

    const accepted = await decide(crafts, partA, returnId, { accept: true, reason: 'Sorry about the clasp' });
    expectStatus(accepted, 200);
    expect(accepted.body.sellerOrder).toMatchObject({
      openReturns: 0,
      returns: [
        { ...requested, status: 'accepted', decisionReason: 'Sorry about the clasp', decidedAt: expect.any(String) },
      ],
    });
    expect(await stockOf(necklaceId)).toBe(9);
    expect((await eventsOf(productStream(necklaceId))).filter((e) => e.type === 'StockReturned')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ returnId, quantity: 1, remaining: 9 }) }),
    ]);
    const seen = await purchaseAsBuyer(buyer, order.id);
    expect(partOf(seen, crafts).returns[0]).toMatchObject({
      status: 'accepted',
      decisionReason: 'Sorry about the clasp',
    });
    expect(ok(await api.anonymous().api.products[':id'].$get({ param: { id: necklaceId } })).stockQuantity).toBe(9);

    // Deciding again the same way changes nothing; the other way is refused.
    const same = await storesNothing(() =>
      decide(crafts, partA, returnId, { accept: true, reason: 'Sorry about the clasp' }),
    );
    expectStatus(same, 200);
    expect(await stockOf(necklaceId)).toBe(9);
    const flipped = await storesNothing(() =>
      decide(crafts, partA, returnId, { accept: false, reason: 'Changed my mind' }),
    );
    expectStatus(flipped, 409);
    expect(flipped.body.error).toEqual({ code: 'already_decided', message: 'This return was already accepted' });
  });

  it('returns at most the units delivered, counting rejected returns too: a refusal is final', async () => {
    const { buyer, partA, necklaceId } = await deliveredPurchase();
    const ask = (quantity: number) =>
      askReturn(buyer, partA, { lines: [{ productId: necklaceId, quantity }], reason: 'Not as pictured' });
    const tooMany = await storesNothing(() => ask(3));
    expectStatus(tooMany, 422);
    expect(tooMany.body.error).toEqual({
      code: 'return_quantity',
      message: 'You can return at most 2 of "Kundan Necklace"',
    });
    expect((await ask(1)).status).toBe(201);
    const beyond = await storesNothing(() => ask(2));
    expect([beyond.status, errorOf(beyond).message]).toEqual([422, 'You can return at most 1 of "Kundan Necklace"']);
    expect((await ask(1)).status).toBe(201);
    const none = await storesNothing(() => ask(1));
    expect([none.status, errorOf(none).message]).toEqual([422, '"Kundan Necklace" is already being returned']);

    // A rejected return does not give its units back to ask for.
    const rejected = await decide(crafts, partA, `${partA}-R2`, { accept: false, reason: 'Worn, and the tag is gone' });
    expectStatus(rejected, 200);
    expect(rejected.body.sellerOrder.returns[1]).toMatchObject({
      status: 'rejected',
      decisionReason: 'Worn, and the tag is gone',
    });
    expect(await stockOf(necklaceId)).toBe(8);
    const again = await storesNothing(() => ask(1));
    expect([again.status, errorOf(again).message]).toEqual([422, '"Kundan Necklace" is already being returned']);
    expectStatus(
      await decide(crafts, partA, `${partA}-R1`, { accept: false, reason: 'Worn, and the tag is gone' }),
      200,
    );
    const refused = await storesNothing(() => ask(1));
    expect([refused.status, errorOf(refused).message]).toEqual([
      422,
      'The return of "Kundan Necklace" was refused, and cannot be asked again',
    ]);
  });

  it('counts the same product named twice in one request against the units delivered', async () => {
    const { buyer, partA, necklaceId } = await deliveredPurchase();
    // 2 delivered: 2 + 2 of them would reverse 4 units of earnings while restocking 2.
    const twice = {
      lines: [
        { productId: necklaceId, quantity: 2 },
        { productId: necklaceId, quantity: 2 },
      ],
      reason: 'Both broke',
    };
    const reply = await storesNothing(() => askReturn(buyer, partA, twice));
    // Refused either as a bad body (a product named twice) or as more than was delivered.
    expect([400, 422]).toContain(reply.status);
  });

  it('refuses items of a category that takes no returns', async () => {
    const { buyer, partB, saffronId } = await deliveredPurchase({ both: true });
    const reply = await storesNothing(() =>
      askReturn(buyer, partB, { lines: [{ productId: saffronId, quantity: 1 }], reason: 'Too strong' }),
    );
    expectStatus(reply, 422);
    expect(reply.body.error.code).toBe('not_returnable');
    expect(reply.body.error.message).toContain('cannot be returned');
  });

  it('follows the category policy an admin set, at the time of the request', async () => {
    const adminActor = actorOfClient(admin);
    // Ayurveda takes no returns by default; home decor does. Neither is used by the other tests here.
    const oil = await listedProduct(api, spices, { name: 'Kumkumadi Oil', categoryId: 'ayurveda', stockQuantity: 5 });
    const lamp = await listedProduct(api, crafts, { name: 'Jaipur Lamp', categoryId: 'home-decor', stockQuantity: 5 });
    const { buyer, order } = await checkedOut(api, [{ productId: oil }, { productId: lamp }]);
    await deliver(spices, partOf(order, spices).id);
    await deliver(crafts, partOf(order, crafts).id);
    const ask = (seller: Client, productId: string) =>
      askReturn(buyer, partOf(order, seller).id, {
        lines: [{ productId, quantity: 1 }],
        reason: 'Not what I expected',
      });

    expect(errorOf(await storesNothing(() => ask(spices, oil))).code).toBe('not_returnable');
    await setCategoryPolicy(api.ctx, adminActor, 'ayurveda', { returnable: true, reason: 'Sealed bottles only' });
    await setCategoryPolicy(api.ctx, adminActor, 'home-decor', { returnable: false, reason: 'Too many breakages' });
    try {
      expect((await ask(spices, oil)).status).toBe(201);
      const refused = await storesNothing(() => ask(crafts, lamp));
      expect([refused.status, errorOf(refused).code]).toEqual([422, 'not_returnable']);
    } finally {
      await setCategoryPolicy(api.ctx, adminActor, 'ayurveda', { returnable: false, reason: 'Back to the default' });
      await setCategoryPolicy(api.ctx, adminActor, 'home-decor', { returnable: true, reason: 'Back to the default' });
    }
  });

  it('puts the units of an accepted return back in stock even when the product was delisted meanwhile', async () => {
    const { buyer, partA, necklaceId } = await deliveredPurchase();
    await askReturn(buyer, partA, { lines: [{ productId: necklaceId, quantity: 2 }], reason: 'Both arrived bent' });
    await onProduct(
      api,
      necklaceId,
      { type: 'DelistProduct', actor: actorOfClient(crafts), at: new Date().toISOString() },
      crafts.user!.id,
    );
    expect((await decide(crafts, partA, `${partA}-R1`, { accept: true, reason: 'Sorry' })).status).toBe(200);
    expect(await stockOf(necklaceId)).toBe(10);
  });

  it('refuses a product that is not in the seller order, and lines of nothing', async () => {
    const { buyer, partA, saffronId, necklaceId } = await deliveredPurchase({ both: true });
    const other = await storesNothing(() =>
      askReturn(buyer, partA, { lines: [{ productId: saffronId, quantity: 1 }], reason: 'Wrong part' }),
    );
    expect([other.status, errorOf(other).code]).toEqual([422, 'not_in_order']);
    const zero = await storesNothing(() =>
      askReturn(buyer, partA, { lines: [{ productId: necklaceId, quantity: 0 }], reason: 'Nothing' }),
    );
    expect([zero.status, errorOf(zero).message]).toEqual([422, 'Choose at least one item to return']);
  });

  it('refuses a return before delivery and after the window', async () => {
    const { buyer, partA, necklaceId } = await twoSellerPurchase();
    const body = { lines: [{ productId: necklaceId, quantity: 1 }], reason: 'Too late' };
    const early = await storesNothing(() => askReturn(buyer, partA, body));
    expectStatus(early, 409);
    expect(early.body.error).toEqual({
      code: 'not_delivered',
      message: 'Items can be returned only once they are delivered',
    });

    await deliver(crafts, partA);
    const deliveredAt = await deliveredAtOf(partA);
    const late = await storesNothing(() => atDaysAfter(deliveredAt, 7.01, () => askReturn(buyer, partA, body)));
    expectStatus(late, 409);
    expect(late.body.error.code).toBe('return_window_closed');
    expect(late.body.error.message).toBe(
      `Returns closed on ${new Date(Date.parse(deliveredAt) + 7 * DAY_MS).toISOString().slice(0, 10)}, 7 days after delivery`,
    );
    // On the last day of the window it is still open.
    expect((await atDaysAfter(deliveredAt, 6.99, () => askReturn(buyer, partA, body))).status).toBe(201);
  });

  it('lets only the buyer ask, and only the seller or an admin decide', async () => {
    const { buyer, partA, necklaceId } = await deliveredPurchase();
    const body = { lines: [{ productId: necklaceId, quantity: 1 }], reason: 'Changed my mind' };
    for (const notBuyer of [crafts, admin]) {
      const reply = await storesNothing(() => askReturn(notBuyer, partA, body));
      expectStatus(reply, 403);
      expect(reply.body.error).toEqual({ code: 'forbidden', message: 'Only the buyer can ask to return items' });
    }
    expect((await askReturn(buyer, partA, body)).status).toBe(201);
    const returnId = `${partA}-R1`;

    const byBuyer = await storesNothing(() =>
      decide(buyer, partA, returnId, { accept: true, reason: 'Accepting my own return' }),
    );
    expectStatus(byBuyer, 403);
    expect(byBuyer.body.error).toEqual({
      code: 'forbidden',
      message: 'Only the seller or an admin can decide a return',
    });
    const byOtherSeller = await storesNothing(() =>
      decide(spices, partA, returnId, { accept: true, reason: 'Not mine' }),
    );
    expect([byOtherSeller.status, errorOf(byOtherSeller).message]).toEqual([404, 'Order not found']);
    const unknownReturn = await storesNothing(() =>
      decide(crafts, partA, `${partA}-R9`, { accept: true, reason: 'Fine' }),
    );
    expect([unknownReturn.status, errorOf(unknownReturn).message]).toEqual([404, 'Return not found']);

    const byAdmin = await decide(admin, partA, returnId, { accept: true, reason: 'Customer care goodwill' });
    expectStatus(byAdmin, 200);
    expect(byAdmin.body.sellerOrder.returns[0]).toMatchObject({
      status: 'accepted',
      decisionReason: 'Customer care goodwill',
    });
  });

  it.each([
    [{ reason: 'Broken' }, 'lines'],
    [{ lines: [], reason: 'Broken' }, 'lines'],
    [{ lines: [{ quantity: 1 }], reason: 'Broken' }, 'lines.0.lineKey'],
    [{ lines: [{ lineKey: '', quantity: 1 }], reason: 'Broken' }, 'lines.0.lineKey'],
    [{ lines: [{ lineKey: 'x'.repeat(201), quantity: 1 }], reason: 'Broken' }, 'lines.0.lineKey'],
    [{ lines: [{ productId: 'P', quantity: -1 }], reason: 'Broken' }, 'lines.0.quantity'],
    [{ lines: [{ productId: 'P', quantity: 1.5 }], reason: 'Broken' }, 'lines.0.quantity'],
    [{ lines: [{ productId: 'P', quantity: '1' }], reason: 'Broken' }, 'lines.0.quantity'],
    [{ lines: [{ productId: 'P', quantity: 1 }] }, 'reason'],
    [{ lines: [{ productId: 'P', quantity: 1 }], reason: '   ' }, 'reason'],
    [{ lines: [{ productId: 'P', quantity: 1 }], reason: 'x'.repeat(501) }, 'reason'],
  ])('refuses the return request %j on field %s, storing nothing', async (body, field) => {
    const { buyer, partA, necklaceId } = await deliveredPurchase();
    const withProduct = JSON.parse(JSON.stringify(body).replaceAll('"P"', JSON.stringify(necklaceId)));
    const reply = await storesNothing(() => askReturnRaw(buyer, partA, withProduct));
    expectStatus(reply, 400);
    expect(reply.body.error.code).toBe('validation_failed');
    expect(Object.keys(reply.body.error.fields)).toEqual([field]);
  });

  it('names the fields of a return request in words people read', async () => {
    const { buyer, partA, necklaceId } = await deliveredPurchase();
    const quantity = await askReturn(buyer, partA, {
      lines: [{ productId: necklaceId, quantity: 1.5 }],
      reason: 'Broken',
    });
    expect(errorOf(quantity).fields).toEqual({ 'lines.0.quantity': 'Choose a whole number of items to return' });
    const reason = await askReturn(buyer, partA, { lines: [{ productId: necklaceId, quantity: 1 }], reason: '' });
    expect(errorOf(reason).fields).toEqual({ reason: 'Please tell the seller why you are returning these items' });
    const empty = await askReturn(buyer, partA, { lines: [], reason: 'Broken' });
    expect(errorOf(empty).fields).toEqual({ lines: 'Choose at least one item to return' });
  });

  it('refuses bad decision bodies: a reason is needed either way', async () => {
    const { buyer, partA, necklaceId } = await deliveredPurchase();
    await askReturn(buyer, partA, { lines: [{ productId: necklaceId, quantity: 1 }], reason: 'Broken' });
    const returnId = `${partA}-R1`;
    const cases: Array<[unknown, Record<string, string>]> = [
      [{ accept: false }, { reason: 'Please give a reason for your decision' }],
      [{ accept: false, reason: ' ' }, { reason: 'Please give a reason for your decision' }],
      [{ accept: true }, { reason: 'Please give a reason for your decision' }],
      [{ reason: 'Fine' }, { accept: 'Say whether you accept the return' }],
      [{ accept: 'yes', reason: 'Fine' }, { accept: 'Say whether you accept the return' }],
    ];
    for (const [body, fields] of cases) {
      const reply = await storesNothing(() => decideRaw(crafts, partA, returnId, body));
      expect({ body, status: reply.status, error: errorOf(reply) }).toEqual({
        body,
        status: 400,
        error: expect.objectContaining({ code: 'validation_failed', fields }),
      });
    }
  });

  it('answers malformed JSON and oversized bodies with JSON errors, never a 500', async () => {
    const { buyer, partA, necklaceId } = await deliveredPurchase();
    await askReturn(buyer, partA, { lines: [{ productId: necklaceId, quantity: 1 }], reason: 'Broken' });
    const returnId = `${partA}-R1`;
    for (const send of [
      (body: unknown) => askReturnRaw(buyer, partA, body),
      (body: unknown) => decideRaw(crafts, partA, returnId, body),
    ]) {
      const malformed = await storesNothing(() => send('{bad'));
      expect([malformed.status, errorOf(malformed).code]).toEqual([400, 'malformed_json']);
      const large = await storesNothing(() =>
        send({ reason: 'Broken', accept: true, lines: [{ productId: necklaceId, quantity: 1 }], ...oversized() }),
      );
      expect([large.status, errorOf(large).code]).toEqual([413, 'payload_too_large']);
      const array = await storesNothing(() => send([]));
      expect([array.status, errorOf(array).code]).toEqual([400, 'validation_failed']);
    }
  });

  it('lets the buyer see the return in its seller order and the seller count the open ones', async () => {
    const { buyer, partA, necklaceId } = await deliveredPurchase();
    await askReturn(buyer, partA, { lines: [{ productId: necklaceId, quantity: 2 }], reason: 'Both arrived bent' });
    await api.settle();
    const own: SellerOrderDoc = ok(await buyer.api['seller-orders'][':id'].$get({ param: { id: partA } }));
    expect(own.returns.map((r) => [r.returnId, r.status, r.lines.map((line) => line.quantity)])).toEqual([
      [`${partA}-R1`, 'requested', [2]],
    ]);
    const list: SellerOrderDoc[] = ok(await crafts.api['seller-orders'].$get());
    expect(list.find((part) => part.id === partA)?.openReturns).toBe(1);
  });
});

// The summaries on the purchase and the seller orders agree.
describe('the purchase and its seller orders', () => {
  it('show each part the same way', async () => {
    const { buyer, order, partA, partB } = await deliveredPurchase();
    await move(spices, partB, { status: 'processing' });
    const seen = await purchaseAsBuyer(buyer, order.id);
    for (const id of [partA, partB]) {
      const doc: SellerOrderDoc = ok(await admin.api['seller-orders'][':id'].$get({ param: { id } }));
      const summary = seen.sellerOrders.find((part) => part.id === id)!;
      const keys = Object.keys(summary) as Array<keyof SellerOrderSummary>;
      expect(Object.fromEntries(keys.map((key) => [key, doc[key]]))).toEqual(summary);
    }
  });
});
