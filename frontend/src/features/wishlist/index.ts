/** What other features use of the wishlist: the heart of product cards and product pages. */
export { WishlistHeart } from './WishlistHeart.tsx';
