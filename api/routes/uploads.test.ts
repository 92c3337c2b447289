import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '../../domain/product/image.ts';
import { type Client, type TestApi, startTestApi } from '../testing.ts';
import { tinyPng } from '../images/tiny-png.fixtures.ts';

let api: TestApi;
let seller: Client;

beforeAll(async () => {
  api = await startTestApi();
  seller = await api.signUp({ role: 'seller' });
});

afterAll(() => api.close());

/** The start of a JPEG: start of image, then a JFIF APP0 segment, then end of image. */
const JPEG = Buffer.from([
  0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00, 0xff, 0xd9,
]);

function upload(client: Client, content: Buffer | string, name: string, type: string, field = 'file') {
  const form = new FormData();
  form.append(field, new File([typeof content === 'string' ? content : Uint8Array.from(content)], name, { type }));
  return client.request('POST', '/api/uploads', { body: form });
}

/** Images stored so far (the test app keeps blobs as files under its folder's media/). */
async function storedCount(): Promise<number> {
  const files = await readdir(join(api.dir, 'media'), { recursive: true }).catch(() => []);
  return files.filter((file) => /\.(png|jpg|webp|gif)$/.test(file)).length;
}

describe('POST /api/uploads', () => {
  it('stores a PNG under the seller, typed by its content, and answers its public URL', async () => {
    const png = tinyPng();
    const reply = await upload(seller, png, 'saree.png', 'image/png');
    expect(reply.status).toBe(201);
    const { url } = reply.body;
    expect(url).toMatch(new RegExp(`^/media/products/${seller.user!.id}/\\d{13}-[0-9a-f-]{36}\\.png$`));
    const blob = await api.platform.blobs.get(url.slice('/media/'.length));
    expect(blob).toEqual({ data: png, contentType: 'image/png' });
    const served = await api.anonymous().get(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });

  it('trusts the bytes over the name and declared type', async () => {
    const jpeg = await upload(seller, JPEG, 'photo.png', 'application/octet-stream');
    expect(jpeg.status).toBe(201);
    expect(jpeg.body.url).toMatch(/\.jpg$/);
    expect((await api.platform.blobs.get(jpeg.body.url.slice('/media/'.length)))?.contentType).toBe('image/jpeg');
  });

  it.each([
    ['a text file named .png', 'not an image at all', 'evil.png'],
    ['a PDF', '%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n', 'brochure.png'],
    ['an SVG (scripts can hide inside)', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'logo.svg'],
  ])('refuses %s', async (_, content, name) => {
    const before = await storedCount();
    const reply = await upload(seller, content, name, 'image/png');
    expect(reply.status).toBe(415);
    expect(reply.body.error).toEqual({ code: 'invalid_file_type', message: 'Please upload an image file' });
    expect(await storedCount()).toBe(before);
  });

  it('refuses an image above 5 MB', async () => {
    const before = await storedCount();
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    tinyPng().copy(big);
    const reply = await upload(seller, big, 'huge.png', 'image/png');
    expect(reply.status).toBe(413);
    expect(reply.body.error).toEqual({ code: 'file_too_large', message: 'Image must be less than 5MB' });
    const far = await upload(seller, Buffer.alloc(6 * 1024 * 1024), 'huger.png', 'image/png');
    expect(far.status).toBe(413);
    expect(await storedCount()).toBe(before);
  });

  it('takes an image of exactly 5 MB', async () => {
    const exact = Buffer.alloc(MAX_IMAGE_BYTES);
    tinyPng().copy(exact);
    expect((await upload(seller, exact, 'exact.png', 'image/png')).status).toBe(201);
  });

  it('needs the file field', async () => {
    const reply = await upload(seller, tinyPng(), 'saree.png', 'image/png', 'image');
    expect(reply.status).toBe(400);
    expect(reply.body.error).toMatchObject({ code: 'validation_failed', fields: { file: 'Please upload an image file' } });
    const text = new FormData();
    text.append('file', 'just text');
    expect((await seller.request('POST', '/api/uploads', { body: text })).status).toBe(400);
    const json = await seller.post('/api/uploads', { file: 'x' });
    expect(json.status).toBe(415);
  });

  it('is for sellers only', async () => {
    const buyer = await api.signUp({ role: 'buyer' });
    const forbidden = await upload(buyer, tinyPng(), 'saree.png', 'image/png');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('forbidden');
    const anonymous = await upload(api.anonymous(), tinyPng(), 'saree.png', 'image/png');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthorized');
  });
});
