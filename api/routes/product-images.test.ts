/**
 * Product images given as URLs (issue 13, finding 9): the server fetches an https image once and
 * the product keeps our copy, so buyers never load the seller's server; other URLs are refused
 * with the field's message. Prices: an original price must be above the price.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productStream } from '../../domain/product/events.ts';
import { type ImageServer, startImageServer, testFetcher } from '../images/image-server.fixtures.ts';
import { tinyPng } from '../images/tiny-png.fixtures.ts';
import { type Client, expectStatus, ok, startTestApi, type TestApi } from '../testing/harness.ts';
import { SAREE, listProduct } from './catalog.fixtures.ts';

const PNG = tinyPng();
let api: TestApi;
let images: ImageServer;
let seller: Client;
let otherSeller: Client;

beforeAll(async () => {
  api = await startTestApi();
  images = await startImageServer({
    '/saree.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end(PNG),
    '/notes.png': (_req, res) => res.writeHead(200, { 'content-type': 'image/png' }).end('just text'),
    '/to-metadata': (_req, res) => res.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data/' }).end(),
  });
  // The fetcher of the tests may reach their image server on 127.0.0.1; production's may not.
  Object.assign(api.ctx, { remoteImages: testFetcher() });
  [seller, otherSeller] = await Promise.all([api.signUp({ role: 'seller' }), api.signUp({ role: 'seller' })]);
});

afterAll(async () => {
  await api.close();
  await images.close();
});

const productOf = async (client: Client, id: string) => {
  await api.settle();
  return ok(await client.api.products[':id'].$get({ param: { id } }));
};
const eventCount = async () => api.platform.events.lastPosition();
const invalid = (field: string, message: string) => ({
  error: { code: 'validation_failed', message, fields: { [field]: message } },
});

describe('an image URL', () => {
  it('is fetched once when listing, and the product shows the stored copy', async () => {
    const before = images.requests.length;
    const { id } = await listProduct(seller, { imageUrl: images.url('/saree.png') });
    expect(images.requests.length - before).toBe(1);

    const { imageUrl, images: stored } = await productOf(api.anonymous(), id);
    // Stored like an upload of the seller: resized to WebP, the product's one image.
    expect(imageUrl).toMatch(new RegExp(`^/media/products/${seller.user!.id}/[0-9a-f-]{36}/1\\.webp$`));
    expect(stored).toEqual([{ id: expect.any(String), url: imageUrl, sizes: [{ width: 1, url: imageUrl }] }]);
    const served = await api.anonymous().raw.get(imageUrl!);
    expectStatus(served, 200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    // Buyers loading the product never reach the seller's server.
    expect(images.requests.length - before).toBe(1);
  });

  it('is fetched when an edit changes it, and an edit keeping our copy fetches nothing', async () => {
    const { id } = await listProduct(seller);
    const before = images.requests.length;
    expect(
      (await seller.api.seller.products[':id'].$patch({ param: { id }, json: { imageUrl: images.url('/saree.png') } }))
        .status,
    ).toBe(200);
    const { imageUrl } = await productOf(seller, id);
    expect(imageUrl).toMatch(/^\/media\/products\//);
    expect(
      (
        await seller.api.seller.products[':id'].$patch({
          param: { id },
          json: { imageUrl, name: 'Banarasi Silk Saree, red' },
        })
      ).status,
    ).toBe(200);
    expect(images.requests.length - before).toBe(1);
  });

  it.each([
    [
      'an http:// address',
      () => images.url('/saree.png').replace('https:', 'http:'),
      'Image URL must start with https://',
    ],
    ['this server', () => `https://127.0.0.1:${images.port}/saree.png`, 'Image URL must point to a public website'],
    ['a private network', () => 'https://10.1.2.3/saree.png', 'Image URL must point to a public website'],
    [
      'a name on a private network',
      () => images.url('/saree.png', 'private.images.test'),
      'Image URL must point to a public website',
    ],
    ['a redirect to the cloud metadata', () => images.url('/to-metadata'), 'Image URL must point to a public website'],
    ['a missing image', () => images.url('/gone.png'), 'The image at this URL could not be loaded'],
    ['text dressed as a PNG', () => images.url('/notes.png'), 'Image URL must point to a PNG, JPEG, WEBP or GIF image'],
    ['an API path of this site', () => '/api/auth/me', 'Image URL must be an uploaded image or an https:// address'],
    [
      'a path leaving the media folder',
      () => '/media/../api/auth/me',
      'Image URL must be an uploaded image or an https:// address',
    ],
  ])('refuses %s with a 400 on imageUrl, listing and editing nothing', async (_what, url, message) => {
    // 127.0.0.1 itself is allowed to the tests' fetcher alone: production's refuses it, as here.
    const production = url().startsWith('https://127.0.0.1') ? { remoteImages: undefined } : {};
    const saved = (api.ctx as { remoteImages?: unknown }).remoteImages;
    Object.assign(api.ctx, production);
    try {
      const before = await eventCount();
      const listing = await seller.api.seller.products.$post({ json: { ...SAREE, imageUrl: url() } });
      expectStatus(listing, 400);
      expect(listing.body).toEqual(invalid('imageUrl', message));

      const { id, position } = await listProduct(seller);
      const edit = await seller.api.seller.products[':id'].$patch({ param: { id }, json: { imageUrl: url() } });
      expectStatus(edit, 400);
      expect(edit.body).toEqual(invalid('imageUrl', message));
      expect(await eventCount()).toBe(position);
      expect(position).toBeGreaterThan(before);
    } finally {
      Object.assign(api.ctx, { remoteImages: saved });
    }
  });

  it("is not fetched for someone else's product: the edit is refused first", async () => {
    const { id } = await listProduct(seller);
    const before = images.requests.length;
    const reply = await otherSeller.api.seller.products[':id'].$patch({
      param: { id },
      json: { imageUrl: images.url('/saree.png') },
    });
    expectStatus(reply, 403);
    expect(images.requests.length).toBe(before);
  });
});

describe('an original price', () => {
  it('must be above the price when listing', async () => {
    for (const originalPricePaise of [SAREE.pricePaise!, SAREE.pricePaise! - 1]) {
      const reply = await seller.api.seller.products.$post({ json: { ...SAREE, originalPricePaise } });
      expectStatus(reply, 400);
      expect(reply.body).toEqual(invalid('originalPricePaise', 'Original price must be more than the price'));
    }
  });

  it('is compared with the stored price when an edit changes it alone, and the other way round', async () => {
    const { id, position } = await listProduct(seller, { pricePaise: 1_000_00, originalPricePaise: 1_500_00 });
    const lower = await seller.api.seller.products[':id'].$patch({
      param: { id },
      json: { originalPricePaise: 900_00 },
    });
    expectStatus(lower, 400);
    expect(lower.body).toEqual(invalid('originalPricePaise', 'Original price must be more than the price'));

    const higher = await seller.api.seller.products[':id'].$patch({ param: { id }, json: { pricePaise: 1_500_00 } });
    expectStatus(higher, 400);
    expect(higher.body).toEqual(invalid('pricePaise', 'Price must be less than the original price'));

    const both = await seller.api.seller.products[':id'].$patch({
      param: { id },
      json: {
        pricePaise: 2_000_00,
        originalPricePaise: 2_000_00,
      },
    });
    expectStatus(both, 400);
    expect(both.body).toEqual(invalid('originalPricePaise', 'Original price must be more than the price'));
    expect((await api.ctx.streams.read(productStream(id))).at(-1)!.position).toBe(position);

    expect(
      (await seller.api.seller.products[':id'].$patch({ param: { id }, json: { pricePaise: 1_499_00 } })).status,
    ).toBe(200);
    expect(
      (await seller.api.seller.products[':id'].$patch({ param: { id }, json: { originalPricePaise: null } })).status,
    ).toBe(200);
    expect(
      (await seller.api.seller.products[':id'].$patch({ param: { id }, json: { pricePaise: 5_000_00 } })).status,
    ).toBe(200);
  });
});
