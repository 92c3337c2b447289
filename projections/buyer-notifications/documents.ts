/**
 * The buyers' notifications read model's document (collection `buyer_notifications`) and the
 * list its query answers: their schemas and the types inferred from them. The routes answer
 * with these schemas; the projection imports only the types, so the threads that run it never
 * load them.
 */
import { z } from '@hono/zod-openapi';
import { BUYER_NOTICES } from '../../domain/notification/notices.ts';
import { WISHLIST_ALERT_KINDS } from '../../domain/wishlist/alerts.ts';

/** The two lists a buyer's notices fall in: of saved products, and of their orders. */
export const BUYER_TOPICS = ['wishlist', 'orders'] as const;
export type BuyerTopic = (typeof BUYER_TOPICS)[number];

/** A notice to a buyer: about a product they saved, or a seller's move on their order (id: the notification id). */
export const BuyerNotificationSchema = z
  .object({
    id: z.string(),
    buyerId: z.string(),
    topic: z.enum(BUYER_TOPICS),
    kind: z.enum([...WISHLIST_ALERT_KINDS, ...BUYER_NOTICES]),
    productId: z.string().nullable().openapi({ description: 'The saved product; null for an order' }),
    orderId: z.string().nullable().openapi({ description: 'The purchase; null for a saved product' }),
    sellerOrderId: z.string().nullable().openapi({ description: 'Its part told of; null for a saved product' }),
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

/** A buyer's latest notifications of one topic, and how many of all theirs of it are unread. */
export const BuyerNotificationListSchema = z
  .object({
    items: z.array(BuyerNotificationSchema).openapi({ description: 'Newest first' }),
    unread: z.number().int().openapi({ description: 'Unread notifications in all, not only in this page' }),
  })
  .openapi('BuyerNotificationList');
export type BuyerNotificationList = z.infer<typeof BuyerNotificationListSchema>;
