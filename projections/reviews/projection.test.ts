import { afterEach, beforeEach, expect, it } from 'vitest';
import { type OrderEvent, type OrderLine, orderStream } from '../../domain/order/events.ts';
import { settleLine } from '../../domain/order/settlement.ts';
import { type LegacyOrderEvent, sellerOrdersOf } from '../../domain/order/upcast.ts';
import { type ReviewEvent, reviewStream } from '../../domain/review/events.ts';
import { AT } from '../../domain/testing.ts';
import { MemoryBus } from '../../platform/bus/memory.ts';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.ts';
import type { Doc } from '../../platform/readstore/port.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { ProjectionRunner } from '../../platform/projection/runner.ts';
import { REVIEW_ELIGIBILITY, reviews } from './projection.ts';
import { REVIEWS } from './projection.ts';
import { PUNE_ADDRESS } from '../../domain/order/addresses.fixtures.ts';

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
  return { reviews: await all(REVIEWS), eligibility: await all(REVIEW_ELIGIBILITY) };
}

const line = (productId: string, sellerId = 'seller-1'): OrderLine => ({
  productId,
  name: productId,
  pricePaise: 10_000,
  quantity: 1,
  imageUrl: null,
  sellerId,
  sellerName: sellerId,
  categoryId: 'textiles',
});

const placedData = (orderId: string, lines: OrderLine[]) => ({
  orderId,
  buyerId,
  buyerName: 'Asha Rao',
  lines,
  shippingAddress: PUNE_ADDRESS,
  delivery: 'standard' as const,
  payment: 'cod' as const,
  subtotalPaise: 0,
  deliveryChargePaise: 0,
  totalPaise: 0,
  placedAt: AT,
});

/** A purchase written before seller orders: one status for all of it. */
async function oldOrder(
  orderId: string,
  productIds: string[],
  ...then: Array<'OrderDelivered' | 'OrderCancelled'>
): Promise<void> {
  const placed: LegacyOrderEvent = {
    type: 'OrderPlaced',
    data: placedData(
      orderId,
      productIds.map((id) => line(id)),
    ),
  };
  const stamp = { orderId, by: 'seller-1', at: LATER };
  const after: LegacyOrderEvent[] = then.map((type) =>
    type === 'OrderCancelled' ? { type, data: { ...stamp, reason: 'Out of stock' } } : { type, data: stamp },
  );
  await events.append(orderStream(orderId), [placed, ...after], 'no_stream');
}

it('lets a buyer review each product of a delivered seller order, and only of that seller', async () => {
  const lines = [line('shawl', 'seller-1'), line('lamp', 'seller-2')];
  const sellerOrders = sellerOrdersOf('o-two', lines, AT);
  const part = (n: 0 | 1) => ({
    orderId: 'o-two',
    sellerOrderId: sellerOrders[n]!.sellerOrderId,
    sellerId: sellerOrders[n]!.sellerId,
    at: LATER,
  });
  const log: OrderEvent[] = [
    { type: 'OrderPlaced', data: { ...placedData('o-two', lines), sellerOrders } },
    {
      type: 'SellerOrderDelivered',
      data: { ...part(0), by: 'seller-1', settlement: [settleLine(lines[0]!, 1, 1000)] },
    },
    { type: 'SellerOrderCancelled', data: { ...part(1), by: 'seller-2', reason: 'Out of stock' } },
  ];
  await events.append(orderStream('o-two'), log, 'no_stream');
  const { eligibility } = await projected();
  expect(eligibility).toEqual([
    { id: 'buyer-1:shawl', buyerId, productId: 'shawl', orderId: 'o-two', deliveredAt: LATER },
  ]);
});

it('reads purchases written before seller orders: a delivered one lets its buyer review every product', async () => {
  await oldOrder('o-delivered', ['shawl', 'diya', 'shawl'], 'OrderDelivered');
  await oldOrder('o-cancelled', ['lamp'], 'OrderCancelled');
  await oldOrder('o-pending', ['saree']);
  const { eligibility } = await projected();
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
  const edited: ReviewEvent = {
    type: 'ReviewEdited',
    data: { productId: 'shawl', buyerId, rating: 3, comment: 'Pilled after a month.', at: LATER },
  };
  await events.append(reviewStream('shawl', buyerId), [submitted], 'no_stream');
  await events.append(reviewStream('shawl', buyerId), [edited], 0);
  const first = await projected();
  expect(first.reviews).toEqual([
    {
      id: 'shawl:buyer-1',
      productId: 'shawl',
      buyerId,
      authorName: 'Asha Rao',
      rating: 3,
      comment: 'Pilled after a month.',
      createdAt: AT,
      updatedAt: LATER,
    },
  ]);
  expect(await projected()).toEqual(first);
});
