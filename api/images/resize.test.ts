import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { imageProcesses } from './image-process.fixtures.ts';
import { tinyPng } from './tiny-png.fixtures.ts';
import { widthsFor } from './image-jobs.ts';
import { IMAGES_UNAVAILABLE, ResizeError, resizedImages } from './resize.ts';
import { captureLog } from '../../platform/log.fixtures.ts';

/** A phone photo: a JPEG taken sideways (EXIF orientation 6) with the camera's EXIF, GPS position among it. */
const phonePhoto = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c2410c' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Artist: 'Meera', Copyright: 'Meera Weaves' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 18/1 0/1' },
    })
    .toBuffer();

describe('resizedImages', () => {
  it('stores a JPEG at 320, 640 and 1024 wide as WebP, turned upright, without its EXIF', async () => {
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const sizes = await resizedImages(photo);
    // Upright, the 1600 x 1200 photo is 1200 wide and 1600 high.
    expect(sizes.map(({ width, height }) => [width, height])).toEqual([
      [320, 427],
      [640, 853],
      [1024, 1365],
    ]);
    for (const { data, width } of sizes) {
      const stored = await sharp(data).metadata();
      expect(stored).toMatchObject({ format: 'webp', width });
      expect(stored.exif).toBeUndefined();
      expect(stored.xmp).toBeUndefined();
      expect(stored.orientation).toBeUndefined();
    }
  });

  it('never enlarges: a PNG narrower than a width is kept at its own width instead', async () => {
    const png = await sharp({ create: { width: 500, height: 500, channels: 4, background: '#1e3a8a' } })
      .png()
      .toBuffer();
    const sizes = await resizedImages(png);
    expect(sizes.map(({ width }) => width)).toEqual([320, 500]);
    expect(await resizedImages(tinyPng())).toMatchObject([{ width: 1, height: 1 }]);
  });

  it('takes the first frame of an animated GIF', async () => {
    // Three frames of 400 x 200, the second of another colour (the encoder merges equal frames).
    const strip = await sharp({ create: { width: 400, height: 600, channels: 3, background: '#15803d' } })
      .composite([
        { input: { create: { width: 400, height: 200, channels: 3, background: '#b91c1c' } }, top: 200, left: 0 },
      ])
      .raw()
      .toBuffer();
    const animated = await sharp(strip, { raw: { width: 400, height: 600, channels: 3, pageHeight: 200 } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const sizes = await resizedImages(animated);
    expect(sizes.map(({ width, height }) => [width, height])).toEqual([
      [320, 160],
      [400, 200],
    ]);
    expect((await sharp(sizes[0]!.data).metadata()).pages).toBeUndefined();
  });

  it('refuses bytes that only look like an image, and an image of too many pixels', async () => {
    const jpegHeaderOnly = Buffer.from([
      0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
      0x00, 0xff, 0xd9,
    ]);
    await expect(resizedImages(jpegHeaderOnly)).rejects.toEqual(new ResizeError('unreadable'));
    // 8000 x 7000 of one colour compresses to a few kilobytes: 56 megapixels in a small file.
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    await expect(resizedImages(huge)).rejects.toEqual(new ResizeError('too_many_pixels'));
  });

  it('answers 503 when the image process dies under the job, and the next upload starts a new one', async () => {
    const log = captureLog('error');
    const photo = await phonePhoto();
    const resizing = resizedImages(photo);
    let child: number | undefined;
    while (!(child = imageProcesses()[0])) await sleep(5);
    process.kill(child, 'SIGKILL'); // as the kernel's OOM killer would
    await expect(resizing).rejects.toEqual(new ApiError(503, 'images_unavailable', IMAGES_UNAVAILABLE));
    log.restore();
    expect(log.lines).toEqual([
      expect.objectContaining({ name: 'images', msg: expect.stringContaining('the image process stopped (SIGKILL)') }),
    ]);
    expect(await resizedImages(photo)).toHaveLength(3);
  }, 30_000);
});

it('chooses the widths up to the image, its own standing in for those above it', () => {
  expect(widthsFor(4000)).toEqual([320, 640, 1024]);
  expect(widthsFor(1024)).toEqual([320, 640, 1024]);
  expect(widthsFor(700)).toEqual([320, 640, 700]);
  expect(widthsFor(100)).toEqual([100]);
});
