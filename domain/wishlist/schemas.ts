import { z } from 'zod';
import { productId, variantId } from '../cart/schemas.ts';

/** Body of "save to the wishlist": a product, or one variant of it. */
export const saveToWishlistSchema = z.object({ productId, variantId: variantId.optional() });

/** Query of "remove from the wishlist": the variant saved, when one was. */
export const removeFromWishlistQuerySchema = z.object({ variantId: variantId.optional() });
