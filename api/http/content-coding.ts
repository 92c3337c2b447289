import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The content codings the API compresses with; browsers accept both. */
export type ContentCoding = 'br' | 'gzip';
export type Coding = ContentCoding | 'identity';

/** Smaller bodies go out as they are: a few hundred bytes saved do not pay for the work on both sides. */
export const MIN_COMPRESSED_BYTES = 1024;

/**
 * Fast levels: a catalog change (each order changes stock) throws the prepared bodies away, so
 * they are compressed again under load. On the 17 KB product list (measured 2026-11-23):
 * brotli 4 gives 3.6 KB in ~0.16 ms (5: 4% smaller in 3x the time; 11: 12% smaller in ~40 ms),
 * gzip 6 gives 3.7 KB in ~0.12 ms.
 */
const BROTLI_QUALITY = 4;
const GZIP_LEVEL = 6;

export function encode(bytes: Uint8Array, coding: ContentCoding): Uint8Array<ArrayBuffer> {
  const encoded =
    coding === 'br'
      ? brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        })
      : gzipSync(bytes, { level: GZIP_LEVEL });
  return encoded as Uint8Array<ArrayBuffer>;
}

/** Distinct Accept-Encoding values whose choice is kept; browsers send one or two. */
const CHOICES_KEPT = 64;
const choices = new Map<string, Coding>();

/**
 * The coding to answer an Accept-Encoding header with (RFC 9110, 12.5.3): of br and gzip, the
 * one with the higher q (br on a tie), `*` standing for any not named, q=0 refusing; identity
 * when the header is absent or accepts neither.
 */
export function negotiate(header: string | undefined): Coding {
  if (!header) return 'identity';
  let coding = choices.get(header);
  if (coding === undefined) {
    coding = choose(header);
    if (choices.size >= CHOICES_KEPT) choices.clear();
    choices.set(header, coding);
  }
  return coding;
}

function choose(header: string): Coding {
  const q = new Map<string, number>();
  for (const element of header.split(',')) {
    const [name = '', ...params] = element.split(';');
    const token = name.trim().toLowerCase();
    // "x-gzip" is the same as "gzip" (RFC 9110, 8.4.1.3).
    if (token) q.set(token === 'x-gzip' ? 'gzip' : token, weight(params));
  }
  const of = (coding: ContentCoding) => q.get(coding) ?? q.get('*') ?? 0;
  const [br, gzip] = [of('br'), of('gzip')];
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : 'identity';
}

/** The q parameter of an element, 1 without one; an unreadable one refuses, as identity is always safe. */
function weight(params: string[]): number {
  for (const param of params) {
    const [key = '', value = ''] = param.split('=');
    if (key.trim().toLowerCase() !== 'q') continue;
    return /^\s*[01](?:\.\d{0,3})?\s*$/.test(value) ? Math.min(1, Number(value)) : 0;
  }
  return 1;
}
