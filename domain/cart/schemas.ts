import { z } from 'zod';
import { MAX_STOCK } from '../product/schemas.ts';

/** A product id in a body: the cart's and the wishlist's. */
export const productId = z.string({ error: 'Product is required' }).trim().min(1, 'Product is required').max(100);

const quantity = z.number({ error: 'Quantity must be a whole number' }).int('Quantity must be a whole number');

/** Body of "add to cart": one unit unless said otherwise (spec section 9). */
export const addToCartSchema = z.object({
  productId,
  quantity: quantity.min(1, 'Quantity must be at least 1').max(MAX_STOCK, 'Quantity is too large').default(1),
});

/** Body of "set the quantity of a line": zero or less removes it (spec section 4). */
export const setCartQuantitySchema = z.object({
  quantity: quantity.max(MAX_STOCK, 'Quantity is too large'),
});
