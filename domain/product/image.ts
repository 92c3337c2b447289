/** Rules for a product image the seller uploads (spec section 5). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Decoded, 50 megapixels take about 200 MB: a 5 MB PNG can hold far more, so larger images are refused. */
export const MAX_IMAGE_MEGAPIXELS = 50;

export const ALLOWED_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

export const IMAGE_TOO_LARGE = {
  title: /*i18n*/ 'File too large',
  description: /*i18n*/ 'Image must be less than 5MB',
} as const;
export const INVALID_IMAGE_TYPE = { title: 'Invalid file type', description: 'Please upload an image file' } as const;

export type ImageUploadProblem = typeof IMAGE_TOO_LARGE | typeof INVALID_IMAGE_TYPE;

/**
 * The toast for a file that may not be uploaded, or null when it may. `type` is the
 * declared media type, so a server should also check the bytes themselves.
 */
export function imageUploadProblem(file: { size: number; type: string }): ImageUploadProblem | null {
  if (file.size > MAX_IMAGE_BYTES) return IMAGE_TOO_LARGE;
  return (ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type) ? null : INVALID_IMAGE_TYPE;
}

/** A product shows at most this many images; the first is its main image. */
export const MAX_PRODUCT_IMAGES = 6;

/**
 * The widths (CSS pixels at 1x and 2x of the card and the page) every upload is stored at, as
 * WebP: the browser picks one from the `srcset`. An image narrower than one is not enlarged.
 */
export const IMAGE_WIDTHS = [320, 640, 1024] as const;

/** One stored width of an image. */
export interface ImageSize {
  width: number;
  url: string;
}

/** An image of a product, as its events and read models keep it. */
export interface ProductImage {
  /** The upload it came from; for an image kept as one file before uploads were resized, its URL. */
  id: string;
  /** The widest size: where one address is shown (a cart line, an order, an older client). */
  url: string;
  /** Every stored width, narrowest first; empty for an image kept as one file of unknown width. */
  sizes: ImageSize[];
}

/** An image stored as one file, before uploads were resized: named by its URL, with no sizes. */
export const singleFileImage = (url: string): ProductImage => ({ id: url, url, sizes: [] });

/** The main image's address, which products also keep as `imageUrl`. */
export const mainImageUrl = (images: readonly ProductImage[]): string | null => images[0]?.url ?? null;

/** Images compared by id: an upload's stored sizes never change. */
export const sameImages = (a: readonly ProductImage[], b: readonly ProductImage[]): boolean =>
  a.length === b.length && a.every((image, i) => image.id === b[i]!.id);
