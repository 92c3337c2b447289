import { afterEach, beforeEach, expect, it } from 'vitest';
import { type OrderEvent, type OrderLine, orderStream } from '../domain/order/events.ts';
import { type ReviewEvent, reviewStream } from '../domain/review/events.ts';
import { AT } from '../domain/testing.ts';
import { MemoryBus } from '../platform/bus/memory.ts';
import { SqliteEventStore } from '../platform/eventstore/sqlite.ts';
import type { Doc } from '../platform/readstore/port.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { COLLECTIONS } from './models.ts';
import { ProjectionRunner } from '../platform/projection/runner.ts';
import { REVIEW_ELIGIBILITY, REVIEW_ORDERS, reviews } from './reviews.ts';

const LATER = '2024-05-02T10:00:00.000Z';
const buyerId = 'buyer-1';

let events: SqliteEventStore;
const stores: SqliteReadStore[] = [];

beforeEach(() => {
  events = new SqliteEventStore(':memory:');
});
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  await events.close();
});

/** A fresh read store with the reviews projection caught up on the whole log. */
async function projected(): Promise<Record<string, Doc[]>> {
  const read = new SqliteReadStore(':memory:');
  stores.push(read);
  await new ProjectionRunner({ events, read, bus: new MemoryBus(), projections: [reviews] }).catchUp(reviews.name);
  const all = async (name: string) => read.collection(name).find({ sort: [['id', 'asc']] });
  return { reviews: await all(COLLECTIONS.reviews), orders: await all(REVIEW_ORDERS), eligibility: await all(REVIEW_ELIGIBILITY) };
}

const line = (productId: string): OrderLine => ({
  productId,
  name: productId,
  pricePaise: 10_000,
  quantity: 1,
  imageUrl: null,
  sellerId: 'seller-1',
  sellerName: 'Meera Weaves',
  categoryId: 'textiles',
});

async function order(orderId: string, productIds: string[], ...then: Array<'OrderDelivered' | 'OrderCancelled'>): Promise<void> {
  const placed: OrderEvent = {
    type: 'OrderPlaced',
    data: {
      orderId,
      buyerId,
      buyerName: 'Asha Rao',
      lines: productIds.map(line),
      shippingAddress: { firstName: 'Asha', lastName: 'Rao', phone: '9876543210', address: '12 MG Road', city: 'Pune', state: 'Maharashtra', pincode: '411001' },
      delivery: 'standard',
      payment: 'cod',
      subtotalPaise: 0,
      deliveryChargePaise: 0,
      totalPaise: 0,
      placedAt: AT,
    },
  };
  const stamp = { orderId, by: 'seller-1', at: LATER };
  const after: OrderEvent[] = then.map((type) => (type === 'OrderCancelled' ? { type, data: { ...stamp, reason: 'Out of stock' } } : { type, data: stamp }));
  await events.append(orderStream(orderId), [placed, ...after], 'no_stream');
}

it('lets a buyer review each product of a delivered order, and forgets orders once delivered or cancelled', async () => {
  await order('o-delivered', ['shawl', 'diya', 'shawl'], 'OrderDelivered');
  await order('o-cancelled', ['lamp'], 'OrderCancelled');
  await order('o-pending', ['saree']);
  const { orders, eligibility } = await projected();
  expect(orders).toEqual([{ id: 'o-pending', buyerId, productIds: ['saree'] }]);
  expect(eligibility).toEqual([
    { id: 'buyer-1:diya', buyerId, productId: 'diya', orderId: 'o-delivered', deliveredAt: LATER },
    { id: 'buyer-1:shawl', buyerId, productId: 'shawl', orderId: 'o-delivered', deliveredAt: LATER },
  ]);
});

it('keeps one review per buyer and product, edits included, and rebuilds the same documents', async () => {
  const submitted: ReviewEvent = {
    type: 'ReviewSubmitted',
    data: { productId: 'shawl', buyerId, authorName: 'Asha Rao', rating: 5, comment: 'Soft.', at: AT },
  };
  const edited: ReviewEvent = { type: 'ReviewEdited', data: { productId: 'shawl', buyerId, rating: 3, comment: 'Pilled after a month.', at: LATER } };
  await events.append(reviewStream('shawl', buyerId), [submitted], 'no_stream');
  await events.append(reviewStream('shawl', buyerId), [edited], 0);
  const first = await projected();
  expect(first.reviews).toEqual([
    { id: 'shawl:buyer-1', productId: 'shawl', buyerId, authorName: 'Asha Rao', rating: 3, comment: 'Pilled after a month.', createdAt: AT, updatedAt: LATER },
  ]);
  expect(await projected()).toEqual(first);
});
