/** One stream per buyer: the products they saved, in the order saved. */
export const wishlistStream = (userId: string): string => `wishlist-${userId}`;

export type WishlistEvent =
  | { type: 'WishlistItemSaved'; data: { userId: string; productId: string; at: string } }
  | { type: 'WishlistItemRemoved'; data: { userId: string; productId: string; at: string } };
