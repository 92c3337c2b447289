import { existsSync, readdirSync, readFileSync } from 'node:fs';
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

/**
 * The `type: '...'` names in every `...Event` type or interface the domain's modules declare
 * (comments left out, as their `;` would end a declaration early).
 */
function declaredEventTypes(domain: URL): string[] {
  const types = new Set<string>();
  for (const file of readdirSync(domain, { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const source = readFileSync(new URL(file, domain), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/(^|\s)\/\/.*$/gm, '$1');
    for (const start of source.matchAll(/^(?:export )?(?:type \w+Event\b[^=]*=|interface \w+Event\b)/gm)) {
      // A type alias ends at its `;`, an interface at its closing brace.
      const last = start[0].endsWith('=') ? ';' : '}';
      let depth = 0;
      let end = start.index + start[0].length;
      for (; end < source.length; end++) {
        const c = source[end];
        if (c === '{' || c === '(') depth++;
        else if (c === '}' || c === ')') depth--;
        if (depth === 0 && c === last) break;
      }
      for (const [, type] of source.slice(start.index, end).matchAll(/\btype: '(\w+)'/g)) types.add(type!);
    }
  }
  return [...types].sort();
}

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
    expect(Object.keys(EVENT_SCHEMAS)).toEqual(expect.arrayContaining(aggregates));
  });

  it('catalogues every event type the domain declares, also those outside an events.ts', () => {
    const declared = declaredEventTypes(new URL('../domain/', import.meta.url));
    // The invoice series, tax policy, zone table and catalog import declare theirs beside their deciders.
    expect(declared).toEqual(expect.arrayContaining(['InvoiceIssued', 'GstRateSet', 'ZoneTransitSet']));
    const catalogued = new Set(Object.values(EVENT_SCHEMAS).flatMap((schemas) => Object.keys(schemas)));
    expect(declared.filter((type) => !catalogued.has(type))).toEqual([]);
  });

  it('has an upcaster for every type recorded at more than one version', () => {
    for (const [type, { versions }] of Object.entries(catalog))
      if (versions.length > 1) expect(UPCASTERS[type], type).not.toHaveLength(0);
  });
});
