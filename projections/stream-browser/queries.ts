/** The stream browser's questions of its read model: an event's causes and effects, and the categories. */
import { z } from '@hono/zod-openapi';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { type CorrelationDoc, type EventLink, EventLinkSchema, type StreamCategoryDoc } from './documents.ts';
import { CORRELATIONS, STREAM_CATEGORIES } from './projection.ts';

/** An event and the events it caused, each with theirs. */
export interface CausedNode {
  event: EventLink;
  caused: CausedNode[];
}

export const CausedNodeSchema: z.ZodType<CausedNode> = z
  .lazy(() => z.object({ event: EventLinkSchema, caused: z.array(CausedNodeSchema) }))
  // Written out: the generator cannot describe a recursive schema by itself.
  .openapi('CausedNode', {
    type: 'object',
    properties: {
      event: { $ref: '#/components/schemas/EventLink' },
      caused: { type: 'array', items: { $ref: '#/components/schemas/CausedNode' } },
    },
    required: ['event', 'caused'],
  });

export const ChainSchema = z
  .object({
    correlationId: z.string(),
    events: z.number().int().openapi({ description: 'Events recorded with this correlation id' }),
    truncated: z
      .boolean()
      .openapi({ description: 'The correlation has more events than the index lists: the chain shows its first ones' }),
    causes: z
      .array(EventLinkSchema)
      .openapi({ description: 'What caused the event: its first cause first, the direct cause last' }),
    causeOutside: z.string().nullable().openapi({
      description: 'The id of a cause the correlation does not list (another correlation, or past the first events)',
    }),
    caused: z
      .array(CausedNodeSchema)
      .openapi({ description: 'The events it caused, each with what it caused in turn' }),
    timeline: z.array(EventLinkSchema).openapi({ description: 'Every listed event of the correlation, in log order' }),
  })
  .openapi('EventChain');
export type Chain = z.infer<typeof ChainSchema>;

/**
 * What caused the event `link` and what it caused, within its correlation: the causes by
 * walking `causationId` up, the effects by following the events naming it (and theirs) down.
 * Links are made by the log, so a cycle cannot occur; the walks still never visit one twice.
 */
export function chainOf(link: EventLink, correlationId: string, doc: CorrelationDoc | null): Chain {
  const timeline = doc?.links ?? [link];
  const byId = new Map(timeline.map((l) => [l.id, l]));
  const children = new Map<string, EventLink[]>();
  for (const l of timeline) {
    if (l.causationId === null) continue;
    const siblings = children.get(l.causationId);
    if (siblings) siblings.push(l);
    else children.set(l.causationId, [l]);
  }
  const seen = new Set([link.id]);
  const causes: EventLink[] = [];
  let causeId = link.causationId;
  while (causeId !== null) {
    const cause = byId.get(causeId);
    if (!cause || seen.has(cause.id)) break;
    seen.add(cause.id);
    causes.unshift(cause);
    causeId = cause.causationId;
  }
  const causeOutside = causeId !== null && !byId.has(causeId) ? causeId : null;
  const causedBy = (id: string): CausedNode[] => {
    const fresh = (children.get(id) ?? []).filter((child) => !seen.has(child.id));
    for (const child of fresh) seen.add(child.id);
    return fresh.map((child) => ({ event: child, caused: causedBy(child.id) }));
  };
  return {
    correlationId,
    events: doc?.events ?? 1,
    truncated: (doc?.events ?? 1) > timeline.length,
    causes,
    causeOutside,
    caused: causedBy(link.id),
    timeline,
  };
}

/** The correlation's document, or null when the index has not reached it yet. */
export const correlationOf = (read: ReadStore, correlationId: string) =>
  read.collection<CorrelationDoc>(CORRELATIONS).get(correlationId);

/** Every stream category, most events first. */
export const streamCategories = (read: ReadStore) =>
  read.collection<StreamCategoryDoc>(STREAM_CATEGORIES).find({ sort: [['events', 'desc']] });
