import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BlobStore } from '../../platform/blobs/port.ts';
import { type App, JSON_BODY_LIMIT, createApp } from '../app.ts';
import type { AppContext } from '../roles/context.ts';
import { LOCAL_ORIGIN } from '../testing/local-client.ts';
import { API_HEADERS, DOCUMENT_HEADERS, HSTS, securityHeaderSets } from './security-headers.ts';
import { listProduct, reject } from '../routes/catalog.fixtures.ts';
import { type Client, type TestApi, startTestApi } from '../testing/harness.ts';

/** The directives of a Content-Security-Policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy, 'Content-Security-Policy').toBeTruthy();
  return new Map(
    policy!
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

type Policy = 'spa' | 'api' | 'media' | 'docs';

/** What every response carries, whatever served it; `policy` names the Content-Security-Policy it must have. */
function expectSecured(headers: Headers, policy: Policy): void {
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('cross-origin-resource-policy')).toBe('same-origin');
  // What only a document acts on goes with pages and files, never with the API's answers.
  const document = policy !== 'api';
  for (const [name, value] of Object.entries(DOCUMENT_HEADERS))
    expect(headers.get(name), name).toBe(document ? value : null);
  expect(headers.get('strict-transport-security'), 'no HSTS over plain http').toBeNull();
  const csp = directives(headers.get('content-security-policy'));
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  for (const [name, values] of csp) expect(values, name).not.toContain("'unsafe-eval'");
  expect(csp.get('script-src') ?? csp.get('default-src'), 'script-src').not.toContain("'unsafe-inline'");
  if (policy === 'spa') {
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    // ...and the hosted checkout's origin: the API suites' test gateway on loopback.
    expect(csp.get('form-action')).toEqual(["'self'", expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/)]);
  } else if (policy === 'docs') {
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
  } else {
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.has('sandbox')).toBe(true);
  }
}

