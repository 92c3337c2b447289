import type { MiddlewareHandler } from 'hono';
import { MIN_COMPRESSED_BYTES, encode, negotiate } from './content-coding.ts';

const JSON_TYPE = /^application\/(?:[\w.+-]*\+)?json\s*(?:;|$)/i;
const VARIES_BY_CODING = /(?:^|,)\s*accept-encoding\s*(?:,|$)/i;

/**
 * Compresses the JSON answers of the API from MIN_COMPRESSED_BYTES up, in the coding the
 * client prefers (content-coding.ts). JSON bodies are whole strings already, so this buffers
 * nothing that was not; event streams and downloads are not JSON and pass untouched, and so
 * does what chose its coding itself (prepared bodies say so with Vary: Accept-Encoding).
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // Status and headers only: reading `body` would make node-server build a web Response.
    if (
      c.req.method === 'HEAD' ||
      res.status === 204 ||
      res.status === 304 ||
      !JSON_TYPE.test(res.headers.get('content-type') ?? '')
    )
      return;
    const vary = res.headers.get('vary');
    if (res.headers.has('content-encoding') || vary === '*' || (vary && VARIES_BY_CODING.test(vary))) return;
    res.headers.set('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const coding = negotiate(c.req.header('accept-encoding'));
    if (coding === 'identity') return;
    const bytes = new Uint8Array(await res.arrayBuffer());
    // The body was read: it goes out again, compressed or (when small) as it was.
    const compressed = bytes.byteLength >= MIN_COMPRESSED_BYTES;
    c.res = new Response(compressed ? encode(bytes, coding) : bytes, res);
    if (!compressed) return;
    const headers = c.res.headers;
    headers.set('content-encoding', coding);
    headers.delete('content-length');
    // Other bytes than the ones the route's strong ETag named: at most the same content.
    const etag = headers.get('etag');
    if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
  };
}
