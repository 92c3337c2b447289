import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { NotificationEvent } from '../domain/notification/events.ts';
import { type ProductEvent, productStream } from '../domain/product/events.ts';
import { type WishlistEvent, wishlistStream } from '../domain/wishlist/events.ts';
import { MemoryBus } from '../platform/bus/memory.ts';
import { SqliteEventStore } from '../platform/eventstore/sqlite.ts';
import { Streams, isOneOf } from '../platform/eventstore/streams.ts';
import { ProjectionRunner } from '../platform/projection/runner.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { WISHLIST_REACTOR, WISHLIST_WATCHERS, wishlistReactor } from './wishlist-alerts.ts';

const AT = '2024-05-01T10:00:00.000Z';
const diya = 'diya';
const stamp = { productId: diya, by: 'meera', at: AT };

let events: SqliteEventStore;
let read: SqliteReadStore;
beforeEach(() => {
  events = new SqliteEventStore(':memory:');
  read = new SqliteReadStore(':memory:');
});
afterEach(async () => {
  await read.close();
  await events.close();
});

const runner = (batchSize = 500) =>
  new ProjectionRunner({
    events,
    read,
    bus: new MemoryBus(),
    projections: [wishlistReactor(new Streams(events))],
    batchSize,
  });
const catchUp = (batchSize?: number) => runner(batchSize).catchUp(WISHLIST_REACTOR);

const onProduct = (...changes: ProductEvent[]) => events.append(productStream(diya), changes, 'any');
const onWishlist = (userId: string, type: WishlistEvent['type']) =>
  events.append(wishlistStream(userId), [{ type, data: { userId, productId: diya, at: AT } }], 'any');
const priced = (from: number, to: number): ProductEvent => ({
  type: 'ProductUpdated',
  data: { ...stamp, before: { pricePaise: from }, after: { pricePaise: to } },
});
const stock = (from: number, to: number): ProductEvent => ({
  type: 'StockAdjusted',
  data: { ...stamp, from, to, reason: 'manual' },
});

type BuyerNotified = Extract<NotificationEvent, { type: 'BuyerNotified' }>;
const BUYER_NOTIFIED: ReadonlySet<BuyerNotified['type']> = new Set(['BuyerNotified']);

/** Every buyer notification in the log, as [buyer, title]. */
async function told(): Promise<Array<[string, string]>> {
  return (await events.readAll()).flatMap((event) =>
    isOneOf<BuyerNotified>(event, BUYER_NOTIFIED) ? [[event.data.buyerId, event.data.title] as [string, string]] : [],
  );
}

beforeEach(async () => {
  await onProduct(
    {
      type: 'ProductListed',
      data: {
        ...stamp,
        sellerId: 'meera',
        name: 'Brass Diya',
        description: 'Hand-cast',
        pricePaise: 499_00,
        originalPricePaise: null,
        categoryId: 'handicrafts',
        imageUrl: null,
        tags: [],
        stockQuantity: 1,
        listedAt: AT,
      },
    },
    { type: 'ProductVerified', data: stamp },
  );
});

describe('the wishlist reactor', () => {
  it('tells the buyers who have the product saved at the time of a price drop or of stock again', async () => {
    await onWishlist('asha', 'WishlistItemSaved');
    await onWishlist('ravi', 'WishlistItemSaved');
    await onWishlist('ravi', 'WishlistItemRemoved');
    await onProduct(priced(499_00, 399_00), priced(399_00, 450_00), stock(1, 0));
    await onWishlist('kiran', 'WishlistItemSaved');
    await onProduct(stock(0, 6));
    await catchUp();
    expect(await told()).toEqual([
      ['asha', 'Price drop: Brass Diya'],
      ['asha', 'Back in stock: Brass Diya'],
      ['kiran', 'Back in stock: Brass Diya'],
    ]);
  });

  it('tells no one of a product not for sale at the time', async () => {
    await onWishlist('asha', 'WishlistItemSaved');
    await onProduct({ type: 'ProductDelisted', data: stamp }, priced(499_00, 399_00));
    await catchUp();
    expect(await told()).toEqual([]);
  });

  it('forgets a product once nobody has it saved', async () => {
    await onWishlist('asha', 'WishlistItemSaved');
    await onWishlist('asha', 'WishlistItemRemoved');
    await catchUp();
    expect(await read.collection(WISHLIST_WATCHERS).find()).toEqual([]);
  });

  describe('tells each buyer once', () => {
    beforeEach(async () => {
      await onWishlist('asha', 'WishlistItemSaved');
      await onProduct(priced(499_00, 399_00), stock(1, 0), stock(0, 2));
    });
    const once = [
      ['asha', 'Price drop: Brass Diya'],
      ['asha', 'Back in stock: Brass Diya'],
    ];

    it('when the reactor is replayed from zero', async () => {
      await catchUp();
      await read.reset(WISHLIST_REACTOR, [WISHLIST_WATCHERS]);
      expect(await read.checkpoint(WISHLIST_REACTOR)).toBe(0);
      await catchUp(1);
      expect(await told()).toEqual(once);
    });

    it('when a crash loses the checkpoint after the notifications were recorded', async () => {
      await catchUp();
      // The batch ran again from the last checkpoint: nothing was committed after the start.
      const work = read.unitOfWork();
      await read.commit(work, WISHLIST_REACTOR, 0);
      await catchUp();
      expect(await told()).toEqual(once);
    });

    it('when two processes pass the same events at once (a lease handover)', async () => {
      const other = new SqliteReadStore(':memory:');
      try {
        const second = new ProjectionRunner({
          events,
          read: other,
          bus: new MemoryBus(),
          projections: [wishlistReactor(new Streams(events))],
        });
        await Promise.all([catchUp(), second.catchUp(WISHLIST_REACTOR)]);
      } finally {
        await other.close();
      }
      expect(await told()).toEqual(once);
    });
  });
});
