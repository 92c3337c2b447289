import { describe, expect, it } from 'vitest';
import type { ReviewEvent } from '../review/events.ts';
import { AT } from '../testing.ts';
import type { ProductEvent } from './events.ts';
import { actedBy, describeProductEvents, describeReviewEvent, detailChanges, occurredAt } from './history.ts';
import type { Variant } from './variants.ts';

const names = { category: (id: string) => ({ textiles: 'Textiles', handicrafts: 'Handicrafts' })[id] ?? id };
const productId = 'p-1';
const orderId = 'abcd1234-5678-4000-8000-000000000000';
const stamp = { productId, by: 'admin-1', at: AT };

const listed: ProductEvent = {
  type: 'ProductListed',
  data: {
    productId,
    sellerId: 'seller-1',
    name: 'Banarasi Silk Saree',
    description: 'Handwoven pure silk saree with zari work.',
    pricePaise: 1_250_000,
    originalPricePaise: null,
    categoryId: 'textiles',
    imageUrl: null,
    tags: ['silk'],
    stockQuantity: 5,
    listedAt: AT,
  },
};

const describe_ = (event: ProductEvent) => {
  const [described] = describeProductEvents([event], names);
  if (!described) throw new Error('not described');
  return described.description;
};

describe('describeProductEvents', () => {
  it('words the listing with its price, stock and category', () => {
    expect(describe_(listed)).toEqual({ summary: 'Listed in Textiles at ₹12,500.00 with 5 in stock' });
  });

  it('words a restore as one, with the time of the version it brought back', () => {
    const restored: ProductEvent = {
      type: 'ProductUpdated',
      data: { ...stamp, before: { pricePaise: 99_900 }, after: { pricePaise: 149_900 }, restores: AT },
    };
    expect(describe_(restored)).toEqual({
      summary: 'Restored: Price: ₹999.00 → ₹1,499.00',
      changes: [{ field: 'Price', before: '₹999.00', after: '₹1,499.00' }],
      restores: AT,
    });
  });

  it('words an edit field by field, money in rupees, with every value before and after', () => {
    const edited: ProductEvent = {
      type: 'ProductUpdated',
      data: {
        ...stamp,
        before: {
          pricePaise: 149_900,
          originalPricePaise: null,
          tags: ['silk'],
          categoryId: 'textiles',
          imageUrl: null,
        },
        after: {
          pricePaise: 129_900,
          originalPricePaise: 1_23_456_50,
          tags: [],
          categoryId: 'handicrafts',
          imageUrl: '/media/a.webp',
        },
      },
    };
    expect(describe_(edited)).toEqual({
      summary:
        'Price: ₹1,499.00 → ₹1,299.00; Original price: none → ₹1,23,456.50; Category: Textiles → Handicrafts; ' +
        'Images: none → 1 image; Tags: silk → none',
      changes: [
        { field: 'Price', before: '₹1,499.00', after: '₹1,299.00' },
        { field: 'Original price', before: 'none', after: '₹1,23,456.50' },
        { field: 'Category', before: 'Textiles', after: 'Handicrafts' },
        { field: 'Images', before: 'none', after: '1 image' },
        { field: 'Tags', before: 'silk', after: 'none' },
      ],
    });
  });

  it('cuts long values in the summary but keeps them whole in the changes', () => {
    const long = 'A very long description of a handwoven saree, its weave, its zari and its colours.';
    const edited: ProductEvent = {
      type: 'ProductUpdated',
      data: { ...stamp, before: { description: 'Short text.' }, after: { description: long } },
    };
    const { summary, changes } = describe_(edited);
    expect(summary).toBe(`Description: Short text. → ${long.slice(0, 59)}…`);
    expect(changes).toEqual([{ field: 'Description', before: 'Short text.', after: long }]);
  });

  it('words stock moves with their reason and the stock before and after', () => {
    expect(describe_({ type: 'StockAdjusted', data: { ...stamp, from: 10, to: 8, reason: 'manual' } })).toEqual({
      summary: 'Stock adjusted from 10 to 8',
      changes: [{ field: 'Stock', before: '10', after: '8' }],
    });
    expect(
      describe_({ type: 'StockReserved', data: { productId, orderId, quantity: 2, remaining: 6, at: AT } }),
    ).toEqual({
      summary: 'Reserved 2 by order #abcd1234',
      changes: [{ field: 'Stock', before: '8', after: '6' }],
    });
    const released = { productId, orderId, quantity: 1, remaining: 7, at: AT };
    expect(describe_({ type: 'StockReleased', data: { ...released, reason: 'order_cancelled' } })).toEqual({
      summary: 'Released 1: order #abcd1234 cancelled',
      changes: [{ field: 'Stock', before: '6', after: '7' }],
    });
    expect(describe_({ type: 'StockReleased', data: { ...released, reason: 'order_failed' } }).summary).toBe(
      'Released 1: order #abcd1234 could not be placed',
    );
  });

  it("names a variant's stock by its label as the product then had it", () => {
    const variant = (id: string, optionValues: string[]): Variant => ({
      id,
      sku: `KC-${id}`,
      optionValues,
      pricePaise: 89_900,
      originalPricePaise: null,
      imageUrls: [],
    });
    const sizes = [{ name: 'Size', values: ['7', '8'] }];
    const chappal: ProductEvent = {
      type: 'ProductListed',
      data: {
        ...listed.data,
        options: [...sizes, { name: 'Colour', values: ['Tan'] }],
        variants: [variant('v1', ['7', 'Tan']), variant('v3', ['8', 'Tan'])],
        stockByVariant: { v1: 2, v3: 3 },
      },
    };
    // Colour dropped: the same variant is now 'Size 8'; a variant it does not have is named by its id.
    const edited: ProductEvent = {
      type: 'ProductUpdated',
      data: { ...stamp, before: {}, after: { options: sizes, variants: [variant('v1', ['7']), variant('v3', ['8'])] } },
    };
    const adjusted = (variantId: string): ProductEvent => ({
      type: 'StockAdjusted',
      data: { ...stamp, variantId, from: 3, to: 5, reason: 'manual' },
    });
    // Size 9 waits for review: its stock is given before it goes on sale, named all the same.
    const size9: ProductEvent = {
      type: 'ProductRevisionSubmitted',
      data: {
        ...stamp,
        revisionId: 'r1',
        before: {},
        after: { variants: [variant('v1', ['7']), variant('v3', ['8']), variant('v4', ['9'])] },
        replaces: null,
      },
    };
    const fields = describeProductEvents(
      [chappal, adjusted('v3'), edited, adjusted('v3'), adjusted('v9'), size9, adjusted('v4')],
      names,
    ).flatMap(({ description }) => description.changes?.map((change) => change.field) ?? []);
    expect(fields).toEqual(['Stock of Size 8 · Tan', 'Stock of Size 8', 'Stock (v9)', 'Stock of Size 9']);
  });

  it('words a revision sent for review, replacing one, and approved, with the fields it changes', () => {
    const revision = {
      revisionId: 'r2',
      before: { name: 'Banarasi Silk Saree', categoryId: 'textiles' },
      after: { name: 'Silk Saree', categoryId: 'handicrafts' },
    };
    const changes = [
      { field: 'Name', before: 'Banarasi Silk Saree', after: 'Silk Saree' },
      { field: 'Category', before: 'Textiles', after: 'Handicrafts' },
    ];
    const fields = 'Name: Banarasi Silk Saree → Silk Saree; Category: Textiles → Handicrafts';
    expect(describe_({ type: 'ProductRevisionSubmitted', data: { ...stamp, ...revision, replaces: null } })).toEqual({
      summary: `Changes sent for review: ${fields}`,
      changes,
    });
    expect(
      describe_({ type: 'ProductRevisionSubmitted', data: { ...stamp, ...revision, replaces: 'r1' } }).summary,
    ).toBe(`Changes sent for review, replacing those waiting: ${fields}`);
    expect(describe_({ type: 'ProductRevisionApproved', data: { ...stamp, ...revision } })).toEqual({
      summary: `Changes approved: ${fields}`,
      changes,
    });
  });

  it.each([
    [
      { type: 'ProductRevisionRejected', data: { ...stamp, revisionId: 'r1', reason: 'Keep the fabric in the name' } },
      'Changes rejected: Keep the fabric in the name',
    ],
    [
      { type: 'ProductRevisionWithdrawn', data: { ...stamp, revisionId: 'r1' } },
      'Changes waiting for review withdrawn',
    ],
    [{ type: 'ProductVerified', data: stamp }, 'Verified'],
    [{ type: 'ProductRejected', data: { ...stamp, reason: 'Blurry photo' } }, 'Rejected: Blurry photo'],
    [{ type: 'ProductResubmitted', data: stamp }, 'Resubmitted for review'],
    [{ type: 'ProductFeatured', data: stamp }, 'Featured'],
    [{ type: 'ProductUnfeatured', data: stamp }, 'No longer featured'],
    [{ type: 'ProductDelisted', data: stamp }, 'Delisted'],
  ] as Array<[ProductEvent, string]>)('words %j as %j', (event, summary) => {
    expect(describe_(event)).toEqual({ summary });
  });
});

