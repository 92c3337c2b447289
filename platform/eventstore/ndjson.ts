/**
 * The event log as NDJSON (one JSON document per line), for export, import and analysis.
 *
 * Format `mibi-events`, version 1:
 * - line 1, the header: `{"format":"mibi-events","version":1,"exportedAt":"<ISO>","filters":{...}}`,
 *   `filters` holding the filters the export applied (absent ones are left out);
 * - then one line per event in log order:
 *   `{"id","type","stream","revision","position","data","metadata":{"actor","correlationId","causationId","time","schemaVersion"}}`
 *   (`schemaVersion` when the writer stamped one).
 *   `position` is the event's position in the store it was exported from.
 * Import accepts a file without the header as well (plain lines of events).
 *
 * Filters: `types` (any of these event types), `prefix` (stream names starting with it),
 * `fromPosition`/`toPosition` (inclusive), `since` (time at or after, inclusive) and
 * `until` (time before, exclusive), on the events' metadata time.
 */
import { z } from 'zod';
import type { EventStore, ExpectedRevision, NewEvent, RecordedEvent } from './port.ts';

export const NDJSON_FORMAT = 'mibi-events';
export const NDJSON_VERSION = 1;
export const NDJSON_CONTENT_TYPE = 'application/x-ndjson';

/** Events read from the store per page while exporting. */
const EXPORT_PAGE = 1000;
/** Consecutive events of one stream appended together while importing. */
const IMPORT_GROUP = 500;

const POSITION_MESSAGE = (name: string) => `${name} must be a whole number, 0 or more`;
const TIME_MESSAGE = (name: string) =>
  `${name} must be an ISO-8601 date or date and time, e.g. 2025-01-31 or 2025-01-31T18:30:00Z`;
const TYPES_MESSAGE = 'Types must be event type names separated by commas, e.g. OrderPlaced,SellerOrderDelivered';
const ISO_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const TYPE_NAME = /^[A-Za-z0-9_.:-]+$/;

const position = (name: string) =>
  z
    .string({ error: POSITION_MESSAGE(name) })
    .regex(/^\d{1,15}$/, POSITION_MESSAGE(name))
    .transform(Number);