/** A response's headers without reading its body (an event stream never ends). */
async function headersOf(
  app: App,
  path: string,
  init: RequestInit & { cookie?: string | null } = {},
): Promise<{ status: number; headers: Headers }> {
  const headers = new Headers(init.headers);
  headers.set('origin', LOCAL_ORIGIN);
  if (init.cookie) headers.set('cookie', init.cookie);
  const response = await app.request(`${LOCAL_ORIGIN}${path}`, { ...init, headers });
  await response.body?.cancel();
  return { status: response.status, headers: response.headers };
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>');

describe('security headers', () => {
  let api: TestApi;
  let app: App;
  let spaRoot: string;
  let buyer: Client;
  let seller: Client;
  let productId: string;
  let unlistedId: string;

  beforeAll(async () => {
    api = await startTestApi();
    spaRoot = mkdtempSync(join(tmpdir(), 'mibi-spa-'));
    mkdirSync(join(spaRoot, 'assets'));
    writeFileSync(
      join(spaRoot, 'index.html'),
      '<!doctype html><title>MIBI</title><script type="module" src="/assets/app.js"></script>',
    );
    writeFileSync(join(spaRoot, 'assets', 'app.js'), 'console.log("MIBI")');
    app = createApp(api.ctx, { spaRoot });
    buyer = await api.signUp();
    seller = await api.signUp({ role: 'seller' });
    productId = (await listProduct(seller)).id;
    unlistedId = (await listProduct(seller, { name: 'Unlisted Lamp' })).id;
    await reject(api, unlistedId);
    await api.platform.blobs.put('tests/photo.png', PNG, 'image/png');
    await api.platform.blobs.put('tests/logo.svg', SVG, 'image/svg+xml');
    await api.platform.blobs.put('tests/page.html', Buffer.from('<h1>hi</h1>'), 'text/html');
    await api.settle();
  });
  afterAll(async () => {
    await api.close();
    rmSync(spaRoot, { recursive: true, force: true });
  });

  describe('the SPA', () => {
    it.each([
      '/',
      '/products',
      `/products/6f1c2e1a-8f51-4f0e-9f7a-2d7f3c9a1b20`,
      '/dashboard/buyer',
      '/reset-password?token=x',
    ])('%s: the page under the SPA policy, revalidated on each load', async (path) => {
      const { status, headers } = await headersOf(app, path);
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/text\/html/);
      expectSecured(headers, 'spa');
      expect(headers.get('cache-control')).toBe('no-cache');
    });

    it('its hashed assets: cached for good, with the headers; a missing one is a 404, not the page', async () => {
      const { status, headers } = await headersOf(app, '/assets/app.js');
      expect(status).toBe(200);
      expectSecured(headers, 'spa');
      expect(headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const missing = await headersOf(app, '/assets/gone-1234.js');
      expect(missing.status).toBe(404);
      expectSecured(missing.headers, 'spa');
      expect(missing.headers.get('cache-control')).toBeNull();
    });
  });

  describe('the JSON API', () => {
    it.each([
      ['/api/products', 'no-cache'],
      ['/api/categories', 'no-cache'],
      ['/api/returns/policy', 'no-cache'],
      ['/api/reference-rates', 'no-cache'],
      ['/api/openapi.json', 'no-cache'],
    ])('public %s stays cacheable (revalidated), under the API policy', async (path, cacheControl) => {
      const { headers } = await headersOf(app, path);
      expectSecured(headers, 'api');
      expect(headers.get('cache-control')).toBe(cacheControl);
    });

    it('a public product and its reviews vary by session: cacheable for visitors, private for the signed-in', async () => {
      for (const path of [`/api/products/${productId}`, `/api/products/${productId}/reviews`]) {
        const visitor = await headersOf(app, path);
        expect(visitor.status).toBe(200);
        expectSecured(visitor.headers, 'api');
        expect(visitor.headers.get('cache-control')).toBe('no-cache');
        expect(visitor.headers.get('vary')).toMatch(/\bCookie\b/);
        const signedIn = await headersOf(app, path, { cookie: buyer.cookie });
        expect(signedIn.headers.get('cache-control')).toBe('private, no-cache');
      }
    });

    it("a seller's own product that is not on sale is answered privately, never to a shared cache", async () => {
      const owner = await headersOf(app, `/api/products/${unlistedId}`, { cookie: seller.cookie });
      expect(owner.status).toBe(200);
      expect(owner.headers.get('cache-control')).toMatch(/\bprivate\b/);
      expect((await headersOf(app, `/api/products/${unlistedId}`)).status).toBe(404);
    });

    it.each([
      '/api/auth/me',
      '/api/orders',
      '/api/cart',
      '/api/notifications',
      '/api/help-requests',
      '/api/products/x/reviews/eligibility',
      '/api/health',
    ])('private %s: no-store', async (path) => {
      const { status, headers } = await headersOf(app, path, { cookie: buyer.cookie });
      expect(status).toBeLessThan(500);
      expectSecured(headers, 'api');
      expect(headers.get('cache-control')).toBe('no-store');
    });

    it("the signed-in seller's pages and every write: no-store", async () => {
      const list = await headersOf(app, '/api/seller/products', { cookie: seller.cookie });
      expect(list.status).toBe(200);
      expect(list.headers.get('cache-control')).toBe('no-store');
      const write = await headersOf(app, '/api/cart/items', {
        method: 'POST',
        cookie: buyer.cookie,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ productId, quantity: 1 }),
      });
      expect(write.status).toBeLessThan(300);
      expectSecured(write.headers, 'api');
      expect(write.headers.get('cache-control')).toBe('no-store');
    });

    it('a response that sets a cookie is never cacheable, even on a public path', async () => {
      const signIn = await headersOf(app, '/api/auth/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: buyer.user!.email, password: 'secret-pass' }),
      });
      expect(signIn.headers.get('set-cookie')).toBeTruthy();
      expect(signIn.headers.get('cache-control')).toBe('no-store');
      const staleCookie = await headersOf(app, '/api/products', { cookie: 'mibi_session=not-a-session' });
      expect(staleCookie.headers.get('set-cookie')).toBeTruthy();
      expect(staleCookie.headers.get('cache-control')).toBe('no-store');
    });

    it('the live stream: private, no-store, with the headers', async () => {
      const { status, headers } = await headersOf(app, '/api/live', { cookie: buyer.cookie });
      expect(status).toBe(200);
      expect(headers.get('content-type')).toMatch(/text\/event-stream/);
      expectSecured(headers, 'api');
      expect(headers.get('cache-control')).toBe('no-store');
    });

    it('the live stream as Node serves it (written straight to the socket): the same headers', async () => {
      const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
      await new Promise((listening) => server.once('listening', listening));
      const aborted = new AbortController();
      try {
        const { port } = server.address() as AddressInfo;
        const response = await fetch(`http://127.0.0.1:${port}/api/live`, {
          headers: { cookie: buyer.cookie! },
          signal: aborted.signal,
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toMatch(/text\/event-stream/);
        expectSecured(response.headers, 'api');
        expect(response.headers.get('cache-control')).toBe('no-store');
      } finally {
        aborted.abort();
        server.closeAllConnections();
        await new Promise((closed) => server.close(closed));
      }
    });

    it('every route of the API answers with the headers, and all but the public reads with no-store', async () => {
      const publicReads = new Set([
        '/api/products',
        '/api/products/:id',
        '/api/products/:id/reviews',
        '/api/products/options',
        '/api/sellers/:id',
        '/api/categories',
        '/api/returns/policy',
        '/api/reference-rates',
        '/api/provenance/:code',
        '/api/provenance/:code/qr.svg',
        '/api/provenance/:code/qr.png',
        '/api/openapi.json',
      ]);
      const routes = app.routes.filter(
        ({ method, path }) => method !== 'ALL' && path.startsWith('/api/') && !path.startsWith('/api/docs'),
      );
      expect(routes.length).toBeGreaterThan(50);
      for (const { method, path } of routes) {
        const url = path.replace(/:\w+/g, '00000000-0000-4000-8000-000000000000');
        // Reads as a signed-in buyer; writes anonymously (a 401 or 400), so none of them changes anything.
        const read = method === 'GET';
        const { status, headers } = await headersOf(app, url, {
          method,
          cookie: read ? buyer.cookie : null,
          ...(!read && { headers: { 'content-type': 'application/json' }, body: '{}' }),
        });
        expect(status, `${method} ${path}`).toBeLessThan(500);
        expectSecured(headers, 'api');
        const expected = read && publicReads.has(path) ? /^(private, )?no-cache$/ : /^no-store$/;
        expect(headers.get('cache-control'), `${method} ${path}`).toMatch(expected);
      }
    });
  });

  describe('errors', () => {
    it('404 of an unknown API path', async () => {
      const { status, headers } = await headersOf(app, '/api/no-such-thing');
      expect(status).toBe(404);
      expectSecured(headers, 'api');
      expect(headers.get('cache-control')).toBe('no-store');
    });

    it('404 of an unknown path without a built SPA', async () => {
      const { status, headers } = await headersOf(api.app, '/no-such-page');
      expect(status).toBe(404);
      expectSecured(headers, 'spa');
    });

    it('400 of a bad query', async () => {
      const { status, headers } = await headersOf(app, '/api/products?limit=0');
      expect(status).toBe(400);
      expectSecured(headers, 'api');
    });

    it('413 of a body over the limit', async () => {
      const { status, headers } = await headersOf(app, '/api/auth/signin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@b.in', password: 'x'.repeat(JSON_BODY_LIMIT) }),
      });
      expect(status).toBe(413);
      expectSecured(headers, 'api');
      expect(headers.get('cache-control')).toBe('no-store');
    });

    it('500 of a failure on our side', async () => {
      const failure = vi.spyOn(api.ctx.catalog, 'get').mockRejectedValueOnce(new Error('read model gone'));
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      try {
        const { status, headers } = await headersOf(app, '/api/products');
        expect(status).toBe(500);
        expectSecured(headers, 'api');
        // A public read: revalidated, like its answers.
        expect(headers.get('cache-control')).toBe('no-cache');
      } finally {
        failure.mockRestore();
        logged.mockRestore();
      }
    });
  });

  describe('/media', () => {
    it('a raster image: inline, sandboxed if opened, cached for good', async () => {
      const { status, headers } = await headersOf(app, '/media/tests/photo.png');
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe('image/png');
      expect(headers.get('content-disposition')).toBe('inline');
      expectSecured(headers, 'media');
      expect(headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
      expect(headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });

    it('an SVG (it can hold script): sandboxed and a download when opened directly', async () => {
      const { status, headers } = await headersOf(app, '/media/tests/logo.svg');
      expect(status).toBe(200);
      expect(headers.get('content-type')).toBe('image/svg+xml');
      expect(headers.get('content-disposition')).toBe('attachment; filename="logo.svg"');
      expectSecured(headers, 'media');
    });

    it('anything not an image: opaque bytes, a download', async () => {
      const { headers } = await headersOf(app, '/media/tests/page.html');
      expect(headers.get('content-type')).toBe('application/octet-stream');
      expect(headers.get('content-disposition')).toBe('attachment; filename="page.html"');
      expectSecured(headers, 'media');
    });

    it('a missing file: a 404 with the headers', async () => {
      const { status, headers } = await headersOf(app, '/media/tests/missing.png');
      expect(status).toBe(404);
      expectSecured(headers, 'spa');
    });
  });

  describe('the API reference', () => {
    it('is a page of our own scripts only, under its own policy', async () => {
      const response = await app.request(`${LOCAL_ORIGIN}/api/docs`);
      expect(response.status).toBe(200);
      expectSecured(response.headers, 'docs');
      const html = await response.text();
      const sources = [...html.matchAll(/<script\b([^>]*)>/g)].map(
        ([, attributes]) => /\bsrc="([^"]+)"/.exec(attributes!)?.[1],
      );
      expect(sources.length).toBeGreaterThan(0);
      expect(
        sources.every((src) => src?.startsWith('/api/docs/')),
        'no inline script, nothing from elsewhere',
      ).toBe(true);
      expect(html).not.toMatch(/https?:\/\//);

      for (const src of sources) {
        const script = await headersOf(app, src!, { headers: { 'accept-encoding': 'gzip' } });
        expect(script.status, src).toBe(200);
        expect(script.headers.get('content-type')).toMatch(/javascript/);
        expectSecured(script.headers, 'api');
      }
      const bundle = sources.find((src) => /scalar-[0-9a-f]+\.js$/.test(src!))!;
      const served = await headersOf(app, bundle, { headers: { 'accept-encoding': 'gzip' } });
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('content-encoding')).toBe('gzip');
      expect((await headersOf(app, '/api/docs/scalar-0000.js')).status).toBe(404);
    });

    it('starts Scalar on the OpenAPI document, with no fonts or telemetry from elsewhere', async () => {
      const init = await (await app.request(`${LOCAL_ORIGIN}/api/docs/init.js`)).text();
      expect(init).toContain("Scalar.createApiReference('#app'");
      expect(init).toContain('"url":"/api/openapi.json"');
      expect(init).toContain('"withDefaultFonts":false');
      expect(init).toContain('"telemetry":false');
    });
  });

  describe('over TLS', () => {
    const withConfig = (config: Partial<AppContext['config']>) =>
      createApp({ ...api.ctx, config: { ...api.ctx.config, ...config } }, { spaRoot });

    it('PUBLIC_URL https: HSTS for a year with subdomains on every response, and insecure requests upgraded', async () => {
      const tls = withConfig({ PUBLIC_URL: 'https://shop.example.in' });
      for (const path of ['/', '/api/products', '/media/tests/photo.png', '/api/docs', '/api/no-such-thing']) {
        const { headers } = await headersOf(tls, path);
        expect(headers.get('strict-transport-security'), path).toBe('max-age=31536000; includeSubDomains');
      }
      const csp = directives((await headersOf(tls, '/')).headers.get('content-security-policy'));
      expect(csp.has('upgrade-insecure-requests')).toBe(true);
    });

    it('X-Forwarded-Proto https counts only from a trusted proxy', async () => {
      const forwarded = { headers: { 'x-forwarded-proto': 'https' } };
      const trusting = withConfig({ TRUST_PROXY: 1 });
      expect((await headersOf(trusting, '/', forwarded)).headers.get('strict-transport-security')).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect((await headersOf(trusting, '/')).headers.get('strict-transport-security')).toBeNull();
      const untrusting = withConfig({ TRUST_PROXY: 0 });
      expect((await headersOf(untrusting, '/', forwarded)).headers.get('strict-transport-security')).toBeNull();
    });
  });

  it("lets the SPA load images from the image store's own origin when it is not ours (S3, a CDN)", async () => {
    const blobs: BlobStore = Object.assign(Object.create(api.platform.blobs), {
      publicUrl: (key: string) => `https://cdn.example.in/mibi/${key}`,
    });
    const s3 = createApp({ ...api.ctx, platform: { ...api.ctx.platform, blobs } }, { spaRoot });
    const csp = directives((await headersOf(s3, '/')).headers.get('content-security-policy'));
    expect(csp.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https://cdn.example.in']);
  });
});

