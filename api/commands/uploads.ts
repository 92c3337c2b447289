/**
 * Product images: a seller's upload, or the image at a URL they give, fetched once by the
 * server. Either way the image is judged by its bytes and stored under a fresh key, and the
 * product shows our copy, so buyers' browsers never load a seller's server.
 */
import type { Actor } from '../../domain/actor.ts';
import { PRODUCT_MESSAGES } from '../../domain/product/schemas.ts';
import { type BlobStore, assertBlobKey } from '../../platform/blobs/port.ts';
import { ApiError } from '../errors.ts';
import { type CheckedImage, checkedImage } from '../images.ts';
import { RemoteImageError, type RemoteImageFetcher, type RemoteImageProblem, remoteImageFetcher } from '../images/remote-image.ts';
import type { CommandContext } from './context.ts';

/** An upload writes to the blob store. */
export interface UploadContext extends CommandContext {
  platform: { blobs: Pick<BlobStore, 'put' | 'publicUrl'> };
}

/** Taking a product's image URL may fetch it. */
export interface ImageImportContext extends UploadContext {
  /**
   * Fetches a seller's image URL; absent, the production fetcher, which reaches public
   * addresses only. Tests give one that may reach their own server on 127.0.0.1.
   */
  remoteImages?: RemoteImageFetcher;
}

export interface Uploaded {
  /** Where the image is served: the imageUrl of a product. */
  url: string;
}

const publicImages = remoteImageFetcher();

/** Stores `file` as a product image of `actor`, judged by its content (a 413 or 415 otherwise). */
export async function uploadProductImage(cx: UploadContext, actor: Actor, file: File): Promise<Uploaded> {
  return storeProductImage(cx, actor, await checkedImage(file));
}

async function storeProductImage(cx: UploadContext, actor: Actor, image: CheckedImage): Promise<Uploaded> {
  const key = `products/${actor.userId}/${Date.parse(cx.now())}-${cx.newId()}.${image.extension}`;
  await cx.platform.blobs.put(key, image.data, image.contentType);
  return { url: cx.platform.blobs.publicUrl(key) };
}

const IMAGE_URL_MESSAGES: Record<RemoteImageProblem, string> = {
  invalid: PRODUCT_MESSAGES.imageUrlInvalid,
  insecure: PRODUCT_MESSAGES.imageUrlInsecure,
  not_public: PRODUCT_MESSAGES.imageUrlNotPublic,
  unreachable: PRODUCT_MESSAGES.imageUrlUnreachable,
  too_large: PRODUCT_MESSAGES.imageUrlTooLarge,
  not_image: PRODUCT_MESSAGES.imageUrlNotImage,
};

const imageUrlRefused = (message: string) => new ApiError(400, 'validation_failed', message, { imageUrl: message });

/**
 * The image URL a product keeps: none, one of our stored images as it is, or the image at an
 * https URL fetched now and stored as `actor`'s. Anything else is a 400 on `imageUrl`.
 */
export async function productImageUrl(cx: ImageImportContext, actor: Actor, imageUrl: string | null): Promise<string | null> {
  if (imageUrl === null || isStoredImage(cx.platform.blobs, imageUrl)) return imageUrl;
  // Another path of this site (an API route, a page) is no image of ours.
  if (imageUrl.startsWith('/')) throw imageUrlRefused(PRODUCT_MESSAGES.imageUrlNotOurs);
  let image: CheckedImage;
  try {
    image = await (cx.remoteImages ?? publicImages)(imageUrl);
  } catch (error) {
    if (error instanceof RemoteImageError) throw imageUrlRefused(IMAGE_URL_MESSAGES[error.problem]);
    throw error;
  }
  return (await storeProductImage(cx, actor, image)).url;
}

/**
 * Whether `url` is where the blob store serves one of its keys (`/media/products/...`, or the
 * bucket's address): a proper key, so `/media/../api/...` is not taken for an image.
 */
function isStoredImage(blobs: Pick<BlobStore, 'publicUrl'>, url: string): boolean {
  const probe = 'probe';
  const base = blobs.publicUrl(probe).slice(0, -probe.length);
  if (!url.startsWith(base)) return false;
  try {
    assertBlobKey(url.slice(base.length));
    return true;
  } catch {
    return false;
  }
}