/** Date.parse rolls 2025-02-30 over to March: the day must exist in its month. */
function isCalendarDate(text: string): boolean {
  const [year, month, day] = text.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A date (midnight UTC) or a date and time with its zone, as the canonical ISO string; `name` starts the message. */
export const isoTime = (name: string) =>
  z
    .string({ error: TIME_MESSAGE(name) })
    .refine(
      (text) => ISO_TIME.test(text) && isCalendarDate(text) && !Number.isNaN(Date.parse(text)),
      TIME_MESSAGE(name),
    )
    .transform((text) => new Date(text).toISOString());

/**
 * The filters as text (query parameters, command-line options), parsed into ExportFilters.
 * Shared by the admin export route and the CLI, so both accept and refuse the same input.
 */
export const exportFiltersSchema = z
  .object({
    types: z
      .string({ error: TYPES_MESSAGE })
      .transform((text) =>
        text
          .split(',')
          .map((type) => type.trim())
          .filter(Boolean),
      )
      .refine((types) => types.length > 0 && types.every((type) => TYPE_NAME.test(type)), TYPES_MESSAGE)
      .optional()
      .describe('Event types to keep, separated by commas'),
    prefix: z
      .string({ error: 'Prefix must be the start of stream names, e.g. product-' })
      .min(1, 'Prefix must be the start of stream names, e.g. product-')
      .max(200, 'Prefix must be at most 200 characters')
      .optional()
      .describe('Keep the streams whose name starts with this, e.g. product-'),
    fromPosition: position('From position').optional().describe('First log position to keep (inclusive)'),
    toPosition: position('To position').optional().describe('Last log position to keep (inclusive)'),
    since: isoTime('Since').optional().describe('Keep events recorded at or after this time (ISO-8601)'),
    until: isoTime('Until').optional().describe('Keep events recorded before this time (ISO-8601)'),
  })
  .refine((f) => f.fromPosition === undefined || f.toPosition === undefined || f.toPosition >= f.fromPosition, {
    message: 'To position must not be below from position',
    path: ['toPosition'],
  })
  .refine((f) => f.since === undefined || f.until === undefined || f.until > f.since, {
    message: 'Until must be after since',
    path: ['until'],
  });

export type ExportFilters = z.output<typeof exportFiltersSchema>;

export interface ExportHeader {
  format: typeof NDJSON_FORMAT;
  version: number;
  exportedAt: string;
  filters: ExportFilters;
}

/** Whether an event passes the filters; the position range is applied while reading. */
function passes(event: RecordedEvent, filters: ExportFilters, types: ReadonlySet<string> | null): boolean {
  if (types && !types.has(event.type)) return false;
  if (filters.prefix !== undefined && !event.stream.startsWith(filters.prefix)) return false;
  if (filters.since === undefined && filters.until === undefined) return true;
  const at = Date.parse(event.metadata.time);
  return (
    (filters.since === undefined || at >= Date.parse(filters.since)) &&
    (filters.until === undefined || at < Date.parse(filters.until))
  );
}

/** Pages of the events that pass the filters, in log order, read page by page (never the whole log at once). */
export async function* filteredEvents(
  store: EventStore,
  filters: ExportFilters,
  pageSize = EXPORT_PAGE,
): AsyncGenerator<RecordedEvent[]> {
  const types = filters.types ? new Set(filters.types) : null;
  const last = filters.toPosition ?? Number.POSITIVE_INFINITY;
  let after = Math.max(0, (filters.fromPosition ?? 0) - 1);
  for (;;) {
    const page = await store.readAll({ after, limit: pageSize });
    if (page.length === 0) return;
    const inRange = page.filter((event) => event.position <= last);
    const kept = inRange.filter((event) => passes(event, filters, types));
    if (kept.length > 0) yield kept;
    if (inRange.length < page.length) return;
    after = page[page.length - 1]!.position;
  }
}

export function headerLine(filters: ExportFilters, exportedAt = new Date().toISOString()): string {
  const header: ExportHeader = { format: NDJSON_FORMAT, version: NDJSON_VERSION, exportedAt, filters };
  return `${JSON.stringify(header)}\n`;
}

/** One event as a line, its fields always in the documented order. */
export function eventLine({ id, type, stream, revision, position, data, metadata }: RecordedEvent): string {
  return `${JSON.stringify({ id, type, stream, revision, position, data, metadata })}\n`;
}

/**
 * The export as text chunks: the header, then one chunk of lines per page of the log.
 * `onPage` hears how many events were written so far and the position read up to.
 */
export async function* exportNdjson(
  store: EventStore,
  filters: ExportFilters,
  onPage?: (exported: number, position: number) => void,
): AsyncGenerator<string> {
  yield headerLine(filters);
  let exported = 0;
  for await (const page of filteredEvents(store, filters)) {
    exported += page.length;
    onPage?.(exported, page[page.length - 1]!.position);
    yield page.map(eventLine).join('');
  }
}

const headerSchema = z.object({
  format: z.literal(NDJSON_FORMAT),
  version: z
    .number()
    .int()
    .min(1)
    .max(NDJSON_VERSION, `this MIBI reads ${NDJSON_FORMAT} up to version ${NDJSON_VERSION}`),
});

const eventSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  stream: z.string().min(1),
  revision: z.number().int().min(0),
  position: z.number().int().positive(),
  data: z.unknown().refine((data) => data !== undefined, 'is missing'),
  metadata: z.object({
    actor: z.string().nullable(),
    correlationId: z.string().min(1),
    causationId: z.string().nullable(),
    time: z.string().refine((text) => !Number.isNaN(Date.parse(text)), 'must be an ISO-8601 time'),
    schemaVersion: z.number().int().positive().optional(),
  }),
});

export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

type Line =
  | { kind: 'header'; header: z.output<typeof headerSchema> }
  | { kind: 'event'; event: RecordedEvent }
  | { kind: 'blank' };

