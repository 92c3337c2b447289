/**
 * Product galleries (issue 15, finding 10): a product names up to six uploads by id, the main
 * one first; the seller reorders, adds and removes them. Ids of no upload, or of another
 * seller's, are refused with the same words, so others' uploads cannot be probed.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductImage } from '../../domain/product/image.ts';
import { type Client, expectStatus, ok, startTestApi, type TestApi } from '../testing/harness.ts';
import { SAREE, listProduct, signInAdmin } from './catalog.fixtures.ts';

let api: TestApi;
let seller: Client;
let otherSeller: Client;

beforeAll(async () => {
  api = await startTestApi();
  [seller, otherSeller] = await Promise.all([api.signUp({ role: 'seller' }), api.signUp({ role: 'seller' })]);
});

afterAll(() => api.close());

async function uploaded(client: Client, colour = '#9f1239'): Promise<ProductImage> {
  const png = await sharp({ create: { width: 800, height: 800, channels: 3, background: colour } })
    .png()
    .toBuffer();
  const file = new File([Uint8Array.from(png)], 'photo.png', { type: 'image/png' });
  const reply = await client.api.uploads.$post({ form: { file } });
  expectStatus(reply, 201);
  return reply.body;
}

const productOf = async (id: string) => {
  await api.settle();
  return ok(await api.anonymous().api.products[':id'].$get({ param: { id } }));
};
const eventCount = () => api.platform.events.lastPosition();
const invalid = (field: string, message: string) => ({
  error: { code: 'validation_failed', message, fields: { [field]: message } },
});

describe('a product gallery', () => {
  it('lists the uploads named, the main one first, then shows an edit reordering them, adding one and removing one', async () => {
    const [a, b, c] = await Promise.all([uploaded(seller), uploaded(seller, '#1e3a8a'), uploaded(seller, '#15803d')]);
    const { id } = await listProduct(seller, { images: [a.id, b.id] });
    expect(await productOf(id)).toMatchObject({ images: [a, b], imageUrl: a.url });

    expect(
      (await seller.api.seller.products[':id'].$patch({ param: { id }, json: { images: [b.id, a.id] } })).status,
    ).toBe(200);
    expect(await productOf(id)).toMatchObject({ images: [b, a], imageUrl: b.url });

    expect(
      (await seller.api.seller.products[':id'].$patch({ param: { id }, json: { images: [c.id, b.id] } })).status,
    ).toBe(200);
    expect(await productOf(id)).toMatchObject({ images: [c, b], imageUrl: c.url });

    const events = await api.platform.events.readStream(`product-${id}`);
    // Events keep the main image's address beside the images, for readers of the older shape.
    expect(events.find((event) => event.type === 'ProductListed')?.data).toMatchObject({
      images: [a, b],
      imageUrl: a.url,
    });

    expect((await seller.api.seller.products[':id'].$patch({ param: { id }, json: { images: [] } })).status).toBe(200);
    expect(await productOf(id)).toMatchObject({ images: [], imageUrl: null });
  });

  it('keeps an image from before galleries (named by its address) beside new uploads', async () => {
    const { id } = await listProduct(seller, { imageUrl: '/media/demo/brass-diya.svg' });
    const [old] = (await productOf(id)).images;
    expect(old).toEqual({ id: '/media/demo/brass-diya.svg', url: '/media/demo/brass-diya.svg', sizes: [] });
    const fresh = await uploaded(seller);
    expect(
      (await seller.api.seller.products[':id'].$patch({ param: { id }, json: { images: [fresh.id, old!.id] } })).status,
    ).toBe(200);
    expect((await productOf(id)).images).toEqual([fresh, old]);
  });

  it('lets an admin reorder a seller’s images', async () => {
    const [a, b] = await Promise.all([uploaded(seller), uploaded(seller)]);
    const { id } = await listProduct(seller, { images: [a.id, b.id] });
    const admin = await signInAdmin(api);
    expect(
      (await admin.api.seller.products[':id'].$patch({ param: { id }, json: { images: [b.id, a.id] } })).status,
    ).toBe(200);
    expect((await productOf(id)).images).toEqual([b, a]);
  });
});

describe('refused images', () => {
  it('refuses more than six images, listing or editing nothing', async () => {
    const images = await Promise.all(Array.from({ length: 7 }, () => uploaded(seller)));
    const ids = images.map((image) => image.id);
    const before = await eventCount();
    const listing = await seller.api.seller.products.$post({ json: { ...SAREE, images: ids } });
    expectStatus(listing, 400);
    expect(listing.body).toEqual(invalid('images', 'A product can have at most 6 images'));
    expect(await eventCount()).toBe(before);

    const { id, position } = await listProduct(seller, { images: ids.slice(0, 6) });
    const edit = await seller.api.seller.products[':id'].$patch({ param: { id }, json: { images: ids } });
    expectStatus(edit, 400);
    expect(edit.body).toEqual(invalid('images', 'A product can have at most 6 images'));
    expect(await eventCount()).toBe(position);
  });

  it.each([
    ['an id of no upload', async () => 'a7d1c3e0-0000-4000-8000-000000000000'],
    ['an id that is no upload id at all', async () => '../../account-admin'],
    ["another seller's upload", async () => (await uploaded(otherSeller)).id],
  ])('refuses %s with the same words, listing or editing nothing', async (_what, idOf) => {
    const mine = await uploaded(seller);
    const id = await idOf();
    const before = await eventCount();
    const listing = await seller.api.seller.products.$post({ json: { ...SAREE, images: [mine.id, id] } });
    expectStatus(listing, 400);
    expect(listing.body).toEqual(invalid('images', 'Each image must be one you uploaded'));
    expect(await eventCount()).toBe(before);

    const product = await listProduct(seller, { images: [mine.id] });
    const edit = await seller.api.seller.products[':id'].$patch({
      param: { id: product.id },
      json: { images: [id, mine.id] },
    });
    expectStatus(edit, 400);
    expect(edit.body).toEqual(invalid('images', 'Each image must be one you uploaded'));
    expect(await eventCount()).toBe(product.position);
  });

  it("refuses another seller's upload named by its address, as clients before galleries name one image", async () => {
    const theirs = await uploaded(otherSeller);
    const reply = await seller.api.seller.products.$post({ json: { ...SAREE, imageUrl: theirs.url } });
    expect(reply.body).toEqual(invalid('imageUrl', 'Each image must be one you uploaded'));
    // One size of one's own upload, as a client from before galleries sends it, stands for the upload with every size.
    const mine = await uploaded(seller);
    const { id } = await listProduct(seller, { imageUrl: mine.url });
    expect((await productOf(id)).images).toEqual([mine]);
  });

  it('refuses the same image twice, and images beside an image URL', async () => {
    const image = await uploaded(seller);
    const twice = await seller.api.seller.products.$post({ json: { ...SAREE, images: [image.id, image.id] } });
    expect(twice.body).toEqual(invalid('images', 'Each image can be added once'));
    const both = await seller.api.seller.products.$post({
      json: { ...SAREE, images: [image.id], imageUrl: image.url },
    });
    expect(both.body).toEqual(invalid('images', 'Give images or an image URL, not both'));
  });

  it("does not read another seller's product images for an edit they may not make", async () => {
    const image = await uploaded(seller);
    const { id } = await listProduct(seller, { images: [image.id] });
    const reply = await otherSeller.api.seller.products[':id'].$patch({ param: { id }, json: { images: [image.id] } });
    expectStatus(reply, 403);
  });
});
