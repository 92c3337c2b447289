/**
 * The event catalog as served (`mibi events`, GET /api/admin/events): every event type recorded
 * in docs/events/catalog.json or seen in the log, with its versions and their JSON Schemas, the
 * upcasters that read its older shapes, and from the log its count and first and last time seen
 * (the log-stats read model's figures; the times read from the log at those positions).
 */
import { z } from '@hono/zod-openapi';
import recorded from '../../docs/events/catalog.json' with { type: 'json' };
import { latest, type RecordedCatalog, UPCASTERS } from '../../domain/event-catalog.ts';
import type { EventStore } from '../../platform/eventstore/port.ts';
import type { Platform } from '../../platform/platform.ts';
import { EVENT_TYPES, type EventTypeStats } from '../../projections/log-stats.ts';

const upcasterSchema = z.object({
  name: z.string().openapi({ example: 'upcastProductEvent' }),
  module: z.string().openapi({ example: 'domain/product/upcast.ts' }),
  reads: z.string(),
});

export const CatalogEntrySchema = z
  .object({
    type: z.string().openapi({ example: 'ReviewSubmitted' }),
    aggregate: z
      .string()
      .nullable()
      .openapi({ description: 'The domain folder its events are defined in; null for a type only the log knows' }),
    version: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'The current version; null when no schema is recorded for it' }),
    versions: z.array(
      z.object({
        version: z.number().int(),
        schema: z.record(z.string(), z.unknown()).openapi({ description: "The JSON Schema of the events' data" }),
      }),
    ),
    upcasters: z.array(upcasterSchema),
    events: z.number().int(),
    firstSeen: z.string().nullable(),
    lastSeen: z.string().nullable(),
  })
  .openapi('EventCatalogEntry');

export type CatalogEntry = z.infer<typeof CatalogEntrySchema>;

const catalog = recorded as RecordedCatalog;

async function timeAt(events: EventStore, position: number): Promise<string | null> {
  const [event] = await events.readAll({ after: position - 1, limit: 1 });
  return event?.metadata.time ?? null;
}

/** Every type, catalogued or seen, sorted by name. */
export async function eventCatalog({ events, read }: Pick<Platform, 'events' | 'read'>): Promise<CatalogEntry[]> {
  const stats = new Map(
    (await read.collection<EventTypeStats>(EVENT_TYPES).find()).map((type) => [type.id, type] as const),
  );
  const types = [...new Set([...Object.keys(catalog), ...stats.keys(), ...Object.keys(UPCASTERS)])].sort();
  return Promise.all(
    types.map(async (type): Promise<CatalogEntry> => {
      const entry = catalog[type];
      const seen = stats.get(type);
      return {
        type,
        aggregate: entry?.aggregate ?? null,
        version: entry ? latest(entry.versions).version : null,
        versions: entry?.versions ?? [],
        upcasters: UPCASTERS[type] ?? [],
        events: seen?.events ?? 0,
        firstSeen: seen ? await timeAt(events, seen.firstPosition) : null,
        lastSeen: seen ? await timeAt(events, seen.lastPosition) : null,
      };
    }),
  );
}
