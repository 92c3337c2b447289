import { OpenAPIHono } from '@hono/zod-openapi';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eventLine, importNdjson } from '../../platform/eventstore/ndjson.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.ts';
import { MARKETPLACE_EVENT_TYPES, marketplace } from '../../scripts/cli/marketplace.fixtures.ts';
import { sessionMiddleware } from '../auth/middleware.ts';
import { handleError } from '../http/errors.ts';
import type { AppEnv } from '../http/router.ts';
import { LocalClient } from '../testing/local-client.ts';
import { type ArgsOf, errorOf, expectStatus, type TestApi, startTestApi } from '../testing/harness.ts';
import { typedClient } from '../testing/typed-client.ts';
import { signInAdmin } from './catalog.fixtures.ts';
import { exportRoutes } from './export.ts';

const PATH = '/api/admin/export';

/** The router mounted as app.ts will mount it, behind the session middleware and the error handler. */
function exportApp(api: TestApi) {
  const app = new OpenAPIHono<AppEnv>();
  app.onError(handleError);
  app.use('/api/*', sessionMiddleware(api.ctx));
  return app.route(PATH, exportRoutes(api.ctx));
}

/** A client of the export app signed in with `cookie`: `raw` sends the bytes, `api` the typed calls through it. */
function clientOf(app: ReturnType<typeof exportApp>, cookie: string | null = null) {
  const raw = new LocalClient(app, cookie);
  return { raw, api: typedClient<typeof app>(raw.send).api };
}

/** Body lines without the trailing newline. */
const linesOf = (body: string) => body.trimEnd().split('\n');

