/**
 * The help requests read model's documents (collection `help_requests`, one per help request)
 * and what its queries answer: their schemas and the types inferred from them. The projection
 * imports only the types.
 */
import { z } from '@hono/zod-openapi';
import { DISPUTE_OUTCOMES, HELP_REASONS, HELP_RESOLUTIONS } from '../../domain/dispute/events.ts';
import { ProductImageSchema } from '../catalog/documents.ts';

const money = z.number().int();

export const HELP_STATUSES = ['open', 'answered', 'resolved', 'escalated', 'decided'] as const;

/** One step of a help request, as both sides read it: who said what, and what it gave back. */
const HelpStepSchema = z.object({
  kind: z.enum(['requested', 'answered', 'resolved', 'escalated', 'decided']),
  by: z.enum(['buyer', 'seller', 'mibi']),
  text: z.string().openapi({ description: "Their words: the request, an answer, a resolution's note, MIBI's reason" }),
  resolution: z.enum(HELP_RESOLUTIONS).nullable(),
  outcome: z.enum(DISPUTE_OUTCOMES).nullable(),
  refundPaise: money.nullable().openapi({ description: 'What the step gives back to the buyer' }),
  at: z.string(),
});
export type HelpStep = z.infer<typeof HelpStepSchema>;

export const HelpRequestSchema = z
  .object({
    id: z.string().openapi({ description: '`${sellerOrderId}-H${n}`' }),
    orderId: z.string(),
    sellerOrderId: z.string(),
    shortId: z.string().openapi({ description: 'The seller order as people are shown it, e.g. 3f2b9c1e-2' }),
    buyerId: z.string(),
    sellerId: z.string(),
    reason: z.enum(HELP_REASONS),
    text: z.string(),
    images: z.array(ProductImageSchema),
    status: z.enum(HELP_STATUSES).openapi({
      description:
        'open: waiting for the seller; answered; resolved by the seller; escalated: a dispute MIBI decides; decided by MIBI',
    }),
    answerBy: z.string().openapi({ description: 'Until when the seller answers; after it the buyer may ask MIBI' }),
    escalatedAt: z.string().nullable(),
    refundedPaise: money.openapi({ description: 'What the seller and MIBI gave back in all' }),
    steps: z.array(HelpStepSchema).openapi({ description: 'Oldest first' }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('HelpRequest');
export type HelpRequestDoc = z.infer<typeof HelpRequestSchema>;

export const HelpRequestListSchema = z.object({ items: z.array(HelpRequestSchema) }).openapi('HelpRequestList');
export type HelpRequestList = z.infer<typeof HelpRequestListSchema>;
