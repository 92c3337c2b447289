/**
 * The stream browser's read model (collections `stream_correlations` and `stream_categories`):
 * what lets it follow causation and correlation without scanning the log, and list the
 * categories of streams with their counts. The routes answer with these schemas; the projection
 * imports only the types.
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

/**
 * One correlation (id: the correlation id, e.g. a purchase's order id) with its events in log
 * order: the first `MAX_LINKS` of them, so a document stays bounded however long it runs.
 */
export type CorrelationDoc = {
  id: string;
  /** Every event recorded with this correlation id, those past `links` included. */
  events: number;
  links: EventLink[];
};

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

/** The most events a correlation document lists: some 100 KB of links. */
export const MAX_LINKS = 500;
