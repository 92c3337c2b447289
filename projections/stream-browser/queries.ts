/** The stream browser's questions: an event's causes and effects (of the log), and the categories (of its read model). */
import { z } from '@hono/zod-openapi';
import type { EventStore, RecordedEvent } from '../../platform/eventstore/port.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { type EventLink, EventLinkSchema, type StreamCategoryDoc } from './documents.ts';
import { STREAM_CATEGORIES } from './projection.ts';

/** The most events of a correlation a chain lists, its first ones: some 100 KB of links. */
export const MAX_LINKS = 500;

/** A correlation's events as a chain lists them: the first `MAX_LINKS`, in log order. */
export interface Correlation {
  /** Every event recorded with the correlation id, those past `links` included. */
  events: number;
  links: EventLink[];
}

export const linkOf = ({ id, position, stream, revision, type, metadata }: RecordedEvent): EventLink => ({
  id,
  position,
  stream,
  revision,
  type,
  time: metadata.time,
  causationId: metadata.causationId,
});

/** The correlation's events, read from the log. */
export async function correlationOf(events: EventStore, correlationId: string): Promise<Correlation> {
  const correlated = await events.readCorrelation(correlationId, MAX_LINKS);
  return { events: correlated.total, links: correlated.events.map(linkOf) };
}

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
export function chainOf(link: EventLink, correlationId: string, correlation: Correlation): Chain {
  // A store whose correlations follow the log (KurrentDB's projection) may not list any yet.
  const known = correlation.links.length > 0;
  const timeline = known ? correlation.links : [link];
  const events = known ? correlation.events : 1;
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
    events,
    truncated: events > timeline.length,
    causes,
    causeOutside,
    caused: causedBy(link.id),
    timeline,
  };
}

/** Every stream category, most events first. */
export const streamCategories = (read: ReadStore) =>
  read.collection<StreamCategoryDoc>(STREAM_CATEGORIES).find({ sort: [['events', 'desc']] });
