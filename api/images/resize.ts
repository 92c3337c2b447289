/**
 * A product image as the catalog serves it: turned upright, then stored at each of
 * IMAGE_WIDTHS as WebP, so a phone loads a 320 px file where a desktop loads 1024. Encoding
 * anew keeps no metadata: a phone photo's EXIF (its GPS position among it) never reaches buyers.
 * The work is done in the image process (image-process.ts, image-jobs.ts).
 */
import { MAX_IMAGE_MEGAPIXELS } from '../../domain/product/image.ts';
import type { ResizeProblem, ResizedImage } from './image-jobs.ts';
import { runImageJob } from './image-process.ts';

export type { ResizeProblem, ResizedImage } from './image-jobs.ts';

export class ResizeError extends Error {
  constructor(readonly problem: ResizeProblem) {
    super(problem === 'unreadable' ? 'The image could not be read' : `The image has more than ${MAX_IMAGE_MEGAPIXELS} megapixels`);
    this.name = 'ResizeError';
  }
}

/** `data` (a PNG, JPEG, WEBP or GIF; an animation's first frame) at each width, narrowest first, as WebP. */
export async function resizedImages(data: Buffer): Promise<ResizedImage[]> {
  const outcome = await runImageJob({ type: 'resize', data });
  if (outcome.ok) return outcome.value;
  throw outcome.problem ? new ResizeError(outcome.problem) : new Error(`resizing an image failed: ${outcome.message}`);
}
