/**
 * The wishlists read model's document (collection `wishlist_items`) and the wishlist its query
 * answers: their schemas and the types inferred from them. The routes answer with these
 * schemas; the projection imports only the types, so the threads that run it never load them.
 */
import { z } from '@hono/zod-openapi';
import { ASK_FIRST, type SavedProduct } from '../../domain/wishlist/saved-product.ts';
import { TranslatedNamesSchema } from '../catalog/documents.ts';

/** One saved product of a buyer, or one variant of it (id `${userId}:${productId}`, `${userId}:${productId}~${variantId}`). */
export const WishlistItemSchema = z.object({
  id: z.string(),
  userId: z.string(),
  productId: z.string(),
  variantId: z.string().nullable().openapi({ description: 'The variant saved; null for the product as a whole' }),
  savedAt: z.string(),
});
export type WishlistItemDoc = z.infer<typeof WishlistItemSchema>;

/** A saved product as the catalog has it now: its price and stock, and whether it is still on sale. */
export const WishlistProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    names: TranslatedNamesSchema,
    sellerName: z.string(),
    pricePaise: z.number().int(),
    originalPricePaise: z.number().int().nullable(),
    percentOff: z.number().int().nullable(),
    imageUrl: z.string().nullable(),
    stockQuantity: z.number().int().openapi({ description: "The variant's stock when one is saved" }),
    variantLabel: z.string().openapi({ description: "The variant saved, e.g. 'Size 8 · Tan'; '' for the product" }),
    asksFirst: z.enum(ASK_FIRST).nullable().openapi({
      description:
        "What Add to Cart must ask on the product page first: 'variant' for a product with options saved as a whole, 'answers' for a required personalisation question; null when it adds as saved",
    }),
    // In the public catalog (verified, listed, seller not suspended).
    available: z
      .boolean()
      .openapi({ description: 'In the public catalog: false for a product delisted since it was saved' }),
  })
  .openapi('WishlistProduct') satisfies z.ZodType<SavedProduct>;
export type WishlistProduct = z.infer<typeof WishlistProductSchema>;

export const WishlistSchema = z
  .object({
    items: z
      .array(
        WishlistItemSchema.pick({ productId: true, variantId: true, savedAt: true })
          .extend({ product: WishlistProductSchema })
          .openapi('WishlistItem'),
      )
      .openapi({ description: 'Newest first' }),
    count: z.number().int(),
  })
  .openapi('Wishlist');
export type Wishlist = z.infer<typeof WishlistSchema>;
