import { createHash } from 'node:crypto';
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import { type Coding, type ContentCoding, MIN_COMPRESSED_BYTES, encode, negotiate } from './content-coding.ts';

/** One coding of a prepared body: its bytes, its own strong ETag and its own headers. */
export interface Representation {
  readonly bytes: Uint8Array<ArrayBuffer>;
  readonly etag: string;
  /** Content-Type, ETag, Content-Encoding (unless identity) and Content-Length of a 200. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * Every prepared response varies by Accept-Encoding, a small body too: the same resource may
 * go out compressed once it grows past MIN_COMPRESSED_BYTES.
 */
export const VARY_CODING = 'Accept-Encoding';

/** The 304 of `servePrepared`, for the route's OpenAPI responses. */
export const NOT_MODIFIED = { description: 'Not modified: If-None-Match names the current ETag; no body' };

const encoder = new TextEncoder();

function represent(bytes: Uint8Array<ArrayBuffer>, etag: string, coding: Coding, contentType: string): Representation {
  const headers: Record<string, string> = {
    'content-type': contentType,
    etag,
    ...(coding !== 'identity' && { 'content-encoding': coding }),
    'content-length': String(bytes.byteLength),
  };
  return { bytes, etag, headers };
}

/**
 * A body (JSON unless told otherwise) encoded once, served as is to every request until it changes. Its compressed
 * codings are made on the first request that asks for each, then kept with it. Each coding is
 * a representation of its own (RFC 9110, 8.8.3): the identity's ETag is a digest of its bytes,
 * so it holds across restarts and instances, and a compressed one adds its coding to it, so a
 * client never gets a 304 for bytes in a coding it does not hold. (Compressed bytes are
 * zlib's at a fixed level: the same in every instance of one build of Node.)
 */
export class Prepared {
  readonly identity: Representation;
  readonly #digest: string;
  readonly #contentType: string;
  readonly #encoded = new Map<ContentCoding, Representation>();

  constructor(body: string, contentType = 'application/json') {
    const bytes = encoder.encode(body);
    this.#digest = createHash('sha1').update(bytes).digest('base64url');
    this.#contentType = contentType;
    this.identity = represent(bytes, `"${this.#digest}"`, 'identity', contentType);
  }

  /** The body's own bytes, uncompressed. */
  get bytes(): Uint8Array<ArrayBuffer> {
    return this.identity.bytes;
  }

  /** The representation in `coding`; identity for a body too small to compress. */
  representation(coding: Coding): Representation {
    if (coding === 'identity' || this.identity.bytes.byteLength < MIN_COMPRESSED_BYTES) return this.identity;
    let encoded = this.#encoded.get(coding);
    if (!encoded) {
      encoded = represent(
        encode(this.identity.bytes, coding),
        `"${this.#digest}-${coding}"`,
        coding,
        this.#contentType,
      );
      this.#encoded.set(coding, encoded);
    }
    return encoded;
  }

  /** The representation an Accept-Encoding header asks for. */
  negotiated(acceptEncoding: string | undefined): Representation {
    return this.representation(negotiate(acceptEncoding));
  }
}

export const prepare = (json: string): Prepared => new Prepared(json);

/** If-None-Match compares weakly (RFC 9110, 13.1.2): `W/"x"` matches `"x"`, and `*` matches any body. */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || (trimmed.startsWith('W/') ? trimmed.slice(2) : trimmed) === etag;
  });
}

/**
 * Serves prepared bytes in the coding the client accepts, typed as the JSON they hold so the
 * route keeps its schema: 304 without a body when the client already holds that
 * representation. Caching headers (Cache-Control, Vary: Cookie) come from the middleware
 * (cache-control.ts), on the 304 as well.
 */
export function servePrepared<T>(c: Context, body: Prepared) {
  const representation = body.negotiated(c.req.header('accept-encoding'));
  const response = noneMatch(c.req.header('if-none-match'), representation.etag)
    ? c.body(null, 304, { etag: representation.etag, vary: VARY_CODING })
    : c.body(representation.bytes, 200, { ...representation.headers, vary: VARY_CODING });
  return response as unknown as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}
