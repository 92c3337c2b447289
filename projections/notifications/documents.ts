/**
 * The seller notifications read model's document (collection `notifications`) and the list its
 * query answers: their schemas and the types inferred from them. The routes answer with these
 * schemas; the projection imports only the types, so the threads that run it never load them.
 */
import { z } from '@hono/zod-openapi';

/** A notice to a seller: a new order, an admin's decision about their products or standing, or a buyer's cancel, return request or review. */
export const NotificationSchema = z
  .object({
    id: z.string(),
    sellerId: z.string(),
    orderId: z.string().nullable().openapi({
      description:
        "The purchase; null for an admin's decision about the seller's products or standing, and for a review",
    }),
    // Also null when the log holds no OrderPlaced of its purchase (notification streams imported alone).
    sellerOrderId: z
      .string()
      .nullable()
      .openapi({ description: 'The seller order told of; null for a decision and a review' }),
    title: z.string().openapi({ example: 'New order #8d3f1c2a-2' }),
    body: z.string().openapi({
      description:
        "A new order: the seller's lines, one per line, and their total. A decision: the reason, then what it means for the seller. A buyer's move: what they did, and why",
    }),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('Notification');
export type NotificationDoc = z.infer<typeof NotificationSchema>;

/** A seller's latest notifications, and how many of all theirs are unread. */
export const NotificationListSchema = z
  .object({
    items: z.array(NotificationSchema).openapi({ description: 'Newest first' }),
    unread: z.number().int().openapi({ description: 'Unread notifications in all, not only in this page' }),
  })
  .openapi('NotificationList');
export type NotificationList = z.infer<typeof NotificationListSchema>;
