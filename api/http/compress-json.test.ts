import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { describe, expect, it } from 'vitest';
import { compressJson } from './compress-json.ts';
import { prepare, servePrepared } from './prepared.ts';

const LARGE = { items: Array.from({ length: 40 }, (_, i) => ({ id: `order-${i}`, status: 'pending' })) };
const LARGE_TEXT = JSON.stringify(LARGE);

const app = new Hono()
  .use('*', compressJson())
  .get('/large', (c) => c.json(LARGE))
  .get('/small', (c) => c.json({ ok: true }))
  .get('/tagged', (c) => c.json(LARGE, 200, { etag: '"v1"' }))
  .get('/error', (c) => c.json({ error: { code: 'not_found', message: 'x'.repeat(2000) } }, 404))
  .get('/csv', (c) => c.body('a,b\n'.repeat(1000), 200, { 'content-type': 'text/csv' }))
  .get('/prepared', (c) => servePrepared(c, prepare(LARGE_TEXT)))
  .get('/live', (c) => streamSSE(c, async (stream) => stream.writeSSE({ data: LARGE_TEXT })));

const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  app.request(path, { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

describe('compressJson', () => {
  it('compresses JSON from a kilobyte up, in the coding the client prefers', async () => {
    const br = await get('/large', 'gzip, deflate, br');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('content-type')).toMatch(/^application\/json/);
    expect(JSON.parse(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString())).toEqual(LARGE);
    const gzip = await get('/large', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(JSON.parse(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString())).toEqual(LARGE);
    const error = await get('/error', 'br');
    expect(error.status).toBe(404);
    expect(error.headers.get('content-encoding')).toBe('br');
  });

  it('sends small bodies and clients that accept no coding the JSON as it is, varying by Accept-Encoding', async () => {
    for (const [path, coding] of [
      ['/small', 'br'],
      ['/large', undefined],
      ['/large', 'identity'],
    ] as const) {
      const response = await get(path, coding);
      expect(response.headers.get('content-encoding'), `${path} ${coding}`).toBeNull();
      expect(response.headers.get('vary')).toBe('Accept-Encoding');
      expect(await response.json()).toEqual(path === '/small' ? { ok: true } : LARGE);
    }
  });

  it("weakens a route's strong ETag: the compressed bytes are not the ones it named", async () => {
    expect((await get('/tagged', 'br')).headers.get('etag')).toBe('W/"v1"');
    expect((await get('/tagged')).headers.get('etag')).toBe('"v1"');
  });

  it('leaves alone what is not JSON, what chose its coding itself, and HEAD', async () => {
    const csv = await get('/csv', 'br');
    expect(csv.headers.get('content-encoding')).toBeNull();
    const prepared = await get('/prepared', 'gzip');
    expect(prepared.headers.get('content-encoding')).toBe('gzip');
    expect(prepared.headers.get('etag')).toMatch(/^"[\w-]+-gzip"$/);
    expect(prepared.headers.get('vary')).toBe('Accept-Encoding');
    const head = await get('/large', 'br', 'HEAD');
    expect(head.headers.get('content-encoding')).toBeNull();
  });

  it('never compresses nor holds back an event stream', async () => {
    const live = await get('/live', 'br');
    expect(live.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(live.headers.get('content-encoding')).toBeNull();
    expect(await live.text()).toContain(LARGE_TEXT);
  });
});
