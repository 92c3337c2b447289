/**
 * The stream browser's reads (README, "Stream browser"): streams found in the log-stats read
 * model, a stream's events from the event store (a stream is addressed by the position of one of its events), an event's causes and effects from the
 * stream-browser index. Everything a viewer gets passes through their `StreamLens`, so names and
 * payloads are pseudonymized unless an admin revealed them.
 */
import { z } from '@hono/zod-openapi';
import type { EventStore, RecordedEvent } from '../../platform/eventstore/port.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { findPage, type Page, type Paging } from '../../platform/readstore/paging.ts';
import { STREAMS, type StreamStats, streamCategory } from '../../projections/log-stats.ts';
import {
  type CausedNode,
  ChainSchema,
  chainOf,
  correlationOf,
  linkOf,
} from '../../projections/stream-browser/queries.ts';
import { ApiError } from '../http/errors.ts';
import type { StreamLens } from './lens.ts';

export const StreamSummarySchema = z
  .object({
    stream: z.string().openapi({ example: 'order-6f1c2e1a-8f51-4f0e-9f7a-2d7f3c9a1b20' }),
    category: z.string().openapi({ example: 'order' }),
    events: z.number().int(),
    firstPosition: z.number().int().openapi({
      description: 'Position of its first event: how the stream is opened (GET /api/streams/{position}/events)',
    }),
    lastPosition: z.number().int(),
    lastEventAt: z.string(),
  })
  .openapi('StreamSummary');
export type StreamSummary = z.infer<typeof StreamSummarySchema>;

export const StreamEventSchema = z
  .object({
    id: z.string(),
    position: z.number().int(),
    revision: z.number().int(),
    type: z.string(),
    time: z.string(),
    actor: z
      .string()
      .nullable()
      .openapi({ description: 'Who acted (a pseudonym unless revealed); null for the system' }),
    correlationId: z.string(),
    causationId: z.string().nullable(),
    data: z
      .unknown()
      .openapi({ description: 'The payload as recorded (personal fields pseudonymized unless revealed)' }),
  })
  .openapi('StreamEvent');
export type StreamEvent = z.infer<typeof StreamEventSchema>;

export const StreamPageSchema = z
  .object({
    stream: z.string(),
    category: z.string(),
    firstPosition: z.number().int(),
    revealed: z.boolean().openapi({ description: 'Whether names and payloads are shown as recorded (an admin asked)' }),
    items: z.array(StreamEventSchema),
    total: z.number().int().openapi({ description: 'Events in the stream' }),
  })
  .openapi('StreamPage');
export type StreamPage = z.infer<typeof StreamPageSchema>;

export const EventChainAnswerSchema = z
  .object({ event: StreamEventSchema, stream: z.string(), chain: ChainSchema })
  .openapi('EventChainAnswer');

export interface StreamSearch {
  /** Part of the stream's name: a prefix such as `order-`, or a fragment of its id. */
  q?: string | undefined;
  category?: string | undefined;
}

/**
 * The streams matching `search`, most recently active first. A category is looked up by its
 * index; the text is matched here, on the names as the viewer sees them (so a pseudonymized
 * name is never found by what it hides).
 */
export async function findStreams(
  read: ReadStore,
  lens: StreamLens,
  { q, category }: StreamSearch,
  paging: Paging,
): Promise<Page<StreamSummary>> {
  const text = q?.trim().toLowerCase();
  const page = await findPage(
    read.collection<StreamStats>(STREAMS),
    { ...(category && { where: { category } }), sort: [['lastPosition', 'desc']] },
    paging,
    text ? (doc) => lens.stream(doc.id).toLowerCase().includes(text) : undefined,
  );
  return {
    total: page.total,
    items: page.items.map((doc) => ({
      stream: lens.stream(doc.id),
      category: doc.category,
      events: doc.events,
      firstPosition: doc.firstPosition,
      lastPosition: doc.lastPosition,
      lastEventAt: doc.lastEventAt,
    })),
  };
}

/** How the viewer sees one recorded event. */
function eventView(lens: StreamLens, recorded: RecordedEvent): StreamEvent {
  const { id, position, revision, type, data, metadata } = lens.event(recorded);
  const { actor, correlationId, causationId, time } = metadata;
  return { id, position, revision, type, time, actor, correlationId, causationId, data };
}

const noEvent = () => new ApiError(404, 'not_found', /*i18n*/ 'No event at this position');

/** The event at `position` of the log, or a 404. */
async function eventAt(events: EventStore, position: number): Promise<RecordedEvent> {
  const [recorded] = await events.readAll({ after: position - 1, limit: 1 });
  if (recorded?.position !== position) throw noEvent();
  return recorded;
}

/** The name of the stream holding the event at `position`; streams are addressed so, as analysts see no names. */
export const streamAt = async (events: EventStore, position: number): Promise<string> =>
  (await eventAt(events, position)).stream;

/** A page of the stream's events, in order (`offset` is the first revision). */
export async function streamPage(
  events: EventStore,
  lens: StreamLens,
  stream: string,
  { limit, offset }: Paging,
): Promise<StreamPage> {
  const recorded = await events.readStream(stream, { fromRevision: offset, limit });
  const [first] = offset === 0 ? recorded : await events.readStream(stream, { limit: 1 });
  return {
    stream: lens.stream(stream),
    category: streamCategory(stream),
    firstPosition: first!.position,
    revealed: lens.revealed,
    items: recorded.map((event) => eventView(lens, event)),
    total: (await events.streamRevision(stream)) + 1,
  };
}

/** The event at `position` of the log, with what caused it and what it caused. */
export async function eventChain(
  events: EventStore,
  lens: StreamLens,
  position: number,
): Promise<z.infer<typeof EventChainAnswerSchema>> {
  const recorded = await eventAt(events, position);
  const { correlationId } = recorded.metadata;
  const chain = chainOf(linkOf(recorded), correlationId, await correlationOf(events, correlationId));
  const node = ({ event, caused }: CausedNode): CausedNode => ({ event: lens.link(event), caused: caused.map(node) });
  const seen = eventView(lens, recorded);
  return {
    event: seen,
    stream: lens.stream(recorded.stream),
    chain: {
      ...chain,
      correlationId: seen.correlationId,
      causeOutside:
        chain.causeOutside && lens.link({ ...linkOf(recorded), causationId: chain.causeOutside }).causationId,
      causes: chain.causes.map(lens.link),
      caused: chain.caused.map(node),
      timeline: chain.timeline.map(lens.link),
    },
  };
}
