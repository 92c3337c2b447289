/** The catalog's product images: logs written before galleries (one `imageUrl`) project as galleries of that one image. */
import { describe, expect, it } from 'vitest';
import { DIYA_DETAILS as details } from '../../domain/product/details.fixtures.ts';
import type { ProductEvent } from '../../domain/product/events.ts';
import type { ProductImage } from '../../domain/product/image.ts';
import { AT } from '../../domain/testing.ts';
import { catalog, PRODUCTS } from './projection.ts';
import type { ProductDoc } from './documents.ts';
import { appliedTo } from '../projection.fixtures.ts';

const productId = 'p-1';
const stamp = { productId, by: 'seller-1', at: AT };
const listedWith = (image: { imageUrl: string | null; images?: ProductImage[] }): ProductEvent => ({
  type: 'ProductListed',
  data: { productId, sellerId: 'seller-1', ...details, ...image, stockQuantity: 3, listedAt: AT },
});
const oneFile = (url: string): ProductImage => ({ id: url, url, sizes: [] });
const upload = (id: string): ProductImage => ({
  id,
  url: `/media/products/seller-1/${id}/1024.webp`,
  sizes: [320, 640, 1024].map((width) => ({ width, url: `/media/products/seller-1/${id}/${width}.webp` })),
});

const productAfter = async (events: readonly ProductEvent[]) =>
  (await appliedTo(catalog, events, `product-${productId}`)).get<ProductDoc>(PRODUCTS, productId);

describe('catalog projection of images', () => {
  it('projects an old listing with one image as a gallery of that image, and one without as none', async () => {
    expect(await productAfter([listedWith({ imageUrl: '/media/demo/diya.svg' })])).toMatchObject({
      imageUrl: '/media/demo/diya.svg',
      images: [oneFile('/media/demo/diya.svg')],
    });
    expect(await productAfter([listedWith({ imageUrl: null })])).toMatchObject({ imageUrl: null, images: [] });
  });

  it('projects an old edit of the image, and an old revision of it once approved', async () => {
    const edited: ProductEvent = {
      type: 'ProductUpdated',
      data: { ...stamp, before: { imageUrl: '/media/a.png' }, after: { imageUrl: '/media/b.png' } },
    };
    expect(await productAfter([listedWith({ imageUrl: '/media/a.png' }), edited])).toMatchObject({
      imageUrl: '/media/b.png',
      images: [oneFile('/media/b.png')],
    });

    const change = { ...stamp, revisionId: 'r1', before: { imageUrl: '/media/a.png' }, after: { imageUrl: null } };
    const waiting = await productAfter([
      listedWith({ imageUrl: '/media/a.png' }),
      { type: 'ProductRevisionSubmitted', data: { ...change, replaces: null } },
    ]);
    expect(waiting).toMatchObject({
      images: [oneFile('/media/a.png')],
      pendingRevision: { before: { images: [oneFile('/media/a.png')] }, after: { images: [] } },
    });
    const approved = await productAfter([
      listedWith({ imageUrl: '/media/a.png' }),
      { type: 'ProductRevisionSubmitted', data: { ...change, replaces: null } },
      { type: 'ProductRevisionApproved', data: change },
    ]);
    expect(approved).toMatchObject({ imageUrl: null, images: [] });
  });

  it('projects a gallery, its main image first, and its reordering', async () => {
    const [a, b] = [upload('u-a'), upload('u-b')];
    const listed = listedWith({ imageUrl: a.url, images: [a, b] });
    expect(await productAfter([listed])).toMatchObject({ imageUrl: a.url, images: [a, b] });
    const reordered: ProductEvent = {
      type: 'ProductUpdated',
      data: { ...stamp, before: { images: [a, b], imageUrl: a.url }, after: { images: [b, a], imageUrl: b.url } },
    };
    expect(await productAfter([listed, reordered])).toMatchObject({ imageUrl: b.url, images: [b, a] });
  });
});
