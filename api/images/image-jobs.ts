/**
 * The work done with sharp (libvips), in the image process only (image-process-main.ts): the
 * server asks for it through image-process.ts and never loads libvips itself.
 */
import { IMAGE_WIDTHS, MAX_IMAGE_MEGAPIXELS } from '../../domain/product/image.ts';
import sharp from './sharp.ts';

export interface ResizedImage {
  width: number;
  height: number;
  data: Buffer;
}

export type ResizeProblem = 'unreadable' | 'too_many_pixels';

export type ImageJob =
  /** An uploaded image (a PNG, JPEG, WEBP or GIF; an animation's first frame) at each catalog width, narrowest first, as WebP. */
  | { type: 'resize'; data: Buffer }
  /** An SVG drawn `width` pixels wide at `density` DPI, as a JPEG of `quality`. */
  | { type: 'rasterize'; svg: string; density: number; width: number; quality: number }
  /** Grey pixels, a byte each in rows `width` long, as a PNG (a QR code). */
  | { type: 'png'; grey: Uint8Array; width: number };

export type ImageJobResult<J extends ImageJob> = J extends { type: 'resize' } ? ResizedImage[] : Buffer;

/** A job's outcome as it crosses to the server: a resize refused for its input names the problem. */
export type ImageOutcome<T = ResizedImage[] | Buffer> =
  | { ok: true; value: T }
  | { ok: false; message: string; problem?: ResizeProblem };

const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;

/**
 * Good to the eye at a fraction of a JPEG's size. Effort 2 (of 0-6) writes files within a few
 * percent of the default's (4) in about half its time.
 */
const WEBP = { quality: 80, effort: 2 } as const;

/** The widths to store: IMAGE_WIDTHS up to the image's own width, which stands in for those above it (never enlarged). */
export const widthsFor = (sourceWidth: number): number[] => [
  ...new Set(IMAGE_WIDTHS.map((width) => Math.min(width, sourceWidth))),
];

async function resize(data: Buffer): Promise<ResizedImage[]> {
  const source = sharp(data, { limitInputPixels: MAX_IMAGE_PIXELS, autoOrient: true });
  const { autoOrient } = await source.metadata();
  return Promise.all(
    widthsFor(autoOrient.width).map(async (width) => {
      const { data: webp, info } = await source
        .clone()
        .resize({ width })
        .webp(WEBP)
        .toBuffer({ resolveWithObject: true });
      return { width: info.width, height: info.height, data: webp };
    }),
  );
}

export async function doImageJob(job: ImageJob): Promise<ImageOutcome> {
  try {
    if (job.type === 'resize') return { ok: true, value: await resize(job.data) };
    if (job.type === 'png') {
      const { grey, width } = job;
      const raw = { width, height: grey.length / width, channels: 1 } as const;
      return { ok: true, value: await sharp(grey, { raw }).png().toBuffer() };
    }
    const { svg, density, width, quality } = job;
    return {
      ok: true,
      value: await sharp(Buffer.from(svg), { density }).resize({ width }).jpeg({ quality }).toBuffer(),
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (job.type !== 'resize') return { ok: false, message };
    return { ok: false, message, problem: /pixel limit/i.test(message) ? 'too_many_pixels' : 'unreadable' };
  }
}
