import type { Context } from 'hono';
import { ALLOWED_IMAGE_TYPES } from '../../domain/product/image.ts';
import type { BlobStore } from '../../platform/blobs/port.ts';
import { errorBody } from './errors.ts';

/**
 * A stored file opened as a page of its own (an SVG can hold script) runs nothing, loads
 * nothing and gets an origin of its own. <img> ignores this policy, so images still show.
 */
export const MEDIA_POLICY = "default-src 'none'; frame-ancestors 'none'; sandbox";

const RASTER_TYPES: ReadonlySet<string> = new Set(ALLOWED_IMAGE_TYPES);

/**
 * The headers of a stored file. Raster images (what uploads accept) show inline; anything else
 * (the demo's generated SVGs, a type we do not know) is a download when opened directly, while
 * <img> ignores Content-Disposition and keeps showing it. A type that is not an image at all is
 * served as opaque bytes.
 */
export function mediaHeaders(key: string, contentType: string): Record<string, string> {
  const name = key.slice(key.lastIndexOf('/') + 1); // blob keys are [A-Za-z0-9._-] segments: safe in quotes
  const raster = RASTER_TYPES.has(contentType);
  const type = raster || contentType === 'image/svg+xml' ? contentType : 'application/octet-stream';
  return {
    'content-type': type,
    'content-disposition': raster ? 'inline' : `attachment; filename="${name}"`,
    'content-security-policy': MEDIA_POLICY,
    'x-content-type-options': 'nosniff',
    // Keys are never reused for other content: a new image gets a new key.
    'cache-control': 'public, max-age=31536000, immutable',
  };
}

/** Blob keys under this folder (certificates' evidence) are never served here: only through their authorized downloads. */
export const PRIVATE_BLOB_FOLDER = 'private/';

/** GET /media/<key>: a file of the blob store, for stores whose public URLs point here. */
export function serveMedia(blobs: Pick<BlobStore, 'get'>) {
  return async (c: Context) => {
    const key = c.req.path.slice('/media/'.length);
    const blob = key.startsWith(PRIVATE_BLOB_FOLDER) ? null : await blobs.get(key).catch(() => null);
    if (!blob) return c.json(errorBody('not_found', /*i18n*/ 'Image not found'), 404);
    return c.body(new Uint8Array(blob.data), 200, mediaHeaders(key, blob.contentType));
  };
}