/** Parses line `number` (1-based) of a file; throws ImportError naming the line and the problem. */
export function parseLine(text: string, number: number): Line {
  if (text.trim() === '') return { kind: 'blank' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ImportError(`line ${number}: not valid JSON`);
  }
  const isHeader = typeof json === 'object' && json !== null && 'format' in json;
  const parsed = (isHeader ? headerSchema : eventSchema).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ImportError(
      `line ${number}: ${issue.path.join('.') || (isHeader ? 'header' : 'event')} ${issue.message}`,
    );
  }
  return isHeader
    ? { kind: 'header', header: parsed.data as z.output<typeof headerSchema> }
    : { kind: 'event', event: parsed.data as RecordedEvent };
}

/** The events of a file with their line numbers, the header checked and skipped. */
async function* eventsOf(lines: AsyncIterable<string>): AsyncGenerator<{ event: RecordedEvent; line: number }> {
  let number = 0;
  for await (const text of lines) {
    const line = parseLine(text, ++number);
    if (line.kind === 'header' && number > 1)
      throw new ImportError(`line ${number}: a header is only allowed on the first line`);
    if (line.kind === 'event') yield { event: line.event, line: number };
  }
}

export interface ImportSummary {
  events: number;
  streams: number;
  /** Positions of the first and last event in the file (the exporting store's)... */
  file: { first: number; last: number } | null;
  /** ...and in this store, after the import. */
  store: { first: number; last: number } | null;
}

/**
 * Checks a whole file before anything is written: valid lines, positions increasing, and every
 * stream complete from revision 0 with no gap (a file filtered by type or position is refused,
 * since its streams could not be stored with their revisions).
 */
async function checkFile(lines: AsyncIterable<string>): Promise<{ events: number; streams: number }> {
  const next = new Map<string, number>();
  let lastPosition = 0;
  let events = 0;
  for await (const { event, line } of eventsOf(lines)) {
    if (event.position <= lastPosition)
      throw new ImportError(
        `line ${line}: position ${event.position} is not after ${lastPosition}: events must be in log order`,
      );
    const expected = next.get(event.stream) ?? 0;
    if (event.revision !== expected) {
      throw new ImportError(
        `line ${line}: ${event.stream} revision ${event.revision} where ${expected} was expected: ` +
          'the file does not hold the whole stream (was it exported with --types or a position range?)',
      );
    }
    next.set(event.stream, expected + 1);
    lastPosition = event.position;
    events++;
  }
  return { events, streams: next.size };
}

const expectedBefore = (revision: number): ExpectedRevision => (revision === 0 ? 'no_stream' : revision - 1);

const asNewEvent = ({ id, type, data, metadata }: RecordedEvent): NewEvent => ({ id, type, data, metadata });

/**
 * Imports a file into an EMPTY store, keeping the order, ids, streams, revisions and metadata
 * of every event; positions are this store's. `open` is called twice: the file is checked
 * whole before the first append, so a bad file leaves the store empty.
 */
export async function importNdjson(
  store: EventStore,
  open: () => AsyncIterable<string>,
  onProgress?: (imported: number, total: number) => void,
): Promise<ImportSummary> {
  const present = await store.lastPosition();
  if (present > 0)
    throw new ImportError(
      `the event store is not empty (its log reaches position ${present}): import only into an empty store`,
    );
  const { events: total, streams } = await checkFile(open());

  let group: RecordedEvent[] = [];
  let imported = 0;
  let fileFirst: number | undefined;
  let fileLast = 0;
  const flush = async () => {
    const first = group[0];
    if (!first) return;
    // The original revisions as expected revisions: the streams come out identical.
    await store.append(first.stream, group.map(asNewEvent), expectedBefore(first.revision));
    imported += group.length;
    onProgress?.(imported, total);
    group = [];
  };
  for await (const { event } of eventsOf(open())) {
    if (group.length === IMPORT_GROUP || (group[0] && group[0].stream !== event.stream)) await flush();
    group.push(event);
    fileFirst ??= event.position;
    fileLast = event.position;
  }
  await flush();

  const storeFirst = (await store.readAll({ limit: 1 }))[0]?.position;
  return {
    events: imported,
    streams,
    file: fileFirst === undefined ? null : { first: fileFirst, last: fileLast },
    store: storeFirst === undefined ? null : { first: storeFirst, last: await store.lastPosition() },
  };
}
