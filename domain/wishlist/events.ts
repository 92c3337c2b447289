/** One stream per buyer: the products they saved, in the order saved. */
export const wishlistStream = (userId: string): string => `wishlist-${userId}`;

/** A saved product, or one variant of it (`variantId`, absent for the product as a whole). */
interface Saved {
  userId: string;
  productId: string;
  variantId?: string;
  at: string;
}

export type WishlistEvent = { type: 'WishlistItemSaved'; data: Saved } | { type: 'WishlistItemRemoved'; data: Saved };

/** What a wishlist entry is known by: the product id, or `${productId}~${variantId}` for a variant saved. */
export const savedKey = ({ productId, variantId }: { productId: string; variantId?: string | undefined }): string =>
  variantId === undefined ? productId : `${productId}~${variantId}`;
