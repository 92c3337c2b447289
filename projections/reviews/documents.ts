/**
 * The reviews read model's document (collection `reviews`) and the list its query answers:
 * their schemas and the types inferred from them. The routes answer with these schemas; the
 * projection imports only the types, so the threads that run it never load them.
 */
import { z } from '@hono/zod-openapi';

/** A buyer's review of a product they received (id `${productId}:${buyerId}`): one each, edited in place. */
export const ReviewSchema = z
  .object({
    id: z.string(),
    productId: z.string(),
    buyerId: z.string(),
    authorName: z.string().openapi({ description: 'Full name of the buyer who wrote it' }),
    rating: z.number().int().min(1).max(5),
    comment: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Review');
export type ReviewDoc = z.infer<typeof ReviewSchema>;

/** The reviews of a product with their average rating. */
export const ReviewListSchema = z
  .object({
    items: z.array(ReviewSchema).openapi({ description: 'Newest first' }),
    count: z.number().int(),
    average: z.number().nullable().openapi({ description: 'Average rating to one decimal, null without reviews' }),
  })
  .openapi('ReviewList');
export type ReviewList = z.infer<typeof ReviewListSchema>;
