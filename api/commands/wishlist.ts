/** The wishlist's commands. Each answers with the saved product ids right after, read from the write side. */
import type { Actor } from '../../domain/actor.ts';
import { type WishlistCommand, savedNewestFirst, wishlistDecider } from '../../domain/wishlist/decider.ts';
import { wishlistStream } from '../../domain/wishlist/events.ts';
import type { CommandContext } from './context.ts';
import { DEFAULT_VARIANT_ID, VARIANT_MESSAGES, findVariant } from '../../domain/product/variants.ts';
import { ApiError } from '../http/errors.ts';
import { isForSale, loadProduct } from './product-facts.ts';

export interface WishlistChange {
  /** Every product saved (or with a variant saved), newest first: the hearts to show filled. */
  productIds: string[];
  /** The variants saved, newest first. */
  variants: Array<{ productId: string; variantId: string }>;
  position: number;
}

async function changeWishlist(cx: CommandContext, actor: Actor, command: WishlistCommand): Promise<WishlistChange> {
  const stream = wishlistStream(actor.userId);
  const { position } = await cx.streams.handle(stream, wishlistDecider, command, { actor: actor.userId });
  const { state } = await cx.streams.load(stream, wishlistDecider);
  const keys = savedNewestFirst(state).map((key) => key.split('~') as [string, string?]);
  return {
    productIds: [...new Set(keys.map(([productId]) => productId))],
    variants: keys.flatMap(([productId, variantId]) => (variantId === undefined ? [] : [{ productId, variantId }])),
    position,
  };
}

/** A variant saved names one of the product's, not its default variant: that one is the product itself. */
const variantSaved = (variantId: string | undefined) => (variantId === DEFAULT_VARIANT_ID ? undefined : variantId);

/**
 * Saves a product for sale, or one of its variants (404 for one never listed, or a variant it
 * does not have); saving it again changes nothing.
 */
export async function saveToWishlist(
  cx: CommandContext,
  actor: Actor,
  { productId, variantId }: { productId: string; variantId?: string | undefined },
): Promise<WishlistChange> {
  const product = await loadProduct(cx, productId);
  const variant = variantSaved(variantId);
  if (variant !== undefined && !findVariant(product.details, variant))
    throw new ApiError(404, 'not_found', VARIANT_MESSAGES.variantUnknown);
  const facts = { name: product.details.name, sellerId: product.sellerId, available: isForSale(product) };
  return changeWishlist(cx, actor, {
    type: 'SaveToWishlist',
    actor,
    productId,
    variantId: variant,
    product: facts,
    at: cx.now(),
  });
}

/** Removing a product (or a variant of it) that is not saved changes nothing. */
export const removeFromWishlist = (
  cx: CommandContext,
  actor: Actor,
  productId: string,
  variantId?: string,
): Promise<WishlistChange> =>
  changeWishlist(cx, actor, {
    type: 'RemoveFromWishlist',
    actor,
    productId,
    variantId: variantSaved(variantId),
    at: cx.now(),
  });
