import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ImportError,
  NDJSON_FORMAT,
  NDJSON_VERSION,
  type ExportFilters,
  eventLine,
  exportFiltersSchema,
  exportNdjson,
  filteredEvents,
  headerLine,
  importNdjson,
  parseLine,
} from './ndjson.ts';
import type { RecordedEvent } from './port.ts';
import { SqliteEventStore } from './sqlite.ts';

let source: SqliteEventStore;
let target: SqliteEventStore;

beforeEach(() => {
  source = new SqliteEventStore(':memory:');
  target = new SqliteEventStore(':memory:');
});
afterEach(async () => {
  await source.close();
  await target.close();
});

/** Appends one event, recorded at `time`, by `actor`. */
async function record(
  stream: string,
  type: string,
  time: string,
  data: unknown = { n: 1 },
  actor: string | null = 'u1',
) {
  const revision = await source.streamRevision(stream);
  await source.append(
    stream,
    [{ type, data, metadata: { actor, time, causationId: 'cause-1' } }],
    revision === -1 ? 'no_stream' : revision,
  );
}

/** A small marketplace: 7 events over 3 streams and 3 days. */
async function seed(): Promise<void> {
  await record('product-a', 'ProductListed', '2025-01-01T10:00:00.000Z', { name: 'Diya' });
  await record('product-b', 'ProductListed', '2025-01-01T11:00:00.000Z', { name: 'Saree' });
  await record('order-1', 'OrderPlaced', '2025-01-02T09:00:00.000Z', { lines: [{ productId: 'a' }] }, 'buyer-1');
  await record('product-a', 'StockReserved', '2025-01-02T09:00:00.000Z');
  await record('order-1', 'OrderShipped', '2025-01-03T08:00:00.000Z', { by: 's1' }, null);
  await record('order-1', 'OrderDelivered', '2025-01-03T18:00:00.000Z');
  await record('product-b', 'ProductDelisted', '2025-01-03T19:00:00.000Z');
}

const filters = (input: Record<string, string>): ExportFilters => exportFiltersSchema.parse(input);

async function exported(store: SqliteEventStore, applied: ExportFilters = {}): Promise<RecordedEvent[]> {
  const pages: RecordedEvent[][] = [];
  for await (const page of filteredEvents(store, applied, 2)) pages.push(page);
  return pages.flat();
}

async function text(chunks: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const chunk of chunks) out += chunk;
  return out;
}

async function* linesOf(content: string): AsyncGenerator<string> {
  yield* content.split('\n');
}

const importText = (content: string, store = target) => importNdjson(store, () => linesOf(content));

describe('export filters from text', () => {
  it('parses every filter', () => {
    expect(
      filters({
        types: ' OrderPlaced, OrderDelivered ,',
        prefix: 'order-',
        fromPosition: '3',
        toPosition: '10',
        since: '2025-01-02',
        until: '2025-01-03T05:30:00+05:30',
      }),
    ).toEqual({
      types: ['OrderPlaced', 'OrderDelivered'],
      prefix: 'order-',
      fromPosition: 3,
      toPosition: 10,
      since: '2025-01-02T00:00:00.000Z',
      until: '2025-01-03T00:00:00.000Z',
    });
  });

  it.each([
    [{ fromPosition: 'abc' }, 'fromPosition', 'From position must be a whole number, 0 or more'],
    [{ toPosition: '-4' }, 'toPosition', 'To position must be a whole number, 0 or more'],
    [{ toPosition: '1.5' }, 'toPosition', 'To position must be a whole number, 0 or more'],
    [
      { since: 'yesterday' },
      'since',
      'Since must be an ISO-8601 date or date and time, e.g. 2025-01-31 or 2025-01-31T18:30:00Z',
    ],
    [
      { until: '2025-01-31T18:30' },
      'until',
      'Until must be an ISO-8601 date or date and time, e.g. 2025-01-31 or 2025-01-31T18:30:00Z',
    ],
    [
      { until: '2025-02-30' },
      'until',
      'Until must be an ISO-8601 date or date and time, e.g. 2025-01-31 or 2025-01-31T18:30:00Z',
    ],
    [
      { types: ' , ' },
      'types',
      'Types must be event type names separated by commas, e.g. OrderPlaced,SellerOrderDelivered',
    ],
    [
      { types: 'Order Placed' },
      'types',
      'Types must be event type names separated by commas, e.g. OrderPlaced,SellerOrderDelivered',
    ],
    [{ prefix: '' }, 'prefix', 'Prefix must be the start of stream names, e.g. product-'],
    [{ fromPosition: '9', toPosition: '3' }, 'toPosition', 'To position must not be below from position'],
    [{ since: '2025-01-02', until: '2025-01-02' }, 'until', 'Until must be after since'],
  ])('refuses %j', (input, field, message) => {
    const result = exportFiltersSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: [field], message });
  });
});