describe('securityHeaderSets', () => {
  const headersOfSet = (set: ReadonlyArray<readonly [string, string]>) =>
    new Headers(set.map(([name, value]) => [name, value]));

  it('makes the set of each kind of response once: the API policy or the SPA one, HSTS only over TLS', () => {
    const sets = securityHeaderSets({ imageOrigin: null, checkoutOrigin: 'http://127.0.0.1:4010' });
    expect(sets.api).toBe(API_HEADERS);
    for (const kind of ['api', 'spa'] as const) {
      const plain = headersOfSet(sets[kind].plain);
      expectSecured(plain, kind);
      const tls = headersOfSet(sets[kind].tls);
      expect(tls.get('strict-transport-security')).toBe(HSTS);
      expect([...tls.keys()].sort()).toEqual([...plain.keys(), 'strict-transport-security'].sort());
    }
    expect(directives(headersOfSet(sets.spa.tls).get('content-security-policy')).has('upgrade-insecure-requests')).toBe(
      true,
    );
    const withCdn = securityHeaderSets({
      imageOrigin: 'https://cdn.example.in',
      checkoutOrigin: 'https://api.razorpay.com',
    });
    expect(directives(headersOfSet(withCdn.spa.plain).get('content-security-policy')).get('img-src')).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://cdn.example.in',
    ]);
    expect(directives(headersOfSet(withCdn.spa.plain).get('content-security-policy')).get('form-action')).toEqual([
      "'self'",
      'https://api.razorpay.com',
    ]);
  });
});
