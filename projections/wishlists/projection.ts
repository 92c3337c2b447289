/** The buyers' wishlists: one document per saved product, so a page reads one buyer's by index. */
import { type WishlistEvent, savedKey } from '../../domain/wishlist/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { WishlistItemDoc } from './documents.ts';

export const WISHLIST_ITEMS = 'wishlist_items';

/** `${userId}:${productId}`, or `${userId}:${productId}~${variantId}` for a variant saved. */
export const wishlistItemId = (userId: string, saved: { productId: string; variantId?: string }): string =>
  `${userId}:${savedKey(saved)}`;

export const wishlists: Projection = {
  name: 'wishlists',
  // 2: a variant saved is an item of its own.
  version: 2,
  collections: [{ name: WISHLIST_ITEMS, indexes: [['userId', 'savedAt']] }],
  eventTypes: new Set<WishlistEvent['type']>(['WishlistItemSaved', 'WishlistItemRemoved']),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const { type, data } = recorded as WishlistEvent & RecordedEvent;
    const id = wishlistItemId(data.userId, data);
    if (type === 'WishlistItemSaved')
      work.put<WishlistItemDoc>(WISHLIST_ITEMS, {
        id,
        userId: data.userId,
        productId: data.productId,
        variantId: data.variantId ?? null,
        savedAt: data.at,
      });
    else work.delete(WISHLIST_ITEMS, id);
  },
};
