import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { AT, actors } from '../testing.ts';
import { DIYA_DETAILS as details } from './details.fixtures.ts';
import { productDecider } from './decider.ts';
import type { ProductEvent } from './events.ts';
import type { ProductImage } from './image.ts';
import { upcastProductEvent } from './upcast.ts';
import { defaultVariant } from './variants.ts';

const { seller, admin } = actors;
const productId = 'p-1';
const stamp = { productId, by: seller.userId, at: AT };

/** A listing as written before galleries: one `imageUrl`, no `images`. */
const oldListing = (imageUrl: string | null): ProductEvent => ({
  type: 'ProductListed',
  data: { productId, sellerId: seller.userId, ...details, imageUrl, stockQuantity: 3, listedAt: AT },
});
const upload: ProductImage = {
  id: 'u-1',
  url: '/media/products/s/u-1/1024.webp',
  sizes: [
    { width: 320, url: '/media/products/s/u-1/320.webp' },
    { width: 1024, url: '/media/products/s/u-1/1024.webp' },
  ],
};
const oneFile = (url: string): ProductImage => ({ id: url, url, sizes: [] });

describe('upcastProductEvent', () => {
  it('gives an old listing the gallery of its one image, kept as one file, or none', () => {
    expect(upcastProductEvent(oldListing('/media/diya.webp')).data).toMatchObject({
      imageUrl: '/media/diya.webp',
      images: [oneFile('/media/diya.webp')],
    });
    expect(upcastProductEvent(oldListing(null)).data).toMatchObject({ imageUrl: null, images: [] });
  });

  it('gives a listing written before tax data its category’s initial defaults, and keeps the tax data of one with it', () => {
    const { tax: _, ...untaxed } = details;
    const listing = (categoryId: string): ProductEvent => ({
      type: 'ProductListed',
      data: {
        productId,
        sellerId: seller.userId,
        ...untaxed,
        categoryId,
        imageUrl: null,
        stockQuantity: 3,
        listedAt: AT,
      },
    });
    expect(upcastProductEvent(listing('handicrafts')).data).toMatchObject({ tax: { hsn: '4420', gstRateBps: 500 } });
    expect(upcastProductEvent(listing('spices')).data).toMatchObject({ tax: { hsn: '0910', gstRateBps: 500 } });
    expect(upcastProductEvent(listing('jewelry')).data).toMatchObject({ tax: { hsn: '7113', gstRateBps: 300 } });
    expect(upcastProductEvent(oldListing(null)).data).toMatchObject({ tax: details.tax });
  });

  it('reads a listing written before made to order as not made to order, and keeps the days of one with them', () => {
    const { madeToOrderDays: _, ...before } = details;
    const listing = (fields: object): ProductEvent => ({
      type: 'ProductListed',
      data: {
        productId,
        sellerId: seller.userId,
        ...before,
        imageUrl: null,
        stockQuantity: 3,
        listedAt: AT,
        ...fields,
      },
    });
    expect(upcastProductEvent(listing({})).data).toMatchObject({ madeToOrderDays: null });
    expect(upcastProductEvent(listing({ madeToOrderDays: 10 })).data).toMatchObject({ madeToOrderDays: 10 });
  });

  it('gives the before and after of an old edit, revision or approval of the image their galleries', () => {
    const before = { imageUrl: '/media/a.png', name: 'Diya' };
    const after = { imageUrl: null, name: 'Brass Diya' };
    const expected = { before: { ...before, images: [oneFile('/media/a.png')] }, after: { ...after, images: [] } };
    expect(upcastProductEvent({ type: 'ProductUpdated', data: { ...stamp, before, after } }).data).toMatchObject(
      expected,
    );
    const revision = { ...stamp, revisionId: 'r1', before, after };
    expect(
      upcastProductEvent({ type: 'ProductRevisionSubmitted', data: { ...revision, replaces: null } }).data,
    ).toMatchObject(expected);
    expect(upcastProductEvent({ type: 'ProductRevisionApproved', data: revision }).data).toMatchObject(expected);
  });

  it('leaves current events, edits of other fields and other events as they are', () => {
    const current: ProductEvent = {
      type: 'ProductListed',
      data: {
        productId,
        sellerId: seller.userId,
        ...details,
        imageUrl: upload.url,
        images: [upload],
        options: [],
        variants: [defaultVariant(details)],
        stockQuantity: 3,
        stockByVariant: { default: 3 },
        listedAt: AT,
      },
    };
    const priced: ProductEvent = {
      type: 'ProductUpdated',
      data: { ...stamp, before: { pricePaise: 1 }, after: { pricePaise: 2 } },
    };
    const reserved: ProductEvent = {
      type: 'StockReserved',
      data: { productId, variantId: 'default', orderId: 'o-1', quantity: 1, remaining: 2, at: AT },
    };
    for (const event of [current, priced, reserved]) expect(upcastProductEvent(event)).toBe(event);
  });
});

describe('an old log folded by the decider', () => {
  it('has the gallery of its one image, and an edit keeps or replaces it as a gallery', () => {
    const listed = oldListing('/media/diya.webp');
    const product = fold(productDecider, [listed])!;
    expect(product.details).toMatchObject({ imageUrl: '/media/diya.webp', images: [oneFile('/media/diya.webp')] });

    const at = AT;
    expect(
      productDecider.decide(
        { type: 'UpdateProduct', actor: seller, changes: { images: [oneFile('/media/diya.webp')] }, at },
        product,
      ),
    ).toEqual([]);
    expect(
      productDecider.decide(
        { type: 'UpdateProduct', actor: admin, changes: { images: [upload, oneFile('/media/diya.webp')] }, at },
        product,
      ),
    ).toEqual([
      {
        type: 'ProductUpdated',
        data: {
          productId,
          by: admin.userId,
          at,
          before: { images: [oneFile('/media/diya.webp')], imageUrl: '/media/diya.webp' },
          after: { images: [upload, oneFile('/media/diya.webp')], imageUrl: upload.url },
        },
      },
    ]);
  });
});
