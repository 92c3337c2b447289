/** The wishlist's commands. Each answers with the saved product ids right after, read from the write side. */
import type { Actor } from '../../domain/actor.ts';
import { type WishlistCommand, savedNewestFirst, wishlistDecider } from '../../domain/wishlist/decider.ts';
import { wishlistStream } from '../../domain/wishlist/events.ts';
import type { CommandContext } from './context.ts';
import { isForSale, loadProduct } from './product-facts.ts';

export interface WishlistChange {
  /** Every product saved, newest first: the hearts to show filled. */
  productIds: string[];
  position: number;
}

async function changeWishlist(cx: CommandContext, actor: Actor, command: WishlistCommand): Promise<WishlistChange> {
  const stream = wishlistStream(actor.userId);
  const { position } = await cx.streams.handle(stream, wishlistDecider, command, { actor: actor.userId });
  const { state } = await cx.streams.load(stream, wishlistDecider);
  return { productIds: savedNewestFirst(state), position };
}

/** Saves a product for sale (404 for one never listed); saving it again changes nothing. */
export async function saveToWishlist(cx: CommandContext, actor: Actor, productId: string): Promise<WishlistChange> {
  const product = await loadProduct(cx, productId);
  const facts = { name: product.details.name, sellerId: product.sellerId, available: isForSale(product) };
  return changeWishlist(cx, actor, { type: 'SaveToWishlist', actor, productId, product: facts, at: cx.now() });
}

/** Removing a product that is not saved changes nothing. */
export const removeFromWishlist = (cx: CommandContext, actor: Actor, productId: string): Promise<WishlistChange> =>
  changeWishlist(cx, actor, { type: 'RemoveFromWishlist', actor, productId, at: cx.now() });
