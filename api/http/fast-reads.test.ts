import { type IncomingHttpHeaders, type RequestListener, type Server, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import type { AppContext } from '../roles/context.ts';
import { logTo } from '../../platform/log.ts';
import { fastReads } from './fast-reads.ts';
import { listProduct, reject } from '../routes/catalog.fixtures.ts';
import { type Client, type TestApi, startTestApi } from '../testing/harness.ts';

/**
 * What a client receives: status, headers (without the clock's Date) and the raw bytes. Every
 * request carries the same X-Request-Id unless told otherwise, which both servers echo.
 */
interface Received {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

function send(server: Server, method: string, path: string, headers: Record<string, string>): Promise<Received> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const sent = { 'x-request-id': 'fast-reads-test', ...headers };
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

describe('fast reads: the same answers as Hono', () => {
  let api: TestApi;
  let seller: Client;
  let buyer: Client;
  /** Hono alone, as the app answers through node-server. */
  let hono: Server;
  /** The fast path in front of Hono, as `listen` serves the app. */
  let fast: Server;
  /** Requests the fast path handed to Hono. */
  let handedOn = 0;
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
    const listener = getRequestListener(api.app.fetch);
    hono = await listen(listener);
    fast = await listen(
      fastReads(api.ctx, (req, res) => {
        handedOn++;
        return listener(req, res);
      }),
    );
  });

  afterAll(async () => {
    for (const server of [hono, fast]) await new Promise((closed) => server.close(closed));
    await api.close();
  });

  /** Sends the request to both servers: the two answers, and whether the fast path answered it itself. */
  async function both(method: string, path: string, headers: Record<string, string> = {}) {
    const before = handedOn;
    const fromFast = await send(fast, method, path, headers);
    const answeredFast = handedOn === before;
    const fromHono = await send(hono, method, path, headers);
    return { fromFast, fromHono, answeredFast };
  }

  const reads = () => [
    '/api/products',
    '/api/products?limit=24',
    '/api/products?category=textiles&sort=price-low&limit=2&offset=1',
    '/api/products?q=Ikat+cotton&category=all',
    '/api/products?sort=newest&unknown=ignored',
    `/api/products/${shawl}`,
    `/api/products/${stole}`,
    '/api/categories',
  ];

  it('answers the public reads itself, with the status, headers and bytes of Hono, in every coding', async () => {
    for (const path of reads())
      for (const [name, acceptEncoding] of Object.entries(CODINGS)) {
        const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
        const { fromFast, fromHono, answeredFast } = await both('GET', path, headers);
        expect(answeredFast, `${path} ${name}`).toBe(true);
        expect(fromFast, `${path} ${name}`).toEqual(fromHono);
        expect(fromFast.status).toBe(200);
        expect(fromFast.headers.vary).toMatch(/^Accept-Encoding\b/);
        // Whatever the coding, the same JSON.
        expect(decoded(fromFast)).toEqual(decoded((await both('GET', path)).fromHono));
      }
  });

  it('compresses what is large enough in the coding asked for, each with an ETag of its own', async () => {
    const tags = new Set<string>();
    for (const coding of ['br', 'gzip'] as const) {
      const { fromFast } = await both('GET', '/api/products?limit=24', { 'accept-encoding': coding });
      expect(fromFast.headers['content-encoding']).toBe(coding);
      expect(fromFast.headers['content-length']).toBe(String(fromFast.body.byteLength));
      tags.add(fromFast.headers.etag!);
    }
    tags.add((await both('GET', '/api/products?limit=24')).fromFast.headers.etag!);
    expect(tags.size).toBe(3);
    const { fromFast: small } = await both('GET', `/api/products/${stole}`, { 'accept-encoding': 'br' });
    expect(small.headers['content-encoding']).toBeUndefined(); // under a kilobyte: as it is
  });

  it('answers If-None-Match with the 304 Hono gives, per coding, and the body for the tag of another coding', async () => {
    for (const path of reads())
      for (const acceptEncoding of ['br', 'gzip', 'identity']) {
        const etag = (await both('GET', path, { 'accept-encoding': acceptEncoding })).fromFast.headers.etag!;
        for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
          const { fromFast, fromHono, answeredFast } = await both('GET', path, {
            'accept-encoding': acceptEncoding,
            'if-none-match': ifNoneMatch,
          });
          expect(answeredFast).toBe(true);
          expect(fromFast, `${path} ${acceptEncoding} ${ifNoneMatch}`).toEqual(fromHono);
          expect(fromFast.status).toBe(304);
          expect(fromFast.body.byteLength).toBe(0);
        }
      }
    const brTag = (await both('GET', '/api/products', { 'accept-encoding': 'br' })).fromFast.headers.etag!;
    const { fromFast, fromHono } = await both('GET', '/api/products', {
      'accept-encoding': 'gzip',
      'if-none-match': brTag,
    });
    expect(fromFast).toEqual(fromHono);
    expect(fromFast.status).toBe(200);
    expect(fromFast.headers['content-encoding']).toBe('gzip');
  });

  it('logs the access line Hono would, and gives each request an id of its own', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const restore = logTo({ write: (line: string) => void lines.push(JSON.parse(line)) }, 'info');
    try {
      for (const path of [`/api/products/${shawl}`, '/api/products?limit=2', '/api/categories']) {
        lines.splice(0);
        const { answeredFast } = await both('GET', path);
        expect(answeredFast).toBe(true);
        const [fromFast, fromHono] = lines.map(({ time: _, ms, ...line }) => {
          expect(ms).toEqual(expect.any(Number));
          return line;
        });
        expect(fromFast).toMatchObject({ name: 'http', method: 'GET', status: 200, requestId: 'fast-reads-test' });
        expect(fromFast).toEqual(fromHono);
      }
    } finally {
      restore();
    }
    // An id not safe to log is replaced.
    const [first, second] = await Promise.all(
      [1, 2].map(() => send(fast, 'GET', '/api/categories', { 'x-request-id': 'not safe' })),
    );
    expect(first!.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first!.headers['x-request-id']).not.toBe(second!.headers['x-request-id']);
  });

  it('answers HEAD as Hono does: the headers of the GET, no body', async () => {
    for (const path of reads())
      for (const acceptEncoding of ['br', 'identity']) {
        const { fromFast, fromHono, answeredFast } = await both('HEAD', path, { 'accept-encoding': acceptEncoding });
        expect(answeredFast).toBe(true);
        expect(fromFast).toEqual(fromHono);
        expect(fromFast.body.byteLength).toBe(0);
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
  ])('hands %s to Hono', async (_, path, headers: Record<string, string>, status) => {
    const { fromFast, fromHono, answeredFast } = await both('GET', path(), headers);
    expect(answeredFast).toBe(false);
    expect(fromFast.status).toBe(status);
    expect(fromFast).toEqual(fromHono);
  });

  it("hands a signed-in visitor's reads to Hono: private caching, and a seller's product not on sale", async () => {
    for (const [client, path] of [
      [buyer, `/api/products/${shawl}`],
      [seller, `/api/products/${unlisted}`],
      [buyer, '/api/products'],
    ] as const) {
      const { fromFast, answeredFast } = await both('GET', path, { cookie: client.cookie! });
      expect(answeredFast).toBe(false);
      expect(fromFast.status).toBe(200);
    }
    const { fromFast } = await both('GET', `/api/products/${shawl}`, { cookie: buyer.cookie! });
    expect(fromFast.headers['cache-control']).toBe('private, no-cache');
  });

  it.each([
    ['over TLS by PUBLIC_URL https', { PUBLIC_URL: 'https://shop.example.in' }, {}],
    ["over TLS by a trusted proxy's X-Forwarded-Proto", { TRUST_PROXY: 1 }, { 'x-forwarded-proto': 'https' }],
    ['plain http despite an untrusted X-Forwarded-Proto', { TRUST_PROXY: 0 }, { 'x-forwarded-proto': 'https' }],
  ])(
    '%s: the headers Hono gives, HSTS only over TLS',
    async (_, config: Partial<AppContext['config']>, headers: Record<string, string>) => {
      const ctx = { ...api.ctx, config: { ...api.ctx.config, ...config } };
      const listener = getRequestListener(createApp(ctx).fetch);
      let tlsHandedOn = 0;
      const [tlsHono, tlsFast] = await Promise.all([
        listen(listener),
        listen(
          fastReads(ctx, (req, res) => {
            tlsHandedOn++;
            return listener(req, res);
          }),
        ),
      ]);
      try {
        for (const path of reads()) {
          const fromFast = await send(tlsFast, 'GET', path, { ...headers, 'accept-encoding': 'br' });
          expect(fromFast).toEqual(await send(tlsHono, 'GET', path, { ...headers, 'accept-encoding': 'br' }));
          expect(fromFast.headers['strict-transport-security'] !== undefined).toBe(config.TRUST_PROXY !== 0);
        }
        expect(tlsHandedOn).toBe(0);
      } finally {
        for (const server of [tlsHono, tlsFast]) await new Promise((closed) => server.close(closed));
      }
    },
  );

  it('follows the catalog: a change is answered at once with the new body and ETag', async () => {
    const before = (await both('GET', `/api/products/${stole}`)).fromFast;
    const edited = await seller.patch(`/api/seller/products/${stole}`, { pricePaise: 99_900 });
    expect(edited.status).toBe(200);
    await api.settle();
    const { fromFast, fromHono, answeredFast } = await both('GET', `/api/products/${stole}`, {
      'if-none-match': before.headers.etag!,
    });
    expect(answeredFast).toBe(true);
    expect(fromFast).toEqual(fromHono);
    expect(fromFast.status).toBe(200);
    expect(decoded(fromFast)).toMatchObject({ pricePaise: 99_900 });
  });
});
