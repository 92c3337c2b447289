import { z } from 'zod';
import { givenAnswersSchema } from '../product/personalisation.ts';
import { MAX_STOCK } from '../product/schemas.ts';

/** A product id in a body: the cart's and the wishlist's. */
export const productId = z
  .string({ error: /*i18n*/ 'Product is required' })
  .trim()
  .min(1, /*i18n*/ 'Product is required')
  .max(100);

const quantity = z
  .number({ error: /*i18n*/ 'Quantity must be a whole number' })
  .int(/*i18n*/ 'Quantity must be a whole number');

const VARIANT_INVALID = 'Choose one of the variants of this product';

/** A variant id in a body: absent for a product sold as one thing. */
export const variantId = z.string({ error: VARIANT_INVALID }).trim().min(1, VARIANT_INVALID).max(40, VARIANT_INVALID);

/**
 * Body of "add to cart": one unit unless said otherwise (spec section 9), of the variant named
 * (none: the product's default variant, refused for a product with options), with the answers to
 * the product's questions (checked against them by the command: personalisation.ts answersTo).
 */
export const addToCartSchema = z.object({
  productId,
  variantId: variantId.optional(),
  personalisation: givenAnswersSchema.default([]),
  quantity: quantity
    .min(1, /*i18n*/ 'Quantity must be at least 1')
    .max(MAX_STOCK, /*i18n*/ 'Quantity is too large')
    .default(1),
});

/** Body of "set the quantity of a line": zero or less removes it (spec section 4). */
export const setCartQuantitySchema = z.object({
  quantity: quantity.max(MAX_STOCK, /*i18n*/ 'Quantity is too large'),
});
