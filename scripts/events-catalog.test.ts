import { existsSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import recorded from '../docs/events/catalog.json' with { type: 'json' };
import {
  compatible,
  currentSchemas,
  driftFrom,
  type JsonSchema,
  type RecordedCatalog,
  recordInto,
  UPCASTERS,
} from '../domain/event-catalog.ts';
import { EVENT_SCHEMAS } from '../domain/event-schemas.ts';

const catalog = recorded as RecordedCatalog;
const schema = (shape: z.ZodRawShape): JsonSchema => z.toJSONSchema(z.object(shape), { io: 'input' }) as JsonSchema;
const current = (type: string, data: JsonSchema) => [{ type, aggregate: 'review', schema: data }];
const v1 = schema({ productId: z.string(), rating: z.number() });
const recordedV1: RecordedCatalog = { ReviewEdited: { aggregate: 'review', versions: [{ version: 1, schema: v1 }] } };

describe('the event catalog', () => {
  it('records every event type at the shape the code defines (else run npm run events:record, see README)', () => {
    expect(driftFrom(catalog)).toEqual([]);
  });

  it('fails when a type changed shape at the same version, and says to add a version with an upcaster', () => {
    const changed = schema({ productId: z.string(), rating: z.string() });
    expect(driftFrom(recordedV1, current('ReviewEdited', changed))).toEqual([
      'ReviewEdited changed shape at v1: add v2 with `npm run events:record -- --new-version ReviewEdited` and an upcaster that reads v1 events as v2 (UPCASTERS, domain/event-catalog.ts)',
    ]);
  });

  it('fails the committed catalog itself when one of its schemas is altered', () => {
    const [first] = currentSchemas();
    const altered = structuredClone(catalog);
    altered[first!.type]!.versions.at(-1)!.schema = schema({ renamed: z.string() });
    expect(driftFrom(altered)).toEqual([expect.stringContaining(`${first!.type} changed shape at v1`)]);
  });

  it('asks only to re-record a compatible change: a new optional field', () => {
    const optional = schema({ productId: z.string(), rating: z.number(), note: z.string().optional() });
    expect(driftFrom(recordedV1, current('ReviewEdited', optional))).toEqual([
      'ReviewEdited v1 changed compatibly (new optional fields): re-record its snapshot with `npm run events:record`',
    ]);
    expect(recordInto(recordedV1, new Set(), current('ReviewEdited', optional)).ReviewEdited!.versions).toEqual([
      { version: 1, schema: optional },
    ]);
  });

  it('counts a new required field, a removed field or a field made optional as a changed shape', () => {
    const shapes: z.ZodRawShape[] = [
      { productId: z.string(), rating: z.number(), note: z.string() },
      { productId: z.string() },
      { productId: z.string(), rating: z.number().optional() },
    ];
    for (const shape of shapes) expect(compatible(v1, schema(shape))).toBe(false);
  });

  it('records a changed shape only as a new version, and only of a type with an upcaster', () => {
    const changed = schema({ productId: z.string(), stars: z.number() });
    expect(() => recordInto(recordedV1, new Set(), current('ReviewEdited', changed))).toThrow(
      'ReviewEdited changed shape at v1: pass --new-version ReviewEdited',
    );
    expect(() => recordInto(recordedV1, new Set(['ReviewEdited']), current('ReviewEdited', changed))).toThrow(
      'ReviewEdited: a new version needs an upcaster of v1',
    );
    const listed: RecordedCatalog = { ProductListed: { aggregate: 'product', versions: [{ version: 1, schema: v1 }] } };
    const next = recordInto(listed, new Set(['ProductListed']), [
      { type: 'ProductListed', aggregate: 'product', schema: changed },
    ]);
    expect(next.ProductListed!.versions.map((v) => v.version)).toEqual([1, 2]);
  });

  it('catalogues every aggregate with events', () => {
    const domain = new URL('../domain/', import.meta.url);
    const aggregates = readdirSync(domain).filter((name) => existsSync(new URL(`${name}/events.ts`, domain)));
    // gateway-event declares its one event in its decider.ts.
    const named = Object.keys(EVENT_SCHEMAS).filter((name) => name !== 'gateway-event');
    expect(named.sort()).toEqual(aggregates.sort());
  });

  it('has an upcaster for every type recorded at more than one version', () => {
    for (const [type, { versions }] of Object.entries(catalog))
      if (versions.length > 1) expect(UPCASTERS[type], type).not.toHaveLength(0);
  });
});
