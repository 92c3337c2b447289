import { describe, expect, it } from 'vitest';
import { type WishlistEvent, wishlistStream } from '../../domain/wishlist/events.ts';
import { projectionStores } from '../projection.fixtures.ts';
import { WISHLIST_ITEMS, wishlists } from './projection.ts';
import type { WishlistItemDoc } from './documents.ts';

const stores = projectionStores(wishlists);

const AT = '2024-05-01T10:00:00.000Z';
const LATER = '2024-05-02T10:00:00.000Z';
const saved = (userId: string, productId: string, at = AT): WishlistEvent => ({
  type: 'WishlistItemSaved',
  data: { userId, productId, at },
});
const removed = (userId: string, productId: string): WishlistEvent => ({
  type: 'WishlistItemRemoved',
  data: { userId, productId, at: LATER },
});
const record = (...events: WishlistEvent[]) =>
  stores.events.append(wishlistStream(events[0]!.data.userId), events, 'any');
const items = () => stores.read.collection<WishlistItemDoc>(WISHLIST_ITEMS).find({ sort: [['id', 'asc']] });

describe('wishlists projection', () => {
  it('keeps one document per saved product of each buyer, and drops removed ones', async () => {
    await record(saved('asha', 'diya'), saved('asha', 'shawl', LATER), removed('asha', 'diya'));
    await record(saved('ravi', 'diya'));
    await stores.runner().catchUp(wishlists.name);
    expect(await items()).toEqual([
      { id: 'asha:shawl', userId: 'asha', productId: 'shawl', variantId: null, savedAt: LATER },
      { id: 'ravi:diya', userId: 'ravi', productId: 'diya', variantId: null, savedAt: AT },
    ]);
  });

  it('gives the same documents rebuilt from zero, in batches of one', async () => {
    await record(saved('asha', 'diya'), removed('asha', 'diya'), saved('asha', 'diya', LATER));
    await stores.runner(1).catchUp(wishlists.name);
    const live = await items();
    await stores.read.reset(wishlists.name, [WISHLIST_ITEMS]);
    await stores.runner().catchUp(wishlists.name);
    expect(await items()).toEqual(live);
    expect(live).toEqual([{ id: 'asha:diya', userId: 'asha', productId: 'diya', variantId: null, savedAt: LATER }]);
  });
});
