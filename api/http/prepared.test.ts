import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { noneMatch, prepare, servePrepared } from './prepared.ts';

const LARGE = JSON.stringify({
  items: Array.from({ length: 40 }, (_, i) => ({ id: `p-${i}`, name: `Handwoven stole ${i}` })),
});
const SMALL = JSON.stringify({ items: [] });

describe('Prepared', () => {
  it('keeps a representation per coding: the same JSON, each with its own strong ETag', () => {
    const body = prepare(LARGE);
    const [identity, br, gzip] = [
      body.representation('identity'),
      body.representation('br'),
      body.representation('gzip'),
    ];
    expect(Buffer.from(identity.bytes).toString()).toBe(LARGE);
    expect(brotliDecompressSync(br.bytes).toString()).toBe(LARGE);
    expect(gunzipSync(gzip.bytes).toString()).toBe(LARGE);
    expect(identity.etag).toMatch(/^"[\w-]+"$/);
    expect(br.etag).toBe(`${identity.etag.slice(0, -1)}-br"`);
    expect(gzip.etag).toBe(`${identity.etag.slice(0, -1)}-gzip"`);
    expect(br.headers).toEqual({
      'content-type': 'application/json',
      etag: br.etag,
      'content-encoding': 'br',
      'content-length': String(br.bytes.byteLength),
    });
    expect(identity.headers).toEqual({
      'content-type': 'application/json',
      etag: identity.etag,
      'content-length': String(LARGE.length),
    });
  });

  it('compresses each coding once, on first use', () => {
    const body = prepare(LARGE);
    expect(body.representation('br')).toBe(body.representation('br'));
    expect(body.negotiated('gzip, deflate, br')).toBe(body.representation('br'));
    expect(body.negotiated(undefined)).toBe(body.identity);
  });

  it('sends a body under a kilobyte as it is, whatever the client accepts', () => {
    const body = prepare(SMALL);
    expect(body.representation('br')).toBe(body.identity);
    expect(body.negotiated('br')).toBe(body.identity);
  });

  it('names the same bytes with the same ETag, across instances', () => {
    expect(prepare(LARGE).representation('br').etag).toBe(prepare(LARGE).representation('br').etag);
    expect(prepare(LARGE).identity.etag).not.toBe(prepare(SMALL).identity.etag);
  });
});

describe('noneMatch', () => {
  it('compares weakly, a list or * included', () => {
    expect(noneMatch('"a-br"', '"a-br"')).toBe(true);
    expect(noneMatch('W/"a-br"', '"a-br"')).toBe(true);
    expect(noneMatch('"x", "a-br"', '"a-br"')).toBe(true);
    expect(noneMatch('*', '"a-br"')).toBe(true);
    expect(noneMatch('"a"', '"a-br"')).toBe(false);
    expect(noneMatch(undefined, '"a"')).toBe(false);
  });
});

describe('servePrepared', () => {
  const body = prepare(LARGE);
  const app = new Hono().get('/', (c) => servePrepared(c, body));
  const get = (headers: Record<string, string> = {}) => app.request('/', { headers });

  it('answers in the coding asked for, varying by Accept-Encoding', async () => {
    const br = await get({ 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('etag')).toBe(body.representation('br').etag);
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(LARGE);
    const plain = await get();
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(LARGE);
  });

  it('answers 304 for the ETag of the coding it would send, and the body for the tag of another', async () => {
    for (const coding of ['br', 'gzip', 'identity'] as const) {
      const etag = body.representation(coding).etag;
      const again = await get({ 'accept-encoding': coding, 'if-none-match': etag });
      expect(again.status).toBe(304);
      expect(again.body).toBeNull();
      expect(again.headers.get('etag')).toBe(etag);
      expect(again.headers.get('vary')).toBe('Accept-Encoding');
      expect(again.headers.get('content-encoding')).toBeNull();
    }
    const other = await get({ 'accept-encoding': 'gzip', 'if-none-match': body.representation('br').etag });
    expect(other.status).toBe(200);
    expect(other.headers.get('content-encoding')).toBe('gzip');
  });
});
