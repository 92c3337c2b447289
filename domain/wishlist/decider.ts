import { type Actor, forbidden } from '../actor.ts';
import type { PurchaseFacts } from '../catalog/availability.ts';
import { type Decider, DomainError } from '../decider.ts';
import { type WishlistEvent, savedKey } from './events.ts';
import { english } from '../i18n/message.ts';

/** Beyond this the stream's state and the wishlist page stay small; a buyer removes some first. */
export const MAX_WISHLIST_ITEMS = 200;

/**
 * The wishlist of `actor` (stream `wishlist-{actor.userId}`). `product` is the product as the
 * API reads it when the command is sent.
 */
export type WishlistCommand =
  | {
      type: 'SaveToWishlist';
      actor: Actor;
      productId: string;
      /** A variant of a product with options (none: the product, whichever variant). */
      variantId?: string | undefined;
      product: Pick<PurchaseFacts, 'name' | 'sellerId' | 'available'>;
      at: string;
    }
  | { type: 'RemoveFromWishlist'; actor: Actor; productId: string; variantId?: string | undefined; at: string };

/** When each saved product (or variant, by savedKey) was saved, oldest first. */
export type WishlistState = Record<string, string>;

export const wishlistDecider: Decider<WishlistCommand, WishlistState, WishlistEvent> = {
  initialState: {},

  evolve(saved, { type, data }) {
    switch (type) {
      case 'WishlistItemSaved':
        return { ...saved, [savedKey(data)]: data.at };
      case 'WishlistItemRemoved': {
        const { [savedKey(data)]: _, ...rest } = saved;
        return rest;
      }
    }
  },

  decide(command, saved) {
    const { actor, productId, variantId, at } = command;
    if (!actor.roles.includes('buyer')) throw forbidden(/*i18n*/ 'Only buyers keep a wishlist');
    const data = { userId: actor.userId, productId, ...(variantId !== undefined && { variantId }), at };
    const key = savedKey(data);
    if (command.type === 'RemoveFromWishlist') {
      // Removing twice (a double click, two tabs) is not an error.
      return saved[key] === undefined ? [] : [{ type: 'WishlistItemRemoved', data }];
    }
    if (saved[key] !== undefined) return [];
    const { product } = command;
    if (product.sellerId === actor.userId)
      throw new DomainError('own_product', /*i18n*/ 'You cannot save your own product', 'forbidden');
    if (!product.available)
      throw new DomainError(
        'not_available',
        english(/*i18n*/ '"{name}" is not available', { name: product.name }),
        'conflict',
      );
    if (Object.keys(saved).length >= MAX_WISHLIST_ITEMS) {
      throw new DomainError(
        'wishlist_full',
        english(/*i18n*/ 'Your wishlist holds at most {max} products: remove some to save more', {
          max: MAX_WISHLIST_ITEMS,
        }),
        'conflict',
      );
    }
    return [{ type: 'WishlistItemSaved', data }];
  },
};

/**
 * The saved keys (savedKey: product ids, and product~variant for variants saved), newest first
 * (by time saved: an id that looks like a number would come first in key order).
 */
export const savedNewestFirst = (saved: WishlistState): string[] =>
  Object.entries(saved)
    .sort(([, a], [, b]) => (a < b ? 1 : a > b ? -1 : 0))
    .map(([key]) => key);
