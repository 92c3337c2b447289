/**
 * The buyers' notifications read model's document (collection `buyer_notifications`) and the
 * list its query answers: their schemas and the types inferred from them. The routes answer
 * with these schemas; the projection imports only the types, so the threads that run it never
 * load them.
 */
import { z } from '@hono/zod-openapi';
import type { WishlistAlertKind } from '../../domain/wishlist/alerts.ts';

/** A notice to a buyer about a product they saved (id: the notification id). */
export const BuyerNotificationSchema = z
  .object({
    id: z.string(),
    buyerId: z.string(),
    productId: z.string(),
    kind: z.enum(['price_drop', 'back_in_stock']) satisfies z.ZodType<WishlistAlertKind>,
    title: z.string().openapi({ example: 'Price drop: Brass Diya' }),
    body: z.string().openapi({ example: 'Now ₹399.00, was ₹499.00.' }),
    read: z.boolean(),
    createdAt: z.string(),
    // Orders notices raised within the same millisecond.
    position: z
      .number()
      .int()
      .openapi({ description: 'The log position that raised it: notices are listed by it, newest first' }),
  })
  .openapi('BuyerNotification');
export type BuyerNotificationDoc = z.infer<typeof BuyerNotificationSchema>;

/** A buyer's latest notifications, and how many of all theirs are unread. */
export const BuyerNotificationListSchema = z
  .object({
    items: z.array(BuyerNotificationSchema).openapi({ description: 'Newest first' }),
    unread: z.number().int().openapi({ description: 'Unread notifications in all, not only in this page' }),
  })
  .openapi('BuyerNotificationList');
export type BuyerNotificationList = z.infer<typeof BuyerNotificationListSchema>;
