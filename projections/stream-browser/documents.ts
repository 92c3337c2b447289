/**
 * The stream browser's shapes: the links it draws chains of, and its read model (collection
 * `stream_categories`), the categories of streams with their counts. The routes answer with
 * these schemas; the projection imports only the types.
 */
import { z } from '@hono/zod-openapi';

/** Where one event is, and what it links to: enough to draw a chain and open the event. */
export const EventLinkSchema = z
  .object({
    id: z.string(),
    position: z.number().int(),
    stream: z.string(),
    revision: z.number().int(),
    type: z.string(),
    time: z.string(),
    causationId: z.string().nullable().openapi({ description: 'The id of the event that caused this one' }),
  })
  .openapi('EventLink');
export type EventLink = z.infer<typeof EventLinkSchema>;

/** One category of streams (id: `order` for `order-...`) and how much of the log it holds. */
export const StreamCategorySchema = z
  .object({
    id: z.string().openapi({ example: 'order' }),
    streams: z.number().int(),
    events: z.number().int(),
    lastEventAt: z.string(),
  })
  .openapi('StreamCategory');
export type StreamCategoryDoc = z.infer<typeof StreamCategorySchema>;
