/**
 * Product images: a seller's upload, or the image at a URL they give, fetched once by the
 * server. Either way the image is judged by its bytes, resized into the catalog's widths as
 * WebP (api/images/resize.ts), stored under fresh keys and recorded as an upload of its seller,
 * and the product shows our copy, so buyers' browsers never load a seller's server.
 */
import type { Actor } from '../../domain/actor.ts';
import { INVALID_IMAGE_TYPE, type ProductImage, singleFileImage } from '../../domain/product/image.ts';
import { imageUploadDecider, imageUploadStream } from '../../domain/product/image-upload.ts';
import { PRODUCT_MESSAGES } from '../../domain/product/schemas.ts';
import { type BlobStore, assertBlobKey } from '../../platform/blobs/port.ts';
import { ApiError } from '../http/errors.ts';
import { type CheckedImage, checkedImage } from '../images/checked-image.ts';
import {
  RemoteImageError,
  type RemoteImageFetcher,
  type RemoteImageProblem,
  remoteImageFetcher,
} from '../images/remote-image.ts';
import { type ResizeProblem, ResizeError, resizedImages } from '../images/resize.ts';
import type { CommandContext } from './context.ts';
import { assertActorMaySell } from './sellers.ts';

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

const publicImages = remoteImageFetcher();

/** A resize refused, as an upload answers it. */
export const UPLOAD_REFUSALS: Record<ResizeProblem, () => ApiError> = {
  unreadable: () => new ApiError(415, 'invalid_file_type', INVALID_IMAGE_TYPE.description),
  too_many_pixels: () => new ApiError(413, 'file_too_large', PRODUCT_MESSAGES.imageTooManyPixels),
};

/**
 * Stores `file` as a product image of `actor`, judged by its content (a 413 or 415 otherwise):
 * the image as products keep it, whose `id` a product names in its `images`.
 */
export async function uploadProductImage(cx: UploadContext, actor: Actor, file: File): Promise<ProductImage> {
  await assertActorMaySell(cx, actor);
  return uploadImage(cx, 'products', actor.userId, file);
}

/**
 * Stores `file` as an image of `userId` in a conversation, judged as a product image is (a 413
 * or 415 otherwise); a message names it by its `id`.
 */
export const uploadMessageImage = (cx: UploadContext, userId: string, file: File): Promise<ProductImage> =>
  uploadImage(cx, 'messages', userId, file);

async function uploadImage(cx: UploadContext, folder: ImageFolder, userId: string, file: File): Promise<ProductImage> {
  const image = await checkedImage(file);
  try {
    return await storeImage(cx, folder, userId, image);
  } catch (error) {
    if (error instanceof ResizeError) throw UPLOAD_REFUSALS[error.problem]();
    throw error;
  }
}

/** Where an upload's widths are stored: a product's images, or a conversation's. */
type ImageFolder = 'products' | 'messages';

/** Resizes, stores every width under the upload's own folder (keys are never reused: cached for good), and records the upload. */
async function storeImage(
  cx: UploadContext,
  folder: ImageFolder,
  userId: string,
  image: CheckedImage,
): Promise<ProductImage> {
  const resized = await resizedImages(image.data);
  const uploadId = cx.newId();
  const { blobs } = cx.platform;
  const sizes = await Promise.all(
    resized.map(async ({ width, data }) => {
      const key = `${folder}/${userId}/${uploadId}/${width}.webp`;
      await blobs.put(key, data, 'image/webp');
      return { width, url: blobs.publicUrl(key) };
    }),
  );
  const url = sizes[sizes.length - 1]!.url;
  const upload = { uploadId, by: userId, url, sizes, at: cx.now() };
  await cx.streams.handle(
    imageUploadStream(uploadId),
    imageUploadDecider,
    { type: 'RecordImageUpload', upload },
    { actor: userId },
  );
  return { id: uploadId, url, sizes };
}

/** The upload `uploadId` of `userId`, as a product image; null when there is none of theirs. */
export async function uploadOf(cx: CommandContext, userId: string, uploadId: string): Promise<ProductImage | null> {
  // Upload ids are UUIDs: anything else (an older image's URL) names no upload stream.
  if (!/^[A-Za-z0-9-]{1,64}$/.test(uploadId)) return null;
  const { state } = await cx.streams.load(imageUploadStream(uploadId), imageUploadDecider);
  return state && state.by === userId ? { id: uploadId, url: state.url, sizes: state.sizes } : null;
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

const RESIZE_MESSAGES: Record<ResizeProblem, string> = {
  unreadable: PRODUCT_MESSAGES.imageUrlNotImage,
  too_many_pixels: PRODUCT_MESSAGES.imageTooManyPixels,
};

/**
 * The image an `imageUrl` gives a product (clients before galleries name one image so): one
 * of `own` (the product's images) when it is the address of one, one of our stored images as
 * it is, or the image at an https URL fetched now and stored as `sellerId`'s upload. Anything
 * else is a 400 on `imageUrl`.
 */
export async function imageAtUrl(
  cx: ImageImportContext,
  sellerId: string,
  imageUrl: string,
  own: readonly ProductImage[],
): Promise<ProductImage> {
  const kept = own.find((image) => image.url === imageUrl);
  if (kept) return kept;
  const key = storedKey(cx.platform.blobs, imageUrl);
  if (key !== null) {
    // Another seller's upload stays theirs, named by its address as by its id.
    if (key.startsWith('products/') && !key.startsWith(`products/${sellerId}/`))
      throw imageUrlRefused(PRODUCT_MESSAGES.imageUnknown);
    // One size of an upload (what an older client sends back from the upload's answer) stands for the upload.
    const uploadId = key.split('/')[2];
    return (uploadId !== undefined && (await uploadOf(cx, sellerId, uploadId))) || singleFileImage(imageUrl);
  }
  // Another path of this site (an API route, a page) is no image of ours.
  if (imageUrl.startsWith('/')) throw imageUrlRefused(PRODUCT_MESSAGES.imageUrlNotOurs);
  try {
    return await storeImage(cx, 'products', sellerId, await (cx.remoteImages ?? publicImages)(imageUrl));
  } catch (error) {
    if (error instanceof RemoteImageError) throw imageUrlRefused(IMAGE_URL_MESSAGES[error.problem]);
    if (error instanceof ResizeError) throw imageUrlRefused(RESIZE_MESSAGES[error.problem]);
    throw error;
  }
}

/**
 * The key `url` is the address of in the blob store (`/media/products/...`, or the bucket's
 * address), or null: only a proper key, so `/media/../api/...` is not taken for an image.
 */
function storedKey(blobs: Pick<BlobStore, 'publicUrl'>, url: string): string | null {
  const probe = 'probe';
  const base = blobs.publicUrl(probe).slice(0, -probe.length);
  if (!url.startsWith(base)) return null;
  const key = url.slice(base.length);
  try {
    assertBlobKey(key);
    return key;
  } catch {
    return null;
  }
}
