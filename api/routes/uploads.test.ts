import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../domain/product/image.ts';
import { type Client, expectStatus } from '../testing/harness.ts';
import { fileApi } from './catalog.fixtures.ts';
import { tinyPng } from '../images/tiny-png.fixtures.ts';

const api = await fileApi();
const seller = await api.signUp({ role: 'seller' });

/** The start of a JPEG (start of image, a JFIF APP0 segment, end of image): typed JPEG by its bytes, but no picture. */
const JPEG_HEADER_ONLY = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
  0x00, 0xff, 0xd9,
]);

/** A real photo-sized JPEG carrying EXIF (its author and a GPS position). */
const photo = () =>
  sharp({ create: { width: 1500, height: 1000, channels: 3, background: '#7c2d12' } })
    .jpeg()
    .withExif({ IFD0: { Artist: 'Meera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '25/1 18/1 0/1' } })
    .toBuffer();

const fileOf = (content: Buffer | string, name: string, type: string) =>
  new File([typeof content === 'string' ? content : Uint8Array.from(content)], name, { type });

function upload(client: Client, content: Buffer | string, name: string, type: string) {
  return client.api.uploads.$post({ form: { file: fileOf(content, name, type) } });
}

/** Images stored so far (the test app keeps blobs as files under its folder's media/). */
async function storedCount(): Promise<number> {
  const files = await readdir(join(api.dir, 'media'), { recursive: true }).catch(() => []);
  return files.filter((file) => /\.(png|jpg|webp|gif)$/.test(file)).length;
}

describe('POST /api/uploads', () => {
  it('stores a JPEG at each width as WebP under the seller and the upload, without its EXIF, and records the upload', async () => {
    const reply = await upload(seller, await photo(), 'saree.jpg', 'image/jpeg');
    expectStatus(reply, 201);
    const { id, url, sizes } = reply.body;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const folder = `/media/products/${seller.user!.id}/${id}`;
    expect(sizes).toEqual([320, 640, 1024].map((width) => ({ width, url: `${folder}/${width}.webp` })));
    expect(url).toBe(`${folder}/1024.webp`);
    for (const size of sizes) {
      const served = await api.anonymous().raw.get(size.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const blob = await api.platform.blobs.get(size.url.slice('/media/'.length));
      const stored = await sharp(blob!.data).metadata();
      expect(stored).toMatchObject({ format: 'webp', width: size.width });
      expect(stored.exif).toBeUndefined();
    }
    expect(await api.platform.events.readStream(`upload-${id}`)).toMatchObject([
      {
        type: 'ImageUploaded',
        data: { uploadId: id, by: seller.user!.id, url, sizes },
        metadata: { actor: seller.user!.id },
      },
    ]);
  });

  it('trusts the bytes over the name and declared type, and keeps a small image at its own width', async () => {
    const reply = await upload(seller, tinyPng(), 'photo.jpg', 'application/octet-stream');
    expectStatus(reply, 201);
    expect(reply.body.sizes).toEqual([{ width: 1, url: expect.stringMatching(/\/1\.webp$/) }]);
  });

  it.each([
    ['a text file named .png', 'not an image at all', 'evil.png'],
    ['a PDF', '%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'brochure.png'],
    [
      'an SVG (scripts can hide inside)',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      'logo.svg',
    ],
    ['a JPEG header without a picture', JPEG_HEADER_ONLY, 'photo.jpg'],
  ])('refuses %s', async (_, content, name) => {
    const before = await storedCount();
    const reply = await upload(seller, content, name, 'image/png');
    expectStatus(reply, 415);
    expect(reply.body.error).toEqual({ code: 'invalid_file_type', message: 'Please upload an image file' });
    expect(await storedCount()).toBe(before);
  });

  it('refuses an image above 5 MB', async () => {
    const before = await storedCount();
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    tinyPng().copy(big);
    const reply = await upload(seller, big, 'huge.png', 'image/png');
    expectStatus(reply, 413);
    expect(reply.body.error).toEqual({ code: 'file_too_large', message: 'Image must be less than 5MB' });
    const far = await upload(seller, Buffer.alloc(6 * 1024 * 1024), 'huger.png', 'image/png');
    expect(far.status).toBe(413);
    expect(await storedCount()).toBe(before);
  });

  it('refuses an image of more than 50 megapixels, however small its file', async () => {
    const before = await storedCount();
    const huge = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const reply = await upload(seller, huge, 'huge.png', 'image/png');
    expectStatus(reply, 413);
    expect(reply.body.error).toEqual({ code: 'file_too_large', message: 'Image must be at most 50 megapixels' });
    expect(await storedCount()).toBe(before);
  });

  it('takes an image of exactly 5 MB', async () => {
    const exact = Buffer.alloc(MAX_IMAGE_BYTES);
    tinyPng().copy(exact);
    expect((await upload(seller, exact, 'exact.png', 'image/png')).status).toBe(201);
  });

  it('needs the file field', async () => {
    const misnamed = new FormData();
    misnamed.append('image', fileOf(tinyPng(), 'saree.png', 'image/png'));
    const reply = await seller.raw.request('POST', '/api/uploads', { body: misnamed });
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({
      code: 'validation_failed',
      fields: { file: 'Please upload an image file' },
    });
    const text = new FormData();
    text.append('file', 'just text');
    expect((await seller.raw.request('POST', '/api/uploads', { body: text })).status).toBe(400);
    const json = await seller.raw.post('/api/uploads', { file: 'x' });
    expect(json.status).toBe(415);
  });

  it('is for sellers only', async () => {
    const buyer = await api.signUp({ role: 'buyer' });
    const forbidden = await upload(buyer, tinyPng(), 'saree.png', 'image/png');
    expectStatus(forbidden, 403);
    expect(forbidden.body.error.code).toBe('forbidden');
    const anonymous = await upload(api.anonymous(), tinyPng(), 'saree.png', 'image/png');
    expectStatus(anonymous, 401);
    expect(anonymous.body.error.code).toBe('unauthorized');
  });
});
