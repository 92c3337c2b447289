import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { AT, actors, given } from '../testing.ts';
import { MAX_WISHLIST_ITEMS, savedNewestFirst, wishlistDecider } from './decider.ts';
import type { WishlistEvent } from './events.ts';
import { saveToWishlistSchema } from './schemas.ts';

const actor = actors.buyer;
const userId = actor.userId;
const productId = 'p-1';
const diya = { name: 'Brass Diya', sellerId: actors.seller.userId, available: true };
const saved = (id = productId, at = AT): WishlistEvent => ({
  type: 'WishlistItemSaved',
  data: { userId, productId: id, at },
});
const removed: WishlistEvent = { type: 'WishlistItemRemoved', data: { userId, productId, at: AT } };
const save = (history: WishlistEvent[], product = diya, who: Actor = actor) =>
  given(wishlistDecider, history).when({ type: 'SaveToWishlist', actor: who, productId, product, at: AT });
const remove = (history: WishlistEvent[], who: Actor = actor) =>
  given(wishlistDecider, history).when({ type: 'RemoveFromWishlist', actor: who, productId, at: AT });

describe('SaveToWishlist', () => {
  it('saves a product, once', () => {
    save([]).then([saved()]);
    save([saved()]).then([]);
  });

  it('saves again after a removal', () => {
    save([saved(), removed]).then([saved()]);
  });

  it('is for buyers only', () => {
    save([], diya, actors.otherSeller).then({
      code: 'forbidden',
      kind: 'forbidden',
      message: 'Only buyers keep a wishlist',
    });
    save([], diya, actors.admin).then({ code: 'forbidden', kind: 'forbidden' });
  });

  it("refuses a seller's own product", () => {
    const sellerBuyer: Actor = { userId: actors.seller.userId, roles: ['buyer', 'seller'] };
    save([], diya, sellerBuyer).then({
      code: 'own_product',
      kind: 'forbidden',
      message: 'You cannot save your own product',
    });
  });

  it('refuses a product not for sale, but keeps one saved before it was delisted', () => {
    const delisted = { ...diya, available: false };
    save([], delisted).then({ code: 'not_available', kind: 'conflict', message: '"Brass Diya" is not available' });
    save([saved()], delisted).then([]);
  });

  it(`holds at most ${MAX_WISHLIST_ITEMS} products`, () => {
    const full = Array.from({ length: MAX_WISHLIST_ITEMS }, (_, i) => saved(`other-${i}`));
    save(full).then({ code: 'wishlist_full', kind: 'conflict' });
    save([...full.slice(1)]).then([saved()]);
  });
});

describe('RemoveFromWishlist', () => {
  it('removes a saved product, and nothing the second time', () => {
    remove([saved()]).then([removed]);
    remove([saved(), removed]).then([]);
    remove([]).then([]);
  });

  it('is for buyers only', () => {
    remove([], actors.seller).then({ code: 'forbidden', kind: 'forbidden' });
  });
});

it('lists the saved products newest first, whatever their ids look like', () => {
  const state = [
    saved('20', '2024-05-01T10:00:00.000Z'),
    saved('b', '2024-05-02T10:00:00.000Z'),
    saved('3', '2024-05-03T10:00:00.000Z'),
  ].reduce(wishlistDecider.evolve, wishlistDecider.initialState);
  expect(savedNewestFirst(state)).toEqual(['3', 'b', '20']);
});

it('takes a product id, trimmed', () => {
  expect(saveToWishlistSchema.parse({ productId: ' p-1 ' })).toEqual({ productId: 'p-1' });
  expect(saveToWishlistSchema.safeParse({}).success).toBe(false);
  expect(saveToWishlistSchema.safeParse({ productId: 'x'.repeat(101) }).success).toBe(false);
});
