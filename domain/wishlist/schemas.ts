import { z } from 'zod';
import { productId } from '../cart/schemas.ts';

/** Body of "save to the wishlist". */
export const saveToWishlistSchema = z.object({ productId });
