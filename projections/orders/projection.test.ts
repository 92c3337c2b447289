import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderEvent, OrderLine } from '../../domain/order/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Doc } from '../../platform/readstore/port.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { settleLine } from '../../domain/order/settlement.ts';
import type { LegacyOrderEvent } from '../../domain/order/upcast.ts';
import type { OrderDoc, SellerOrderDoc } from './documents.ts';
import { ORDERS, SELLER_ORDERS, orders, purchaseFromEvents } from './projection.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';

const orderId = 'order-1';
const buyerId = 'buyer-1';
const T0 = '2024-05-01T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();

const line = (productId: string, sellerId: string, sellerName: string): OrderLine => ({
  productId,
  name: `Product ${productId}`,
  pricePaise: 499_00,
  quantity: 2,
  imageUrl: null,
  sellerId,
  sellerName,
  categoryId: 'handicrafts',
});
const lines = [line('p-1', 'seller-1', 'Meera Crafts'), line('p-2', 'seller-2', 'Kashmir Looms')];

const oldPlaced: LegacyOrderEvent = {
  type: 'OrderPlaced',
  data: {
    orderId,
    buyerId,
    buyerName: 'Asha Rao',
    lines,
    shippingAddress: PUNE_ADDRESS,
    delivery: 'standard',
    payment: 'cod',
    subtotalPaise: 1996_00,
    deliveryChargePaise: 50_00,
    totalPaise: 2046_00,
    placedAt: T0,
  },
};
const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    ...oldPlaced.data,
    sellerOrders: [
      ...(['Meera Crafts', 'Kashmir Looms'] as const).map((sellerName, i) => ({
        sellerOrderId: `${orderId}-${i + 1}`,
        sellerId: `seller-${i + 1}`,
        sellerName,
        subtotalPaise: 998_00,
        shipBy: '2024-05-03',
      })),
    ],
  },
};
const part = (n: 1 | 2) => ({ orderId, sellerOrderId: `${orderId}-${n}`, sellerId: `seller-${n}` });
const stamp = (minutes: number, n: 1 | 2 = 1, by = `seller-${n}`) => ({ ...part(n), by, at: at(minutes) });
const settlement = (n: 1 | 2) => [settleLine(lines[n - 1]!, 2, 1000)];
const lifecycle: OrderEvent[] = [
  placed,
  { type: 'SellerOrderProcessing', data: stamp(1) },
  { type: 'SellerOrderShipped', data: stamp(2) },
  { type: 'SellerOrderDelivered', data: { ...stamp(3), settlement: settlement(1) } },
  { type: 'SellerOrderCancelled', data: { ...stamp(4, 2), reason: 'Out of stock' } },
  {
    type: 'ReturnRequested',
    data: {
      ...stamp(5, 1, buyerId),
      returnId: `${orderId}-1-R1`,
      lines: [{ productId: 'p-1', quantity: 1 }],
      reason: 'Chipped',
    },
  },
  {
    type: 'ReturnAccepted',
    data: { ...stamp(6), returnId: `${orderId}-1-R1`, reason: 'Sorry', settlement: [settleLine(lines[0]!, 1, 1000)] },
  },
];

let store: SqliteReadStore;
let position = 0;

beforeEach(() => {
  store = new SqliteReadStore(':memory:');
});
afterEach(() => store.close());

/** Commits `events` as one batch of the projection, as the runner does. */
async function applyBatch(events: Array<OrderEvent | LegacyOrderEvent>): Promise<void> {
  const work = store.unitOfWork();
  for (const event of events) {
    position += 1;
    const recorded: RecordedEvent = {
      ...event,
      id: `event-${position}`,
      stream: `order-${orderId}`,
      revision: position,
      position,
      metadata: { actor: null, correlationId: orderId, causationId: null, time: T0 },
    };
    await orders.apply(recorded, work);
  }
  await store.commit(work, orders.name, position);
}

const all = <T extends Doc>(collection: string) => store.collection<T>(collection).find();
const snapshot = async () => ({
  orders: await all<OrderDoc>(ORDERS),
  sellerOrders: await all<SellerOrderDoc>(SELLER_ORDERS),
});

