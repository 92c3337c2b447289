/**
 * A product image as the catalog serves it: turned upright, then stored at each of
 * IMAGE_WIDTHS as WebP, so a phone loads a 320 px file where a desktop loads 1024. Encoding
 * anew keeps no metadata: a phone photo's EXIF (its GPS position among it) never reaches buyers.
 * The work is done in the image process (image-process.ts, image-jobs.ts).
 */
import { MAX_IMAGE_MEGAPIXELS } from '../../domain/product/image.ts';
import { ApiError } from '../http/errors.ts';
import type { ResizeProblem, ResizedImage } from './image-jobs.ts';
import { runImageJob } from './image-process.ts';
import { logger } from '../../platform/log.ts';

const log = logger('images');

export type { ResizeProblem, ResizedImage } from './image-jobs.ts';

export class ResizeError extends Error {
  constructor(readonly problem: ResizeProblem) {
    super(
      problem === 'unreadable'
        ? 'The image could not be read'
        : `The image has more than ${MAX_IMAGE_MEGAPIXELS} megapixels`,
    );
    this.name = 'ResizeError';
  }
}

/** What a seller hears when the image process fails on our side (it stopped, or could not start). */
export const IMAGES_UNAVAILABLE = 'The image could not be processed just now. Please try again.';

/**
 * `data` (a PNG, JPEG, WEBP or GIF; an animation's first frame) at each width, narrowest first,
 * as WebP. A ResizeError for an image refused; a 503 when the image process failed under the
 * job (killed, out of memory, not started): nothing was stored, and the same upload may succeed.
 */
export async function resizedImages(data: Buffer): Promise<ResizedImage[]> {
  const outcome = await runImageJob({ type: 'resize', data });
  if (outcome.ok) return outcome.value;
  if (outcome.problem) throw new ResizeError(outcome.problem);
  log.error(`resizing an image failed: ${outcome.message}`);
  throw new ApiError(503, 'images_unavailable', IMAGES_UNAVAILABLE);
}
