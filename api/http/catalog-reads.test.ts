import { type IncomingHttpHeaders, type RequestListener, type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import type { CatalogIndex } from '../reads/catalog-index.ts';
import type { AppContext } from '../roles/context.ts';
import { listProduct, reject } from '../routes/catalog.fixtures.ts';
import { ProductListQuerySchema, productQuery } from '../routes/products.ts';
import type { Prepared, Representation } from './prepared.ts';
import { API_HEADERS } from './security-headers.ts';
import { type Client, type TestApi, startTestApi } from '../testing/harness.ts';

/** What a client receives: status, headers (without the clock's Date) and the raw bytes. */
interface Received {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function send(server: Server, method: string, path: string, headers: Record<string, string>): Promise<Received> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    request({ host: '127.0.0.1', port, method, path, headers, agent: false }, (res) => {
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
    'cache-control': 'no-cache',
    vary: bySession ? 'Accept-Encoding, Cookie' : 'Accept-Encoding',
    ...(status === 200 ? representation.headers : { etag: representation.etag }),
  };
}

const withoutConnection = ({ connection: _, 'keep-alive': __, ...rest }: IncomingHttpHeaders) => rest;

/**
 * The catalog reads a visitor makes, served as `listen` serves the app (node:http through
 * @hono/node-server): one code path, the route handler's, for a visitor and a signed-in user
 * alike; the prepared bytes of the catalog index with the middleware's headers.
 */
describe('catalog reads', () => {
  let api: TestApi;
  let seller: Client;
  let buyer: Client;
  let server: Server;
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
    server = await listen(getRequestListener(api.app.fetch));
  });

  afterAll(async () => {
    await new Promise((closed) => server.close(closed));
    await api.close();
  });

  const representation = async (path: string, acceptEncoding?: string) =>
    preparedFor(await api.ctx.catalog.get(), path).negotiated(acceptEncoding);

  it('answers the public reads with the prepared bytes and the headers of the middleware, in every coding', async () => {
    for (const path of reads({ shawl, stole }))
      for (const [name, acceptEncoding] of Object.entries(CODINGS)) {
        const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        const received = await send(server, 'GET', path, headers);
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
          const received = await send(server, 'GET', path, {
            'accept-encoding': acceptEncoding,
            'if-none-match': ifNoneMatch,
          });
          expect(received.status, `${path} ${acceptEncoding} ${ifNoneMatch}`).toBe(304);
          expect(withoutConnection(received.headers)).toEqual(visitorHeaders(path, prepared, 304));
          expect(received.body.byteLength).toBe(0);
        }
      }
    const brTag = (await representation('/api/products', 'br')).etag;
    const received = await send(server, 'GET', '/api/products', { 'accept-encoding': 'gzip', 'if-none-match': brTag });
    expect(received.status).toBe(200);
    expect(received.headers['content-encoding']).toBe('gzip');
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    for (const path of reads({ shawl, stole }))
      for (const acceptEncoding of ['br', 'identity']) {
        const head = await send(server, 'HEAD', path, { 'accept-encoding': acceptEncoding });
        const get = await send(server, 'GET', path, { 'accept-encoding': acceptEncoding });
        expect(head.status).toBe(200);
        expect(head.headers, `${path} ${acceptEncoding}`).toEqual(get.headers);
        expect(head.body.byteLength).toBe(0);
      }
  });

  it.each([
    ['an unknown product: the 404', () => `/api/products/${crypto.randomUUID()}`, {}, 404],
    ['a product not on sale: the 404', () => `/api/products/${unlisted}`, {}, 404],
    ['an id beyond the schema: the 400', () => `/api/products/${'x'.repeat(101)}`, {}, 400],
    ['an invalid query: the 400', () => '/api/products?limit=0', {}, 400],
    ['a repeated search: the 400', () => '/api/products?q=silk&q=wool', {}, 400],
    ['?after=: the wait for the projections', () => '/api/products?after=1', {}, 200],
    ['?after= on a product', () => `/api/products/${shawl}?after=1`, {}, 200],
    ['an encoded query', () => '/api/products?q=ikat%20cotton', { 'accept-encoding': 'br' }, 200],
    ['a host node-server rewrites', () => '/api/categories', { host: 'LOCALHOST' }, 200],
  ])('answers %s', async (_, path, headers: Record<string, string>, status) => {
    const received = await send(server, 'GET', path(), headers);
    expect(received.status).toBe(status);
    expect(received.headers['x-frame-options']).toBe('DENY');
    expect(received.headers['cache-control']).toBe('no-cache');
  });

  it("answers a signed-in visitor's reads with private caching, and a seller's product not on sale", async () => {
    for (const [client, path] of [
      [buyer, `/api/products/${shawl}`],
      [seller, `/api/products/${unlisted}`],
      [buyer, '/api/products'],
    ] as const) {
      const received = await send(server, 'GET', path, { cookie: client.cookie! });
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
      const tlsServer = await listen(getRequestListener(createApp(ctx).fetch));
      try {
        for (const path of reads({ shawl, stole })) {
          const received = await send(tlsServer, 'GET', path, { ...headers, 'accept-encoding': 'br' });
          const prepared = await representation(path, 'br');
          expect(withoutConnection(received.headers), path).toEqual(visitorHeaders(path, prepared, 200, tls));
          expect(received.headers['strict-transport-security'] !== undefined).toBe(tls);
        }
      } finally {
        await new Promise((closed) => tlsServer.close(closed));
      }
    },
  );

  it('follows the catalog: a change is answered at once with the new body and ETag', async () => {
    const before = await send(server, 'GET', `/api/products/${stole}`, {});
    const edited = await seller.patch(`/api/seller/products/${stole}`, { pricePaise: 99_900 });
    expect(edited.status).toBe(200);
    await api.settle();
    const received = await send(server, 'GET', `/api/products/${stole}`, { 'if-none-match': before.headers.etag! });
    expect(received.status).toBe(200);
    expect(received.headers.etag).not.toBe(before.headers.etag);
    expect(decoded(received)).toMatchObject({ pricePaise: 99_900 });
  });
});
