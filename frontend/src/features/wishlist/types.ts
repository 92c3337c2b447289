import type { Data, server } from '../../api/client.ts';

/** GET /wishlist: the saved products, newest first, at their current price and stock. */
export type Wishlist = Data<typeof server.wishlist.$get>;
export type WishlistItem = Wishlist['items'][number];
export type WishlistProduct = WishlistItem['product'];

/** GET /wishlist/notifications: the buyer's notifications of saved products. */
export type WishlistUpdates = Data<typeof server.wishlist.notifications.$get>;
export type WishlistUpdate = WishlistUpdates['items'][number];
