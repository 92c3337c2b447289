/**
 * The event catalog: each event type's recorded versions (their JSON Schemas, generated from
 * EVENT_SCHEMAS by zod) and the upcasters that read its older shapes. The recorded catalog is
 * committed (docs/events/catalog.json); `driftFrom` is the guard that fails when a type's schema
 * changed at the same version, `recordInto` the one way to change the file.
 */
import { z } from 'zod';
import { EVENT_SCHEMAS } from './event-schemas.ts';

export type JsonSchema = { [key: string]: unknown };

export interface RecordedVersion {
  version: number;
  schema: JsonSchema;
}

/** The committed catalog: by event type (sorted), its aggregate and versions, oldest first. */
export type RecordedCatalog = Record<string, { aggregate: string; versions: RecordedVersion[] }>;

export interface Upcaster {
  /** The function that reads the older shapes, and its module. */
  name: string;
  module: string;
  /** The older shapes it reads, as they were written before versions were recorded. */
  reads: string;
}

/** The upcasters that apply to an event type as it is read from the log. */
export const UPCASTERS: Record<string, Upcaster[]> = (() => {
  const productEvent: Upcaster = {
    name: 'upcastProductEvent',
    module: 'domain/product/upcast.ts',
    reads: 'a single imageUrl before galleries',
  };
  const stock: Upcaster = { ...productEvent, reads: 'no variantId before variants: the default variant' };
  const legacyStatus: Upcaster = {
    name: 'upcast',
    module: 'domain/order/upcast.ts',
    reads: 'one status for the whole purchase: the same move of every open seller order',
  };
  // Certificate notices (issue 29) widened the notice kinds: every v1 kind is still one, so v1 reads as it is.
  const noticeKinds: Upcaster = {
    name: 'none: v1 is read as it is',
    module: 'domain/notification/notices.ts',
    reads: 'the notice kinds before certificate_expiring and certificate_expired',
  };
  const surfaces: Upcaster = {
    name: 'none: v1 is read as it is',
    module: 'domain/staff-access/events.ts',
    reads: 'the surfaces before certificate-evidence',
  };
  return {
    PersonalDataViewed: [surfaces],
    NoticeRecorded: [noticeKinds],
    MailChoicesChanged: [noticeKinds],
    OrderPlaced: [
      {
        name: 'purchaseOf',
        module: 'domain/order/upcast.ts',
        reads: 'no sellerOrders, no shipBy, lines without variants',
      },
    ],
    OrderProcessing: [legacyStatus],
    OrderShipped: [legacyStatus],
    OrderDelivered: [legacyStatus],
    OrderCancelled: [legacyStatus],
    ProductListed: [{ ...productEvent, reads: 'no images, tax, made to order, personalisation, options nor variants' }],
    ProductUpdated: [productEvent],
    ProductRevisionSubmitted: [productEvent],
    ProductRevisionApproved: [productEvent],
    StockAdjusted: [stock],
    StockReserved: [stock],
    StockReleased: [stock],
    StockReturned: [stock],
  };
})();

/** Every catalogued type's schema as the code defines it now, sorted by type. */
export function currentSchemas(): { type: string; aggregate: string; schema: JsonSchema }[] {
  return Object.entries(EVENT_SCHEMAS)
    .flatMap(([aggregate, schemas]) =>
      Object.entries(schemas).map(([type, data]) => ({
        type,
        aggregate,
        schema: z.toJSONSchema(data, { io: 'input' }) as JsonSchema,
      })),
    )
    .sort((a, b) => (a.type < b.type ? -1 : 1));
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Compatible: a reader of the recorded shape reads every event of the new one the same. Only
 * new optional fields are compatible (anywhere in the shape); anything else (a field removed,
 * renamed, made optional or required, a type or the allowed values changed) is a new version.
 */
export function compatible(recorded: unknown, next: unknown): boolean {
  if (same(recorded, next)) return true;
  if (!isObject(recorded) || !isObject(next)) return false;
  const keys = new Set([...Object.keys(recorded), ...Object.keys(next)]);
  for (const key of keys) {
    if (key === 'properties') {
      const [was, now] = [recorded.properties, next.properties];
      if (!isObject(was) || !isObject(now)) return false;
      const required = new Set(Array.isArray(next.required) ? next.required : []);
      for (const field of Object.keys(now))
        if (field in was ? !compatible(was[field], now[field]) : required.has(field)) return false;
      if (Object.keys(was).some((field) => !(field in now))) return false;
    } else if (!compatible(recorded[key], next[key])) return false;
  }
  return true;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const latest = (versions: readonly RecordedVersion[]): RecordedVersion => versions[versions.length - 1]!;

const RECORD = 'npm run events:record';

/** Why the code's schemas disagree with the recorded catalog: one line per type, none when they agree. */
export function driftFrom(recorded: RecordedCatalog, current = currentSchemas()): string[] {
  const problems: string[] = [];
  for (const { type, schema } of current) {
    const entry = recorded[type];
    if (!entry) {
      problems.push(`${type} is a new event type: record its first version with \`${RECORD}\``);
      continue;
    }
    const { version, schema: was } = latest(entry.versions);
    if (same(was, schema)) continue;
    problems.push(
      compatible(was, schema)
        ? `${type} v${version} changed compatibly (new optional fields): re-record its snapshot with \`${RECORD}\``
        : `${type} changed shape at v${version}: add v${version + 1} with \`${RECORD} -- --new-version ${type}\` and an upcaster that reads v${version} events as v${version + 1} (UPCASTERS, domain/event-catalog.ts)`,
    );
  }
  const known = new Set(current.map((event) => event.type));
  for (const type of Object.keys(recorded))
    if (!known.has(type)) problems.push(`${type} is recorded but has no schema in domain/event-schemas.ts`);
  return problems;
}

/**
 * The catalog with the code's schemas recorded: new types at v1, compatible changes in place,
 * a changed shape as a new version only when `newVersions` names the type. Throws on any other drift.
 */
export function recordInto(
  recorded: RecordedCatalog,
  newVersions: ReadonlySet<string>,
  current = currentSchemas(),
): RecordedCatalog {
  const next: RecordedCatalog = {};
  for (const { type, aggregate, schema } of current) {
    const versions = recorded[type]?.versions ?? [];
    const last = versions.length > 0 ? latest(versions) : undefined;
    if (!last) next[type] = { aggregate, versions: [{ version: 1, schema }] };
    else if (same(last.schema, schema)) next[type] = { aggregate, versions };
    else if (newVersions.has(type)) {
      if (!UPCASTERS[type]?.length)
        throw new Error(
          `${type}: a new version needs an upcaster of v${last.version} (UPCASTERS, domain/event-catalog.ts)`,
        );
      next[type] = { aggregate, versions: [...versions, { version: last.version + 1, schema }] };
    } else if (compatible(last.schema, schema))
      next[type] = { aggregate, versions: [...versions.slice(0, -1), { version: last.version, schema }] };
    else throw new Error(`${type} changed shape at v${last.version}: pass --new-version ${type}`);
  }
  return next;
}
