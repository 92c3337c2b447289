/**
 * The conversations read model's documents (collections `threads`, one per seller order with a
 * message, and `thread_messages`) and what its queries answer: their schemas and the types
 * inferred from them. The projection imports only the types.
 */
import { z } from '@hono/zod-openapi';
import { ProductImageSchema } from '../catalog/documents.ts';

const PartySchema = z.enum(['buyer', 'seller']);

/** A thread as the read model keeps it: its parties and how many messages each has not read. */
export const ThreadDocSchema = z
  .object({
    id: z.string().openapi({ description: 'The seller order of the thread' }),
    orderId: z.string().openapi({ description: 'Its purchase' }),
    buyerId: z.string(),
    sellerId: z.string(),
    messageCount: z.number().int(),
    buyerUnread: z.number().int().openapi({ description: 'Messages of the seller the buyer has not read' }),
    sellerUnread: z.number().int().openapi({ description: 'Messages of the buyer the seller has not read' }),
    lastMessageAt: z.string(),
  })
  .openapi('Thread');
export type ThreadDoc = z.infer<typeof ThreadDocSchema>;

export const ThreadMessageSchema = z
  .object({
    id: z.string(),
    sellerOrderId: z.string(),
    /** 1 for the thread's first message. */
    seq: z.number().int(),
    from: PartySchema,
    text: z.string(),
    images: z.array(ProductImageSchema),
    at: z.string(),
  })
  .openapi('ThreadMessage');
export type ThreadMessageDoc = z.infer<typeof ThreadMessageSchema>;

/** One thread as a reader sees it: who they are in it, and its messages, oldest first. */
export const ThreadViewSchema = z
  .object({
    sellerOrderId: z.string(),
    orderId: z.string(),
    as: z
      .enum(['buyer', 'seller', 'staff'])
      .openapi({ description: 'Who reads it: a party, or an admin during a dispute' }),
    unread: z.number().int().openapi({ description: 'Messages the reader had not read (0 for staff)' }),
    messages: z.array(ThreadMessageSchema),
  })
  .openapi('ThreadView');
export type ThreadView = z.infer<typeof ThreadViewSchema>;

/** The signed-in user's threads, as buyer or seller, with their unread messages. */
export const ThreadListSchema = z
  .object({
    items: z
      .array(
        z.object({
          sellerOrderId: z.string(),
          orderId: z.string(),
          as: PartySchema,
          unread: z.number().int(),
          messageCount: z.number().int(),
          lastMessageAt: z.string(),
        }),
      )
      .openapi({ description: 'Latest message first' }),
    unread: z.number().int().openapi({ description: 'Unread messages over every thread: the header badge' }),
  })
  .openapi('ThreadList');
export type ThreadList = z.infer<typeof ThreadListSchema>;