describe('detailChanges', () => {
  it('skips fields an edit did not record on both sides', () => {
    expect(detailChanges({ name: 'Old' }, { name: 'New', pricePaise: 100 }, names)).toEqual([
      { field: 'Name', before: 'Old', after: 'New' },
    ]);
  });
});

describe('describeReviewEvent', () => {
  const review = { productId, buyerId: 'buyer-1', rating: 4, comment: 'Lovely', at: AT };
  it('words a review received and a review edited, with its rating and author', () => {
    const submitted: ReviewEvent = { type: 'ReviewSubmitted', data: { ...review, authorName: 'Asha Rao' } };
    const edited: ReviewEvent = { type: 'ReviewEdited', data: { ...review, rating: 2 } };
    expect(describeReviewEvent(submitted, 'Asha Rao')).toEqual({
      summary: 'Review received from Asha Rao: rated 4 out of 5',
    });
    expect(describeReviewEvent(edited, 'Asha Rao')).toEqual({
      summary: 'Review from Asha Rao edited: rated 2 out of 5',
    });
  });
});

describe('actedBy and occurredAt', () => {
  it('names the seller of a listing, the author of a review, the stamp of the others, and no one for reservations', () => {
    const later = '2024-05-02T10:00:00.000Z';
    expect([actedBy(listed), occurredAt(listed)]).toEqual(['seller-1', AT]);
    const verified: ProductEvent = { type: 'ProductVerified', data: { ...stamp, at: later } };
    expect([actedBy(verified), occurredAt(verified)]).toEqual(['admin-1', later]);
    const reserved: ProductEvent = {
      type: 'StockReserved',
      data: { productId, orderId, quantity: 1, remaining: 4, at: later },
    };
    expect([actedBy(reserved), occurredAt(reserved)]).toEqual([null, later]);
    const review: ReviewEvent = {
      type: 'ReviewEdited',
      data: { productId, buyerId: 'buyer-1', rating: 5, comment: 'Good', at: later },
    };
    expect([actedBy(review), occurredAt(review)]).toEqual(['buyer-1', later]);
  });
});
