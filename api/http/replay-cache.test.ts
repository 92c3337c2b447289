import { type IncomingHttpHeaders, type RequestListener, type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApp } from '../app.ts';
import type { CatalogIndex } from '../reads/catalog-index.ts';
import type { AppContext } from '../roles/context.ts';
import { listProduct, reject } from '../routes/catalog.fixtures.ts';
import { ProductListQuerySchema, productQuery } from '../routes/products.ts';
import type { Prepared, Representation } from './prepared.ts';
import { logTo } from '../../platform/log.ts';
import { replayCache } from './replay-cache.ts';
import { API_HEADERS } from './security-headers.ts';
import { type Client, expectStatus, type TestApi, startTestApi } from '../testing/harness.ts';

/**
 * What a client receives: status, headers (without the clock's Date) and the raw bytes. Every
 * request carries the same X-Request-Id unless told otherwise, which Hono and a replay echo.
 */
interface Received {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const REQUEST_ID = 'replay-cache-test';

function send(server: Server, method: string, path: string, headers: Record<string, string>): Promise<Received> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const sent = { 'x-request-id': REQUEST_ID, ...headers };
    request({ host: '127.0.0.1', port, method, path, headers: sent, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const { date: _, ...rest } = res.headers;
        resolve({ status: res.statusCode!, headers: rest, body: Buffer.concat(chunks) });
      });
    })
      .on('error', reject)
      .end();
  });
}

const listen = (listener: RequestListener) =>
  new Promise<Server>((resolve) => {
    const server = createServer(listener);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });

const decoded = ({ headers, body }: Received): unknown => {
  const coding = headers['content-encoding'];
  return JSON.parse(
    (coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body).toString(),
  );
};

const CODINGS = {
  none: undefined,
  gzip: 'gzip',
  br: 'br',
  browser: 'gzip, deflate, br',
  'br refused': 'gzip;q=1, br;q=0',
  'identity only': 'identity',
} as const;

/** The public reads a visitor makes most, as the catalog index prepares them. */
const reads = (ids: { shawl: string; stole: string }) => [
  '/api/products',
  '/api/products?limit=24',
  '/api/products?category=textiles&sort=price-low&limit=2&offset=1',
  '/api/products?q=Ikat+cotton&category=all',
  '/api/products?sort=newest&unknown=ignored',
  `/api/products/${ids.shawl}`,
  `/api/products/${ids.stole}`,
  '/api/categories',
];

/** The catalog index's prepared body for a read of `reads` (a valid query, a product on sale). */
function preparedFor(index: CatalogIndex, path: string): Prepared {
  const url = new URL(path, 'http://mibi.test');
  if (url.pathname === '/api/categories') return index.categoriesBody();
  if (url.pathname === '/api/products')
    return index.listBody(productQuery(ProductListQuerySchema.parse(Object.fromEntries(url.searchParams))));
  return index.productBody(url.pathname.slice('/api/products/'.length))!;
}

/**
 * What a visitor's public read carries: the security headers of an API answer, `no-cache`, Vary
 * (by Cookie too where a session may change the answer), and the representation's own headers
 * (its ETag alone on a 304). Node's own Connection and Keep-Alive are left out.
 */
function visitorHeaders(path: string, representation: Representation, status: 200 | 304, tls = false) {
  const bySession = path.startsWith('/api/products/');
  return {
    ...Object.fromEntries(API_HEADERS[tls ? 'tls' : 'plain']),
    'x-request-id': REQUEST_ID,
    'cache-control': 'no-cache',
    vary: bySession ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
    ...(status === 200 ? representation.headers : { etag: representation.etag }),
  };
}

const withoutConnection = ({ connection: _, 'keep-alive': __, ...rest }: IncomingHttpHeaders) => rest;

/** Hono's request listener, counting the requests that reach it. */
function counted(listener: RequestListener) {
  const hono = {
    reached: 0,
    listener: ((req, res) => {
      hono.reached++;
      return listener(req, res);
    }) as RequestListener,
  };
  return hono;
}

/**
 * The catalog reads a visitor makes, served as `listen` serves the app (node:http, the replay
 * cache, @hono/node-server): one code path, the route handler's, whose answers to visitors are
 * replayed; the prepared bytes of the catalog index with the middleware's headers.
 */
