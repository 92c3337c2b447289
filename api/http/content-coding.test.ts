import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { encode, negotiate } from './content-coding.ts';

describe('negotiate', () => {
  it.each([
    [undefined, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['x-gzip', 'gzip'],
    ['GZIP', 'gzip'],
    ['br', 'br'],
    ['deflate', 'identity'],
    ['identity', 'identity'],
    ['*', 'br'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip;q=0.8, br;q=0.8', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*;q=0', 'identity'],
    ['gzip, *;q=0', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['br;q=nonsense, gzip;q=0.1', 'gzip'],
    ['br ; q=0.5 , gzip ; q=0.4', 'br'],
  ])('%s -> %s', (header, coding) => {
    expect(negotiate(header)).toBe(coding);
    expect(negotiate(header), 'the kept choice').toBe(coding);
  });
});

describe('encode', () => {
  const json = Buffer.from(
    JSON.stringify({ items: Array.from({ length: 50 }, (_, i) => ({ id: i, name: `Product ${i}` })) }),
  );

  it('brotli and gzip give back the same bytes, smaller', () => {
    const br = encode(json, 'br');
    const gzip = encode(json, 'gzip');
    expect(brotliDecompressSync(br)).toEqual(json);
    expect(gunzipSync(gzip)).toEqual(json);
    expect(br.byteLength).toBeLessThan(json.byteLength / 3);
    expect(gzip.byteLength).toBeLessThan(json.byteLength / 3);
  });
});