describe('filtered export', () => {
  beforeEach(seed);

  it('without filters: every event in log order', async () => {
    const events = await exported(source);
    expect(events.map((e) => e.position)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(events).toEqual(await source.readAll());
  });

  it('by type, stream prefix, position range and time window', async () => {
    const types = (applied: Record<string, string>) =>
      exported(source, filters(applied)).then((events) => events.map((e) => `${e.position}:${e.type}`));
    expect(await types({ types: 'OrderPlaced,ProductDelisted' })).toEqual(['3:OrderPlaced', '7:ProductDelisted']);
    expect(await types({ prefix: 'order-' })).toEqual(['3:OrderPlaced', '5:OrderShipped', '6:OrderDelivered']);
    expect(await types({ fromPosition: '4', toPosition: '6' })).toEqual([
      '4:StockReserved',
      '5:OrderShipped',
      '6:OrderDelivered',
    ]);
    expect(await types({ since: '2025-01-02T09:00:00Z', until: '2025-01-03T18:00:00Z' })).toEqual([
      '3:OrderPlaced',
      '4:StockReserved',
      '5:OrderShipped',
    ]);
    expect(await types({ prefix: 'product-a', since: '2025-01-02' })).toEqual(['4:StockReserved']);
  });

  it('reads the log in pages and stops at the end of the position range', async () => {
    const readAll = vi.spyOn(source, 'readAll');
    await exported(source, filters({ fromPosition: '2', toPosition: '4' }));
    expect(readAll.mock.calls.map(([options]) => options)).toEqual([
      { after: 1, limit: 2 },
      { after: 3, limit: 2 },
    ]);
  });

  it('writes a header with the filters, then one line per event with its documented fields', async () => {
    const applied = filters({ types: 'OrderPlaced' });
    const lines = (await text(exportNdjson(source, applied))).trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0]!)).toEqual({
      format: NDJSON_FORMAT,
      version: NDJSON_VERSION,
      exportedAt: expect.any(String),
      filters: { types: ['OrderPlaced'] },
    });
    const [event] = await source.readStream('order-1');
    expect(lines[1]).toBe(eventLine(event!).trimEnd());
    expect(Object.keys(JSON.parse(lines[1]!))).toEqual([
      'id',
      'type',
      'stream',
      'revision',
      'position',
      'data',
      'metadata',
    ]);
    expect(JSON.parse(lines[1]!)).toEqual(event);
  });
});

describe('import', () => {
  it('copies a whole export into an empty store: same order, ids, streams, revisions, data and metadata', async () => {
    await seed();
    const summary = await importText(await text(exportNdjson(source, {})));
    expect(summary).toEqual({ events: 7, streams: 3, file: { first: 1, last: 7 }, store: { first: 1, last: 7 } });
    expect(await target.readAll()).toEqual(await source.readAll());
    for (const stream of ['product-a', 'product-b', 'order-1'])
      expect(await target.readStream(stream)).toEqual(await source.readStream(stream));
  });

  it('keeps the order when the positions of the file are not those of the new store', async () => {
    await seed();
    const all = await source.readAll();
    const shifted = all.map((event) => eventLine({ ...event, position: event.position * 10 + 1000 })).join('');
    const summary = await importText(shifted);
    expect(summary.file).toEqual({ first: 1010, last: 1070 });
    expect(summary.store).toEqual({ first: 1, last: 7 });
    expect((await target.readAll()).map(({ id, stream, revision }) => ({ id, stream, revision }))).toEqual(
      all.map(({ id, stream, revision }) => ({ id, stream, revision })),
    );
  });

  it('takes an export by stream prefix (whole streams), and a file without a header', async () => {
    await seed();
    expect(await importText(await text(exportNdjson(source, filters({ prefix: 'order-' }))))).toMatchObject({
      events: 3,
      streams: 1,
    });
    const other = new SqliteEventStore(':memory:');
    const lines = (await source.readAll()).map(eventLine).join('');
    expect(await importText(`\n${lines}\n`, other)).toMatchObject({ events: 7, streams: 3 });
    await other.close();
  });

  it('refuses a store that is not empty, and writes nothing', async () => {
    await seed();
    await expect(importText(await text(exportNdjson(source, {})), source)).rejects.toThrow(
      new ImportError('the event store is not empty (its log reaches position 7): import only into an empty store'),
    );
    expect(await source.lastPosition()).toBe(7);
  });

  it('refuses partial streams before writing anything', async () => {
    await seed();
    const byType = await text(exportNdjson(source, filters({ types: 'OrderShipped' })));
    await expect(importText(byType)).rejects.toThrow(
      'line 2: order-1 revision 1 where 0 was expected: the file does not hold the whole stream (was it exported with --types or a position range?)',
    );
    const lastFour = await text(exportNdjson(source, filters({ fromPosition: '4' })));
    await expect(importText(lastFour)).rejects.toThrow('line 2: product-a revision 1 where 0 was expected');
    expect(await target.lastPosition()).toBe(0);
  });

  it.each([
    ['{"format":"mibi-events","version":2}', 'line 1: version this MIBI reads mibi-events up to version 1'],
    ['{not json', 'line 1: not valid JSON'],
    [
      '{"id":"e1","type":"T","stream":"s","revision":0,"position":1,"metadata":{"actor":null,"correlationId":"c","causationId":null,"time":"2025-01-01T00:00:00Z"}}',
      'line 1: data is missing',
    ],
    ['{"id":"e1","type":"T","stream":"s","revision":"0","position":1,"data":{},"metadata":{}}', 'line 1: revision'],
  ])('refuses the line %s', async (line, message) => {
    await expect(importText(line)).rejects.toThrow(message);
    expect(await target.lastPosition()).toBe(0);
  });

  it('refuses events out of log order and a header after the first line', async () => {
    await seed();
    const [first, second] = (await source.readAll()).map(eventLine);
    await expect(importText(`${second}${first}`)).rejects.toThrow(
      'line 2: position 1 is not after 2: events must be in log order',
    );
    await expect(importText(`${first}${headerLine({})}`)).rejects.toThrow(
      'line 2: a header is only allowed on the first line',
    );
    expect(await target.lastPosition()).toBe(0);
  });

  it('parses a header line', () => {
    expect(parseLine(headerLine({}), 1)).toEqual({
      kind: 'header',
      header: { format: NDJSON_FORMAT, version: NDJSON_VERSION },
    });
    expect(parseLine('  ', 3)).toEqual({ kind: 'blank' });
  });
});
