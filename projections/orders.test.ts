import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OrderEvent, OrderLine } from '../domain/order/events.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { Doc } from '../platform/readstore/port.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { COLLECTIONS, type DeliveredPurchaseDoc, type OrderDoc, type OrderLineDoc } from './models.ts';
import { orders } from './orders.ts';

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
const shippingAddress = {
  firstName: 'Asha',
  lastName: 'Rao',
  phone: '9876543210',
  address: '12 MG Road',
  city: 'Pune',
  state: 'Maharashtra',
  pincode: '411001',
};

const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    orderId,
    buyerId,
    buyerName: 'Asha Rao',
    lines,
    shippingAddress,
    delivery: 'standard',
    payment: 'cod',
    subtotalPaise: 1996_00,
    deliveryChargePaise: 50_00,
    totalPaise: 2046_00,
    placedAt: T0,
  },
};
const stamp = (minutes: number, by = 'seller-1') => ({ orderId, by, at: at(minutes) });
const lifecycle: OrderEvent[] = [
  placed,
  { type: 'OrderProcessing', data: stamp(1) },
  { type: 'OrderShipped', data: stamp(2) },
  { type: 'OrderDelivered', data: stamp(3) },
];

let store: SqliteReadStore;
let position = 0;

beforeEach(() => {
  store = new SqliteReadStore(':memory:');
});
afterEach(() => store.close());

/** Commits `events` as one batch of the projection, as the runner does. */
async function applyBatch(events: OrderEvent[]): Promise<void> {
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
  orders: await all<OrderDoc>(COLLECTIONS.orders),
  lines: await all<OrderLineDoc>(COLLECTIONS.orderLines),
  delivered: await all<DeliveredPurchaseDoc>(COLLECTIONS.deliveredPurchases),
});

describe('orders projection', () => {
  it('keeps the order with its status history, one line per product for the sellers, and the delivered purchases', async () => {
    for (const event of lifecycle) await applyBatch([event]);
    const { orders: [order], lines: orderLines, delivered } = await snapshot();

    expect(order).toEqual({
      id: orderId,
      buyerId,
      buyerName: 'Asha Rao',
      lines,
      sellerIds: ['seller-1', 'seller-2'],
      shippingAddress,
      delivery: 'standard',
      payment: 'cod',
      subtotalPaise: 1996_00,
      deliveryChargePaise: 50_00,
      totalPaise: 2046_00,
      status: 'delivered',
      cancelReason: null,
      placedAt: T0,
      updatedAt: at(3),
      history: [
        { status: 'pending', at: T0, by: buyerId },
        { status: 'processing', at: at(1), by: 'seller-1' },
        { status: 'shipped', at: at(2), by: 'seller-1' },
        { status: 'delivered', at: at(3), by: 'seller-1' },
      ],
    });
    const mirrored = { orderId, buyerId, buyerName: 'Asha Rao', status: 'delivered', placedAt: T0, updatedAt: at(3) };
    expect(orderLines).toEqual(lines.map((l) => ({ ...l, ...mirrored, id: `${orderId}:${l.productId}` })));
    expect(delivered).toEqual(
      ['p-1', 'p-2'].map((productId) => ({ id: `${buyerId}:${productId}`, buyerId, productId, orderId, deliveredAt: at(3) })),
    );
  });

  it('records a cancellation with its reason, and no delivered purchase', async () => {
    await applyBatch([placed, { type: 'OrderCancelled', data: { ...stamp(1, buyerId), reason: 'Ordered by mistake' } }]);
    const { orders: [order], lines: orderLines, delivered } = await snapshot();
    expect(order).toMatchObject({ status: 'cancelled', cancelReason: 'Ordered by mistake', updatedAt: at(1) });
    expect(orderLines.map((l) => l.status)).toEqual(['cancelled', 'cancelled']);
    expect(delivered).toEqual([]);
  });

  it('gives the same documents from one rebuild batch, and when an event is delivered twice', async () => {
    for (const event of lifecycle) await applyBatch([event]);
    const live = await snapshot();

    await store.reset(orders.name, orders.collections.map((c) => c.name));
    await applyBatch(lifecycle);
    expect(await snapshot()).toEqual(live);

    await applyBatch([{ type: 'OrderShipped', data: stamp(9) }, { type: 'OrderDelivered', data: stamp(10) }]);
    expect(await snapshot()).toEqual(live);
  });

  it('refuses a status event for an order never placed, rather than losing it', async () => {
    await expect(applyBatch([{ type: 'OrderShipped', data: stamp(1) }])).rejects.toThrow(/never placed: order-1/);
  });
});