describe('orders projection', () => {
  it('keeps the purchase with each seller’s part, and each seller order with its own lines, history and returns', async () => {
    for (const event of lifecycle) await applyBatch([event]);
    const {
      orders: [order],
      sellerOrders,
    } = await snapshot();
    expect(
      sellerOrders.map((doc) => [doc.id, doc.shortId, doc.sellerId, doc.status, doc.lines.map((l) => l.productId)]),
    ).toEqual([
      [`${orderId}-1`, 'order-1-1', 'seller-1', 'delivered', ['p-1']],
      [`${orderId}-2`, 'order-1-2', 'seller-2', 'cancelled', ['p-2']],
    ]);
    const [first, second] = sellerOrders;
    expect(first).toMatchObject({
      orderId,
      buyerId,
      buyerName: 'Asha Rao',
      sellerName: 'Meera Crafts',
      subtotalPaise: 998_00,
      shippingAddress: PUNE_ADDRESS,
      deliveredAt: at(3),
      cancelReason: null,
      openReturns: 0,
      updatedAt: at(6),
      history: [
        { status: 'pending', at: T0, by: buyerId },
        { status: 'processing', at: at(1), by: 'seller-1' },
        { status: 'shipped', at: at(2), by: 'seller-1' },
        { status: 'delivered', at: at(3), by: 'seller-1' },
      ],
      returns: [
        {
          returnId: `${orderId}-1-R1`,
          lines: [{ productId: 'p-1', quantity: 1, name: 'Product p-1', pricePaise: 499_00 }],
          reason: 'Chipped',
          status: 'accepted',
          decisionReason: 'Sorry',
          requestedAt: at(5),
          decidedAt: at(6),
        },
      ],
    });
    expect(second).toMatchObject({ status: 'cancelled', cancelReason: 'Out of stock', deliveredAt: null });
    const {
      lines: _,
      orderId: __,
      buyerId: ___,
      buyerName: ____,
      shippingAddress: _s,
      delivery: _d,
      payment: _p,
      paymentStatus: _ps,
      placedAt: _t,
      updatedAt: _u,
      openReturns: _o,
      undo: _n,
      ...summary
    } = first!;
    expect(order).toMatchObject({
      id: orderId,
      lines,
      sellerIds: ['seller-1', 'seller-2'],
      status: 'delivered',
      totalPaise: 2046_00,
      updatedAt: at(6),
    });
    expect(order!.sellerOrders[0]).toEqual(summary);
  });

  it('takes an undone move off the path: back in the status before it, the move out of the history', async () => {
    const undoable = (minutes: number) => ({ ...stamp(minutes), undoUntil: at(minutes + 10) });
    const reverted: OrderEvent = {
      type: 'SellerOrderStatusReverted',
      data: { ...stamp(3), from: 'shipped', to: 'processing' },
    };
    await applyBatch([
      placed,
      { type: 'SellerOrderProcessing', data: undoable(1) },
      { type: 'SellerOrderShipped', data: undoable(2) },
    ]);
    const seller1 = async () => (await snapshot()).sellerOrders[0]!;
    expect(await seller1()).toMatchObject({ status: 'shipped', undo: { status: 'shipped', until: at(12) } });
    await applyBatch([reverted]);
    const undone = await seller1();
    expect(undone).toMatchObject({ status: 'processing', undo: null, updatedAt: at(3) });
    expect(undone.history.map((entry) => entry.status)).toEqual(['pending', 'processing']);
    expect((await snapshot()).orders[0]!.sellerOrders[0]).toMatchObject({ status: 'processing' });
    // Delivered twice, it changes nothing more; shipped again, it may be undone again.
    await applyBatch([reverted]);
    expect(await seller1()).toEqual(undone);
    await applyBatch([{ type: 'SellerOrderShipped', data: undoable(4) }]);
    expect(await seller1()).toMatchObject({ status: 'shipped', undo: { status: 'shipped', until: at(14) } });
  });

  it("shows the purchase's refunds, each in its last state whatever order the gateway's word came in", async () => {
    const refundId = `${orderId}-2-cancel`;
    const requested: OrderEvent = {
      type: 'RefundRequested',
      data: {
        orderId,
        refundId,
        sellerOrderId: `${orderId}-2`,
        returnId: null,
        amountPaise: 998_00,
        reason: 'cancelled',
        at: at(2),
      },
    };
    const gateway = { orderId, refundId, gatewayRefundId: 'rfnd_1' };
    const initiated: OrderEvent = { type: 'RefundInitiated', data: { ...gateway, at: at(3) } };
    const processed: OrderEvent = { type: 'RefundProcessed', data: { ...gateway, at: at(4) } };
    await applyBatch([
      placed,
      { type: 'SellerOrderCancelled', data: { ...stamp(1, 2), reason: 'Out of stock' } },
      requested,
    ]);
    const refund = async () => (await snapshot()).orders[0]!.refunds;
    expect(await refund()).toEqual([
      {
        refundId,
        sellerOrderId: `${orderId}-2`,
        returnId: null,
        amountPaise: 998_00,
        reason: 'cancelled',
        status: 'requested',
        requestedAt: at(2),
        updatedAt: at(2),
      },
    ]);
    await applyBatch([processed, initiated, processed]);
    expect(await refund()).toMatchObject([{ status: 'processed', updatedAt: at(4) }]);
    const log = [placed, requested, initiated, processed];
    expect(purchaseFromEvents(log)?.order.refunds).toMatchObject([{ status: 'processed' }]);
  });

  it('derives the purchase status from its parts: the least advanced one not cancelled', async () => {
    await applyBatch([placed, { type: 'SellerOrderProcessing', data: stamp(1) }]);
    expect((await snapshot()).orders[0]!.status).toBe('pending');
    await applyBatch([{ type: 'SellerOrderCancelled', data: { ...stamp(2, 2, buyerId), reason: 'Changed my mind' } }]);
    expect((await snapshot()).orders[0]!.status).toBe('processing');
  });

  it('gives the same documents from one rebuild batch, and when an event is delivered twice', async () => {
    for (const event of lifecycle) await applyBatch([event]);
    const live = await snapshot();

    await store.reset(
      orders.name,
      orders.collections.map((c) => c.name),
    );
    await applyBatch(lifecycle);
    expect(await snapshot()).toEqual(live);

    await applyBatch(lifecycle.slice(1));
    expect(await snapshot()).toEqual(live);
  });

  it('reads a log written before seller orders as the same parts, each moved as the whole purchase was', async () => {
    const old: LegacyOrderEvent[] = [
      oldPlaced,
      { type: 'OrderProcessing', data: { orderId, by: 'seller-1', at: at(1) } },
      { type: 'OrderCancelled', data: { orderId, by: 'seller-2', at: at(2), reason: 'Out of season' } },
    ];
    await applyBatch(old);
    const {
      orders: [order],
      sellerOrders,
    } = await snapshot();
    expect(order!.status).toBe('cancelled');
    expect(
      sellerOrders.map((doc) => [
        doc.id,
        doc.status,
        doc.cancelReason,
        doc.history.map((h) => `${h.status} by ${h.by}`),
      ]),
    ).toEqual([
      [
        `${orderId}-1`,
        'cancelled',
        'Out of season',
        ['pending by buyer-1', 'processing by seller-1', 'cancelled by seller-2'],
      ],
      [
        `${orderId}-2`,
        'cancelled',
        'Out of season',
        ['pending by buyer-1', 'processing by seller-1', 'cancelled by seller-2'],
      ],
    ]);
    expect(purchaseFromEvents(old)).toEqual({ order, sellerOrders });
  });

  it('folds a stream as the projection does: the write side answers commands with the same documents', async () => {
    await applyBatch(lifecycle);
    const {
      orders: [order],
      sellerOrders,
    } = await snapshot();
    expect(purchaseFromEvents(lifecycle)).toEqual({ order, sellerOrders });
  });

  it('refuses an event for a seller order never placed, rather than losing it', async () => {
    await expect(applyBatch([{ type: 'SellerOrderShipped', data: stamp(1) }])).rejects.toThrow(
      /never placed: order-1-1/,
    );
    await expect(applyBatch([{ type: 'OrderShipped', data: { orderId, by: 'x', at: T0 } }])).rejects.toThrow(
      /never placed: order-1/,
    );
  });
});