describe('catalog reads', () => {
  let api: TestApi;
  let seller: Client;
  let buyer: Client;
  /** Hono alone, and Hono behind the replay cache (as `listen` serves the app). */
  let direct: Server;
  let server: Server;
  let hono: ReturnType<typeof counted>;
  let shawl: string;
  let stole: string;
  let unlisted: string;

  beforeAll(async () => {
    api = await startTestApi();
    seller = await api.signUp({ role: 'seller', fullName: 'Meera Weaves' });
    buyer = await api.signUp();
    // A description long enough that the product's own body is compressed too.
    shawl = (await listProduct(seller, { name: 'Pashmina Shawl', description: 'Hand spun Kashmiri wool. '.repeat(50) }))
      .id;
    stole = (await listProduct(seller, { name: 'Ikat Cotton Stole', categoryId: 'textiles', tags: ['cotton'] })).id;
    await listProduct(seller, {
      name: 'Malabar Pepper',
      categoryId: 'spices',
      pricePaise: 45_000,
      originalPricePaise: null,
    });
    unlisted = (await listProduct(seller, { name: 'Unlisted Lamp', categoryId: 'home-decor' })).id;
    await reject(api, unlisted);
    await api.settle();
    await api.ctx.catalog.get(); // loaded: answers are kept from the first
    direct = await listen(getRequestListener(api.app.fetch));
    hono = counted(getRequestListener(api.app.fetch));
    server = await listen(replayCache(api.ctx, hono.listener));
  });

  afterAll(async () => {
    await new Promise((closed) => server.close(closed));
    await new Promise((closed) => direct.close(closed));
    await api.close();
  });

  /** A request made twice through the cache: Hono answers the first, the second is its replay, equal to what Hono answers (status, headers, bytes). */
  async function replayed(method: string, path: string, headers: Record<string, string> = {}): Promise<Received> {
    const first = await send(server, method, path, headers);
    const reached = hono.reached;
    const replay = await send(server, method, path, headers);
    expect(hono.reached, `${method} ${path} replayed`).toBe(reached);
    const own = await send(direct, method, path, headers);
    for (const received of [first, replay]) {
      expect(received.status).toBe(own.status);
      expect(received.headers).toEqual(own.headers);
      expect(received.body.equals(own.body)).toBe(true);
    }
    return replay;
  }

  /** Whether a request goes to Hono, every time. */
  async function answeredByHono(method: string, path: string, headers: Record<string, string> = {}) {
    const reached = hono.reached;
    const [first, second] = [await send(server, method, path, headers), await send(server, method, path, headers)];
    expect(hono.reached, `${method} ${path} answered by Hono`).toBe(reached + 2);
    return [first, second] as const;
  }

  const representation = async (path: string, acceptEncoding?: string) =>
    preparedFor(await api.ctx.catalog.get(), path).negotiated(acceptEncoding);

  it('answers the public reads with the prepared bytes and the headers of the middleware, in every coding', async () => {
    for (const path of reads({ shawl, stole }))
      for (const [name, acceptEncoding] of Object.entries(CODINGS)) {
        const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        const received = await replayed('GET', path, headers);
        const prepared = await representation(path, acceptEncoding);
        expect(received.status, `${path} ${name}`).toBe(200);
        expect(withoutConnection(received.headers), `${path} ${name}`).toEqual(visitorHeaders(path, prepared, 200));
        expect(received.body.equals(prepared.bytes), `${path} ${name}`).toBe(true);
        // Whatever the coding, the same JSON.
        expect(decoded(received)).toEqual(decoded(await send(server, 'GET', path, {})));
      }
  });

  it('compresses what is large enough in the coding asked for, each with an ETag of its own', async () => {
    const tags = new Set<string>();
    for (const coding of ['br', 'gzip'] as const) {
      const received = await send(server, 'GET', '/api/products?limit=24', { 'accept-encoding': coding });
      expect(received.headers['content-encoding']).toBe(coding);
      expect(received.headers['content-length']).toBe(String(received.body.byteLength));
      tags.add(received.headers.etag!);
    }
    tags.add((await send(server, 'GET', '/api/products?limit=24', {})).headers.etag!);
    expect(tags.size).toBe(3);
    const small = await send(server, 'GET', `/api/products/${stole}`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined(); // under a kilobyte: as it is
  });

  it('answers If-None-Match with a 304 per coding, and the body for the tag of another coding', async () => {
    for (const path of reads({ shawl, stole }))
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const prepared = await representation(path, acceptEncoding);
        for (const ifNoneMatch of [prepared.etag, `W/${prepared.etag}`, `"other", ${prepared.etag}`, '*']) {
          const received = await replayed('GET', path, {
            'accept-encoding': acceptEncoding,
            'if-none-match': ifNoneMatch,
          });
          expect(received.status, `${path} ${acceptEncoding} ${ifNoneMatch}`).toBe(304);
          expect(withoutConnection(received.headers)).toEqual(visitorHeaders(path, prepared, 304));
          expect(received.body.byteLength).toBe(0);
        }
      }
    const brTag = (await representation('/api/products', 'br')).etag;
    const received = await replayed('GET', '/api/products', { 'accept-encoding': 'gzip', 'if-none-match': brTag });
    expect(received.status).toBe(200);
    expect(received.headers['content-encoding']).toBe('gzip');
  });

  it('logs the access line Hono would, and gives each request an id of its own', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const restore = logTo({ write: (line: string) => void lines.push(JSON.parse(line)) }, 'info');
    try {
      for (const path of [`/api/products/${shawl}`, '/api/products?limit=2', '/api/categories']) {
        lines.splice(0);
        await replayed('GET', path); // Hono's line, the replay's, and the line of Hono alone
        const [fromHono, fromReplay] = lines.map(({ time: _, ms, ...line }) => {
          expect(ms).toEqual(expect.any(Number));
          return line;
        });
        expect(fromReplay).toMatchObject({ name: 'http', method: 'GET', status: 200, requestId: REQUEST_ID });
        expect(fromReplay).toEqual(fromHono);
      }
    } finally {
      restore();
    }
    // An id not safe to log is replaced, on a replay too.
    const reached = hono.reached;
    const [first, second] = await Promise.all(
      [1, 2].map(() => send(server, 'GET', '/api/categories', { 'x-request-id': 'not safe' })),
    );
    expect(hono.reached).toBe(reached);
    expect(first!.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first!.headers['x-request-id']).not.toBe(second!.headers['x-request-id']);
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    for (const path of reads({ shawl, stole }))
      for (const acceptEncoding of ['br', 'identity']) {
        const head = await replayed('HEAD', path, { 'accept-encoding': acceptEncoding });
        const get = await replayed('GET', path, { 'accept-encoding': acceptEncoding });
        expect(head.status).toBe(200);
        expect(head.headers, `${path} ${acceptEncoding}`).toEqual(get.headers);
        expect(head.body.byteLength).toBe(0);
      }
  });

  it.each([
    ['an unknown product: the 404', () => `/api/products/${crypto.randomUUID()}`, {}, 404, false],
    ['a product not on sale: the 404', () => `/api/products/${unlisted}`, {}, 404, false],
    ['an id beyond the schema: the 400', () => `/api/products/${'x'.repeat(101)}`, {}, 400, false],
    ['an invalid query: the 400', () => '/api/products?limit=0', {}, 400, false],
    ['a repeated search: the 400', () => '/api/products?q=silk&q=wool', {}, 400, false],
    ['?after=: the wait for the projections', () => '/api/products?after=1', {}, 200, false],
    ['?after= on a product', () => `/api/products/${shawl}?after=1`, {}, 200, false],
    ['an escaped ?after=', () => '/api/categories?%61fter=1', {}, 200, false],
    ['a path Hono reads otherwise', () => `/api/products/x/../${shawl}`, {}, 200, false],
    ['an encoded query', () => '/api/products?q=ikat%20cotton', { 'accept-encoding': 'br' }, 200, true],
    ['a host node-server rewrites', () => '/api/categories', { host: 'LOCALHOST' }, 200, true],
  ])('answers %s', async (_, path, headers: Record<string, string>, status, kept) => {
    const [received] = kept ? [await replayed('GET', path(), headers)] : await answeredByHono('GET', path(), headers);
    expect(received.status).toBe(status);
    expect(received.headers['x-frame-options']).toBe('DENY');
    expect(received.headers['cache-control']).toBe('no-cache');
  });

  it('keeps no answer Hono did not make public: other public reads, private routes, errors', async () => {
    for (const path of ['/api/returns/policy', `/api/products/${shawl}/reviews`, '/api/cart', '/api/nothing-here'])
      await answeredByHono('GET', path);
    vi.spyOn(api.ctx.catalog, 'get').mockRejectedValueOnce(new Error('the index could not load'));
    const quiet = logTo({ write: () => {} }, 'fatal'); // the error's own line
    try {
      expect((await send(server, 'GET', '/api/products?limit=3', {})).status).toBe(500);
    } finally {
      quiet();
      vi.restoreAllMocks();
    }
    const reached = hono.reached;
    expect((await replayed('GET', '/api/products?limit=3')).status).toBe(200);
    expect(hono.reached).toBe(reached + 1); // the 500 was not kept
  });

  it('keeps nothing while the index loads or waits for the documents of a change', async () => {
    vi.spyOn(api.ctx.catalog, 'current').mockReturnValue(undefined);
    try {
      const [first, second] = await answeredByHono('GET', '/api/products?limit=5');
      expect(second.body.equals(first.body)).toBe(true);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it("answers a signed-in visitor's reads with private caching, and a seller's product not on sale", async () => {
    for (const [client, path] of [
      [buyer, `/api/products/${shawl}`],
      [seller, `/api/products/${unlisted}`],
      [buyer, '/api/products'],
    ] as const) {
      const [received] = await answeredByHono('GET', path, { cookie: client.cookie! });
      expect(received.status).toBe(200);
    }
    const received = await send(server, 'GET', `/api/products/${shawl}`, { cookie: buyer.cookie! });
    expect(received.headers['cache-control']).toBe('private, no-cache');
  });

  it.each([
    ['over TLS by PUBLIC_URL https', { PUBLIC_URL: 'https://shop.example.in' }, {}, true],
    ["over TLS by a trusted proxy's X-Forwarded-Proto", { TRUST_PROXY: 1 }, { 'x-forwarded-proto': 'https' }, true],
    ['plain http despite an untrusted X-Forwarded-Proto', { TRUST_PROXY: 0 }, { 'x-forwarded-proto': 'https' }, false],
  ])(
    '%s: the headers of the middleware, HSTS only over TLS',
    async (_, config: Partial<AppContext['config']>, headers: Record<string, string>, tls) => {
      const ctx = { ...api.ctx, config: { ...api.ctx.config, ...config } };
      const tlsServer = await listen(replayCache(ctx, getRequestListener(createApp(ctx).fetch)));
      try {
        for (const path of reads({ shawl, stole }))
          for (const asked of [{}, headers, {}, headers]) {
            const received = await send(tlsServer, 'GET', path, { ...asked, 'accept-encoding': 'br' });
            const prepared = await representation(path, 'br');
            // Without X-Forwarded-Proto a trusted proxy says plain http; the cache keeps the two apart.
            const secure = tls && (asked === headers || config.PUBLIC_URL !== undefined);
            expect(withoutConnection(received.headers), path).toEqual(visitorHeaders(path, prepared, 200, secure));
            expect(received.headers['strict-transport-security'] !== undefined).toBe(secure);
          }
      } finally {
        await new Promise((closed) => tlsServer.close(closed));
      }
    },
  );

  it('follows the catalog: a change is answered at once with the new body and ETag', async () => {
    const before = await replayed('GET', `/api/products/${stole}`);
    const notModified = await replayed('GET', `/api/products/${stole}`, { 'if-none-match': before.headers.etag! });
    expect(notModified.status).toBe(304);
    const edited = await seller.api.seller.products[':id'].$patch({
      param: { id: stole },
      json: { pricePaise: 99_900 },
    });
    expectStatus(edited, 200);
    await api.settle();
    const received = await send(server, 'GET', `/api/products/${stole}`, { 'if-none-match': before.headers.etag! });
    expect(received.status).toBe(200);
    expect(received.headers.etag).not.toBe(before.headers.etag);
    expect(decoded(received)).toMatchObject({ pricePaise: 99_900 });
  });

  it('follows the stock: a product sold out leaves the list at once', async () => {
    const listed = async () => (decoded(await replayed('GET', '/api/products')) as { items: { id: string }[] }).items;
    expect((await listed()).map(({ id }) => id)).toContain(shawl);
    const stocked = await seller.api.seller.products[':id'].stock.$put({
      param: { id: shawl },
      json: { stockQuantity: 0 },
    });
    expectStatus(stocked, 200);
    await api.settle();
    const after = (
      decoded(await send(server, 'GET', '/api/products', {})) as { items: { id: string; stockQuantity: number }[] }
    ).items;
    expect(after.find(({ id }) => id === shawl)?.stockQuantity ?? 0).toBe(0);
  });
});
