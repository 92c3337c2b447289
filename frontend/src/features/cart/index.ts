/** What other features use of the cart. */
export { addToCart } from './cartCommands.ts';
export { cartCount } from './cartCount.ts';
export { CartLink } from './CartLink.tsx';
export { CartLoadFailed, EmptyCart } from './CartNotices.tsx';
export { CartTab } from './CartTab.tsx';
export { orderable } from './shortage.ts';
export { StockFlag } from './StockFlag.tsx';
export type { Cart } from './types.ts';
export { useCart } from './useCart.ts';