describe('GET /api/admin/export', () => {
  let api: TestApi;
  let app: ReturnType<typeof exportApp>;
  let admin: ReturnType<typeof clientOf>;
  let people: Awaited<ReturnType<typeof marketplace>>;
  let log: RecordedEvent[];

  beforeAll(async () => {
    api = await startTestApi();
    app = exportApp(api);
    people = await marketplace(api);
    admin = clientOf(app, (await signInAdmin(api)).cookie);
    log = await api.platform.events.readAll();
  });
  afterAll(() => api.close());

  it('answers 401 signed out, 403 to buyers and sellers', async () => {
    expect(await clientOf(app).api.admin.export.$get({ query: {} })).toMatchObject({
      status: 401,
      body: { error: { code: 'unauthorized', message: 'Please sign in to continue' } },
    });
    for (const client of [people.buyer, people.seller]) {
      expect(await clientOf(app, client.cookie).api.admin.export.$get({ query: {} })).toMatchObject({
        status: 403,
        body: { error: { code: 'forbidden', message: 'This needs the admin role' } },
      });
    }
  });

  /**
   * The admin's export as the Response, read as bytes: its 200 is a stream the route types as no body, and a
   * reply would parse a body of one line (the header alone) as JSON. The query is typed.
   */
  const exportResponse = (query: ArgsOf<typeof admin.api.admin.export.$get>['query'] = {}) =>
    admin.raw.send(admin.api.admin.export.$url({ query }).href);
  const exported = async (query?: Parameters<typeof exportResponse>[0]) => (await exportResponse(query)).text();

  it('streams the whole log to an admin as NDJSON: a header, then every event in log order', async () => {
    const response = await exportResponse();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="mibi-events-.+\.ndjson"$/);
    const [header, ...events] = linesOf(await response.text());
    expect(JSON.parse(header!)).toEqual({
      format: 'mibi-events',
      version: 1,
      exportedAt: expect.any(String),
      filters: {},
    });
    // The admin's sign-in happened after `log` was read: compare the events that were there.
    expect(events.slice(0, log.length)).toEqual(log.map((event) => eventLine(event).trimEnd()));
    expect(events.map((line) => JSON.parse(line).type)).toEqual(expect.arrayContaining(MARKETPLACE_EVENT_TYPES));
  });

  it('applies the filters given as query parameters', async () => {
    const events = async (query: Parameters<typeof exported>[0]) =>
      linesOf(await exported(query))
        .slice(1)
        .map((line) => JSON.parse(line) as RecordedEvent);

    const orders = await events({ types: 'OrderPlaced,SellerOrderCancelled' });
    expect(orders.map((e) => e.type)).toEqual(['OrderPlaced', 'OrderPlaced', 'SellerOrderCancelled']);

    const products = await events({ prefix: `product-${people.products.elephant}` });
    expect(products.map((e) => e.type)).toEqual(
      log.filter((e) => e.stream === `product-${people.products.elephant}`).map((e) => e.type),
    );
    expect(products.map((e) => e.revision)).toEqual(products.map((_, i) => i));

    expect((await events({ fromPosition: '3', toPosition: '5' })).map((e) => e.position)).toEqual([3, 4, 5]);

    const placed = log.find((e) => e.type === 'OrderPlaced')!;
    const since = await events({ since: placed.metadata.time, types: 'OrderPlaced' });
    expect(since[0]!.id).toBe(placed.id);
    expect(await events({ until: log[0]!.metadata.time })).toEqual([]);
  });

  it.each([
    [{ fromPosition: 'abc' }, 'fromPosition', 'From position must be a whole number, 0 or more'],
    [{ toPosition: '-1' }, 'toPosition', 'To position must be a whole number, 0 or more'],
    [{ fromPosition: '9', toPosition: '3' }, 'toPosition', 'To position must not be below from position'],
    [
      { since: 'yesterday' },
      'since',
      'Since must be an ISO-8601 date or date and time, e.g. 2025-01-31 or 2025-01-31T18:30:00Z',
    ],
    [{ since: '2025-01-02', until: '2025-01-01' }, 'until', 'Until must be after since'],
    [
      { types: ',' },
      'types',
      'Types must be event type names separated by commas, e.g. OrderPlaced,SellerOrderDelivered',
    ],
  ])('answers 400 to %j', async (query, field, message) => {
    const reply = await admin.api.admin.export.$get({ query });
    expectStatus(reply, 400);
    expect(errorOf(reply)).toEqual({ code: 'validation_failed', message, fields: { [field]: message } });
  });

  it('reads the log page by page as the client reads the body', async () => {
    // Enough events for several pages of the export.
    for (let i = 0; i < 5; i++) {
      await api.platform.events.append(
        `filler-${i}`,
        Array.from({ length: 600 }, (_, n) => ({ type: 'FillerRecorded', data: { n } })),
        'no_stream',
      );
    }
    const readAll = vi.spyOn(api.platform.events, 'readAll');
    try {
      const response = await exportResponse();
      const reader = response.body!.getReader();
      await reader.read(); // the header
      await reader.read(); // the first page
      await reader.cancel();
      // The stream reads at most one page ahead of the client, of the four the log fills.
      expect(await api.platform.events.lastPosition()).toBeGreaterThan(3000);
      expect(readAll.mock.calls.length).toBeLessThanOrEqual(2);
      expect(readAll.mock.calls[0]![0]).toEqual({ after: 0, limit: 1000 });
    } finally {
      readAll.mockRestore();
    }
  });

  it('documents the route, its filters and its NDJSON body in the OpenAPI document', () => {
    const doc = app.getOpenAPI31Document({ openapi: '3.1.0', info: { title: 'MIBI', version: '1' } });
    const get = doc.paths?.[PATH]?.get;
    expect(get?.parameters?.map((p) => ('name' in p ? p.name : null))).toEqual([
      'types',
      'prefix',
      'fromPosition',
      'toPosition',
      'since',
      'until',
    ]);
    expect(Object.keys(get?.responses ?? {})).toEqual(['200', '400', '401', '403']);
    expect(get?.responses?.['200']).toMatchObject({
      content: { 'application/x-ndjson': { schema: { type: 'string' } } },
    });
  });

  it('exports what `mibi import` loads into an empty store, identical', async () => {
    const body = await exported();
    const copy = new SqliteEventStore(':memory:');
    try {
      const summary = await importNdjson(copy, async function* () {
        yield* body.split('\n');
      });
      expect(summary.events).toBe(linesOf(body).length - 1);
      expect(await copy.readAll()).toEqual(await api.platform.events.readAll({ limit: summary.events }));
    } finally {
      await copy.close();
    }
  });
});
