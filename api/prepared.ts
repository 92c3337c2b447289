import { createHash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';

/** A JSON body encoded once, with its strong ETag, served as is to every request until it changes. */
export interface Prepared {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly etag: string;
}

const encoder = new TextEncoder();

/** Encodes JSON text once; the ETag is a digest of the bytes, so it holds across restarts and instances. */
export function prepare(json: string): Prepared {
  const bytes = encoder.encode(json);
  return { bytes, etag: `"${createHash('sha1').update(bytes).digest('base64url')}"` };
}

/** If-None-Match compares weakly (RFC 9110, 13.1.2): `W/"x"` matches `"x"`, and `*` matches any body. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/**
 * Serves prepared bytes, typed as the JSON they hold so the route keeps its schema: 304 without a
 * body when the client already holds them. Caching headers (Cache-Control, Vary) come from the
 * middleware (cache-control.ts), on the 304 as well.
 */
export function servePrepared<T>(c: Context, body: Prepared) {
  const response = noneMatch(c.req.header('if-none-match'), body.etag)
    ? c.body(null, 304, { etag: body.etag })
    : c.body(body.bytes, 200, { 'content-type': 'application/json', etag: body.etag });
  return response as unknown as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}
