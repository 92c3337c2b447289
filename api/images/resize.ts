/**
 * A product image as the catalog serves it: turned upright, then stored at each of
 * IMAGE_WIDTHS as WebP, so a phone loads a 320 px file where a desktop loads 1024. Encoding
 * anew keeps no metadata: a phone photo's EXIF (its GPS position among it) never reaches buyers.
 */
import sharp from './sharp.ts';
import { IMAGE_WIDTHS, MAX_IMAGE_MEGAPIXELS } from '../../domain/product/image.ts';

const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

/**
 * Good to the eye at a fraction of a JPEG's size. Effort 2 (of 0-6) writes files within a few
 * percent of the default's (4) in about half its time.
 */
const WEBP = { quality: 80, effort: 2 } as const;

export interface ResizedImage {
  width: number;
  height: number;
  data: Buffer;
}

export type ResizeProblem = 'unreadable' | 'too_many_pixels';

export class ResizeError extends Error {
  constructor(readonly problem: ResizeProblem) {
    super(problem === 'unreadable' ? 'The image could not be read' : `The image has more than ${MAX_IMAGE_MEGAPIXELS} megapixels`);
    this.name = 'ResizeError';
  }
}

/** The widths to store: IMAGE_WIDTHS up to the image's own width, which stands in for those above it (never enlarged). */
export const widthsFor = (sourceWidth: number): number[] => [...new Set(IMAGE_WIDTHS.map((width) => Math.min(width, sourceWidth)))];

/** `data` (a PNG, JPEG, WEBP or GIF; an animation's first frame) at each width, narrowest first, as WebP. */
export async function resizedImages(data: Buffer): Promise<ResizedImage[]> {
  try {
    const source = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true });
    const { autoOrient } = await source.metadata();
    return await Promise.all(
      widthsFor(autoOrient.width).map(async (width) => {
        const { data: webp, info } = await source.clone().resize({ width }).webp(WEBP).toBuffer({ resolveWithObject: true });
        return { width: info.width, height: info.height, data: webp };
      }),
    );
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new ResizeError('too_many_pixels');
    throw new ResizeError('unreadable');
  }
}
