import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { fold } from '../decider.ts';
import { AT, actors, given } from '../testing.ts';
import { type ProductInput, productDecider } from './decider.ts';
import type { ProductDetails, ProductEvent } from './events.ts';
import type { ProductImage } from './image.ts';
import { SAREE_DETAILS } from './details.fixtures.ts';
import { VARIANT_MESSAGES, defaultVariant } from './variants.ts';

const { buyer, seller, otherSeller, admin } = actors;
const productId = 'p-1';

const saree: ProductInput = { ...SAREE_DETAILS, images: [] };
const photo: ProductImage = {
  id: 'upload-1',
  url: '/media/products/s/upload-1/1024.webp',
  sizes: [{ width: 1024, url: '/media/products/s/upload-1/1024.webp' }],
};

const { stockQuantity: _stock, ...sareeDetails } = saree;
const listed: ProductEvent = {
  type: 'ProductListed',
  data: {
    productId,
    sellerId: seller.userId,
    ...sareeDetails,
    options: [],
    variants: [defaultVariant(saree)],
    stockQuantity: 5,
    stockByVariant: { default: 5 },
    imageUrl: null,
    listedAt: AT,
  },
};
const byAdmin = { productId, by: admin.userId, at: AT };
const bySeller = { productId, by: seller.userId, at: AT };
const verified: ProductEvent = { type: 'ProductVerified', data: byAdmin };
const rejected: ProductEvent = { type: 'ProductRejected', data: { ...byAdmin, reason: 'Blurry photo' } };
const featured: ProductEvent = { type: 'ProductFeatured', data: byAdmin };
const delisted: ProductEvent = { type: 'ProductDelisted', data: bySeller };
const updated = (
  stamp: typeof bySeller,
  before: Partial<ProductDetails>,
  after: Partial<ProductDetails>,
): ProductEvent => ({
  type: 'ProductUpdated',
  data: { ...stamp, before, after },
});
const reserved = (orderId: string, quantity: number, remaining: number): ProductEvent => ({
  type: 'StockReserved',
  data: { productId, variantId: 'default', orderId, quantity, remaining, at: AT },
});

const notFound = { code: 'not_found', kind: 'not_found', message: 'Product not found' } as const;
const forbidden = { code: 'forbidden', kind: 'forbidden' } as const;

describe('ListProduct', () => {
  it('lists a product of the seller, pending review', () => {
    given(productDecider)
      .when({ type: 'ListProduct', actor: seller, productId, product: saree, at: AT })
      .then([listed]);
    expect(fold(productDecider, [listed])).toMatchObject({ verification: 'pending', featured: false, delisted: false });
  });

  it('is for sellers only', () => {
    given(productDecider)
      .when({ type: 'ListProduct', actor: buyer, productId, product: saree, at: AT })
      .then({ ...forbidden, message: 'Only sellers can list products' });
  });

  it('does not list an id twice', () => {
    given(productDecider, [listed])
      .when({ type: 'ListProduct', actor: seller, productId, product: saree, at: AT })
      .then({ code: 'already_exists', kind: 'conflict' });
  });
});

describe('UpdateProduct of a product not verified yet: in place', () => {
  const update = (changes: Partial<ProductInput>, actor: Actor = seller) =>
    given(productDecider, [listed]).when({ type: 'UpdateProduct', actor, changes, at: AT });

  it('records only the fields that changed, before and after', () => {
    update({ ...saree, pricePaise: 1_100_000, tags: ['silk', 'zari'] }).then([
      updated(
        bySeller,
        { pricePaise: 1_250_000, tags: ['silk', 'handloom'] },
        { pricePaise: 1_100_000, tags: ['silk', 'zari'] },
      ),
    ]);
  });

  it('records nothing when nothing changed', () => {
    update({ ...saree, tags: ['silk', 'handloom'] }).then([]);
    update({}).then([]);
  });

  it('clears the original price with null', () => {
    update({ originalPricePaise: null }).then([
      updated(bySeller, { originalPricePaise: 1_500_000 }, { originalPricePaise: null }),
    ]);
  });

  it('records a stock change as a manual adjustment', () => {
    update({ name: 'Banarasi Saree', stockQuantity: 8 }).then([
      updated(bySeller, { name: 'Banarasi Silk Saree' }, { name: 'Banarasi Saree' }),
      { type: 'StockAdjusted', data: { ...bySeller, variantId: 'default', from: 5, to: 8, reason: 'manual' } },
    ]);
  });

  it('lets an admin edit, but not another seller', () => {
    update({ name: 'Saree' }, admin).then([updated(byAdmin, { name: 'Banarasi Silk Saree' }, { name: 'Saree' })]);
    update({ name: 'Saree' }, otherSeller).then({ ...forbidden, message: 'You can only edit your own products' });
  });

  it('sends a rejected product edited by its seller back to review', () => {
    const events: ProductEvent[] = [
      updated(bySeller, { images: [], imageUrl: null }, { images: [photo], imageUrl: photo.url }),
      { type: 'ProductResubmitted', data: bySeller },
    ];
    given(productDecider, [listed, rejected])
      .when({ type: 'UpdateProduct', actor: seller, changes: { images: [photo] }, at: AT })
      .then(events);
    expect(fold(productDecider, [listed, rejected, ...events])?.verification).toBe('pending');
  });

  it('keeps a rejected product rejected when an admin edits it', () => {
    given(productDecider, [listed, rejected])
      .when({ type: 'UpdateProduct', actor: admin, changes: { name: 'Saree' }, at: AT })
      .then([updated(byAdmin, { name: 'Banarasi Silk Saree' }, { name: 'Saree' })]);
  });

  it('finds no product never listed or delisted', () => {
    given(productDecider)
      .when({ type: 'UpdateProduct', actor: seller, changes: { name: 'x' }, at: AT })
      .then(notFound);
    given(productDecider, [listed, delisted])
      .when({ type: 'UpdateProduct', actor: seller, changes: { name: 'x' }, at: AT })
      .then(notFound);
  });
});

describe('AdjustStock', () => {
  it('records the old and the new stock', () => {
    given(productDecider, [listed])
      .when({ type: 'AdjustStock', actor: seller, stockQuantity: 0, at: AT })
      .then([{ type: 'StockAdjusted', data: { ...bySeller, variantId: 'default', from: 5, to: 0, reason: 'manual' } }]);
  });

  it('records nothing for the same stock', () => {
    given(productDecider, [listed]).when({ type: 'AdjustStock', actor: seller, stockQuantity: 5, at: AT }).then([]);
  });

  it("is not for another seller's product", () => {
    given(productDecider, [listed])
      .when({ type: 'AdjustStock', actor: otherSeller, stockQuantity: 1, at: AT })
      .then({ ...forbidden, message: 'You can only change the stock of your own products' });
  });
});

describe('ReserveStock', () => {
  const reserve = (history: ProductEvent[], quantity: number, orderId = 'o-1') =>
    given(productDecider, history).when({
      type: 'ReserveStock',
      orderId,
      lines: [{ variantId: 'default', quantity }],
      at: AT,
    });

  it('takes the ordered units out of stock', () => {
    reserve([listed, verified], 2).then([reserved('o-1', 2, 3)]);
    reserve([listed, verified], 5).then([reserved('o-1', 5, 0)]);
  });

  it('never sells more than is left, naming the product and what is left', () => {
    reserve([listed, verified, reserved('o-1', 3, 2)], 3, 'o-2').then({
      code: 'insufficient_stock',
      kind: 'conflict',
      message: 'Only 2 of "Banarasi Silk Saree" left in stock',
    });
    reserve([listed, verified, reserved('o-1', 5, 0)], 1, 'o-2').then({
      code: 'insufficient_stock',
      kind: 'conflict',
      message: '"Banarasi Silk Saree" is out of stock',
    });
  });

  it('reserves once for a retried order', () => {
    reserve([listed, verified, reserved('o-1', 2, 3)], 2).then([]);
  });

  it.each([
    ['pending review', [listed]],
    ['rejected', [listed, rejected]],
    ['delisted', [listed, verified, delisted]],
  ])('does not sell a product %s', (_, history) => {
    reserve(history, 1).then({
      code: 'not_available',
      kind: 'conflict',
      message: '"Banarasi Silk Saree" is not available for purchase',
    });
  });
});

describe('ReleaseStock', () => {
  const release = (history: ProductEvent[]) =>
    given(productDecider, history).when({ type: 'ReleaseStock', orderId: 'o-1', reason: 'order_cancelled', at: AT });
  const released: ProductEvent = {
    type: 'StockReleased',
    data: {
      productId,
      variantId: 'default',
      orderId: 'o-1',
      quantity: 2,
      remaining: 5,
      reason: 'order_cancelled',
      at: AT,
    },
  };

  it("puts the order's units back, even on a delisted product", () => {
    release([listed, verified, reserved('o-1', 2, 3)]).then([released]);
    release([listed, verified, reserved('o-1', 2, 3), delisted]).then([released]);
  });

  it('releases nothing that is not reserved, or twice', () => {
    release([listed, verified]).then([]);
    release([listed, verified, reserved('o-1', 2, 3), released]).then([]);
  });

  it('keeps every order of a popular product apart, and each fold its own reservations', () => {
    const restocked: ProductEvent = {
      type: 'StockAdjusted',
      data: { ...bySeller, variantId: 'default', from: 5, to: 100_000, reason: 'manual' },
    };
    const orders = Array.from({ length: 20_000 }, (_, i) => reserved(`o-${i + 2}`, 1, 99_999 - i));
    const history = [listed, verified, restocked, reserved('o-1', 2, 99_998), ...orders];
    release(history).then([
      {
        type: 'StockReleased',
        data: {
          productId,
          variantId: 'default',
          orderId: 'o-1',
          quantity: 2,
          remaining: 80_002,
          reason: 'order_cancelled',
          at: AT,
        },
      },
    ]);
    // Another fold of a shorter history is not affected by the longer one.
    expect(fold(productDecider, [listed, verified, reserved('o-1', 2, 3)])!.reservations.size).toBe(1);
  });
});

describe('moderation', () => {
  it('lets only admins verify, reject, feature and unfeature', () => {
    for (const type of ['VerifyProduct', 'FeatureProduct', 'UnfeatureProduct'] as const) {
      given(productDecider, [listed, verified])
        .when({ type, actor: seller, at: AT })
        .then({ ...forbidden, message: 'Only an admin can review or feature products' });
    }
    given(productDecider, [listed]).when({ type: 'RejectProduct', actor: seller, reason: 'x', at: AT }).then(forbidden);
  });

  it('verifies a pending or rejected product once', () => {
    given(productDecider, [listed]).when({ type: 'VerifyProduct', actor: admin, at: AT }).then([verified]);
    given(productDecider, [listed, rejected]).when({ type: 'VerifyProduct', actor: admin, at: AT }).then([verified]);
    given(productDecider, [listed, verified]).when({ type: 'VerifyProduct', actor: admin, at: AT }).then([]);
  });

  it('rejects with a reason, unfeaturing a featured product first', () => {
    const reject = { type: 'RejectProduct', actor: admin, reason: 'Blurry photo', at: AT } as const;
    given(productDecider, [listed]).when(reject).then([rejected]);
    given(productDecider, [listed, verified, featured])
      .when(reject)
      .then([{ type: 'ProductUnfeatured', data: byAdmin }, rejected]);
    given(productDecider, [listed, rejected]).when(reject).then([]);
  });

  it('features verified products only', () => {
    given(productDecider, [listed, verified]).when({ type: 'FeatureProduct', actor: admin, at: AT }).then([featured]);
    given(productDecider, [listed, verified, featured]).when({ type: 'FeatureProduct', actor: admin, at: AT }).then([]);
    given(productDecider, [listed])
      .when({ type: 'FeatureProduct', actor: admin, at: AT })
      .then({ code: 'not_verified', kind: 'conflict', message: 'Only verified products can be featured' });
  });

  it('unfeatures a featured product', () => {
    given(productDecider, [listed, verified, featured])
      .when({ type: 'UnfeatureProduct', actor: admin, at: AT })
      .then([{ type: 'ProductUnfeatured', data: byAdmin }]);
    given(productDecider, [listed, verified]).when({ type: 'UnfeatureProduct', actor: admin, at: AT }).then([]);
  });
});

describe('DelistProduct', () => {
  it('is for the seller of the product or an admin', () => {
    given(productDecider, [listed]).when({ type: 'DelistProduct', actor: seller, at: AT }).then([delisted]);
    given(productDecider, [listed])
      .when({ type: 'DelistProduct', actor: admin, at: AT })
      .then([{ type: 'ProductDelisted', data: byAdmin }]);
    given(productDecider, [listed])
      .when({ type: 'DelistProduct', actor: otherSeller, at: AT })
      .then({ ...forbidden, message: 'You can only delete your own products' });
  });

  it('succeeds quietly the second time', () => {
    given(productDecider, [listed, delisted]).when({ type: 'DelistProduct', actor: seller, at: AT }).then([]);
  });

  it('makes the product not found for its seller and admins too', () => {
    given(productDecider, [listed, verified, delisted])
      .when({ type: 'FeatureProduct', actor: admin, at: AT })
      .then(notFound);
    given(productDecider, [listed, delisted])
      .when({ type: 'AdjustStock', actor: seller, stockQuantity: 1, at: AT })
      .then(notFound);
  });
});

describe('revisions: content edits of a verified product wait for review', () => {
  const revision = (
    revisionId: string,
    before: Partial<ProductDetails>,
    after: Partial<ProductDetails>,
    replaces: string | null = null,
  ): ProductEvent => ({
    type: 'ProductRevisionSubmitted',
    data: { ...bySeller, revisionId, before, after, replaces },
  });
  const r1 = revision('r1', { name: 'Banarasi Silk Saree' }, { name: 'Banarasi Saree' });
  const approvedR1: ProductEvent = {
    type: 'ProductRevisionApproved',
    data: { ...byAdmin, revisionId: 'r1', before: { name: 'Banarasi Silk Saree' }, after: { name: 'Banarasi Saree' } },
  };
  const rejectedR1: ProductEvent = {
    type: 'ProductRevisionRejected',
    data: { ...byAdmin, revisionId: 'r1', reason: 'Keep the fabric in the name' },
  };
  const edit = (history: ProductEvent[], changes: Partial<ProductInput>, actor: Actor = seller) =>
    given(productDecider, history).when({ type: 'UpdateProduct', actor, changes, at: AT });
  const approve = (history: ProductEvent[], revisionId = 'r1', actor: Actor = admin) =>
    given(productDecider, history).when({ type: 'ApproveProductRevision', actor, revisionId, at: AT });
  const reject = (history: ProductEvent[], revisionId = 'r1', actor: Actor = admin) =>
    given(productDecider, history).when({
      type: 'RejectProductRevision',
      actor,
      revisionId,
      reason: 'Keep the fabric in the name',
      at: AT,
    });

  it('submits name, description, category, image and tags as a revision; the approved version stays', () => {
    const changes = {
      name: 'Plain Saree',
      description: 'Something else entirely.',
      categoryId: 'spices',
      images: [photo],
      tags: ['x'],
    };
    const before = {
      name: saree.name,
      description: saree.description,
      categoryId: 'textiles',
      images: [],
      imageUrl: null,
      tags: ['silk', 'handloom'],
    };
    // Events keep the main image's address beside the images, for readers of the older shape.
    const after = { ...changes, imageUrl: photo.url };
    const submitted = revision('r1', before, after);
    edit([listed, verified], changes).then([submitted]);
    const product = fold(productDecider, [listed, verified, submitted])!;
    const { stockQuantity: _, ...approved } = saree;
    expect(product.details).toEqual({ ...approved, imageUrl: null, options: [], variants: [defaultVariant(saree)] });
    expect(product).toMatchObject({ verification: 'verified', revision: { revisionId: 'r1', before, after } });
  });

  it('changes price and original price at once, and stock too, beside the revision', () => {
    edit([listed, verified], {
      name: 'Banarasi Saree',
      pricePaise: 1_100_000,
      originalPricePaise: null,
      stockQuantity: 9,
    }).then([
      updated(
        bySeller,
        { pricePaise: 1_250_000, originalPricePaise: 1_500_000 },
        { pricePaise: 1_100_000, originalPricePaise: null },
      ),
      r1,
      { type: 'StockAdjusted', data: { ...bySeller, variantId: 'default', from: 5, to: 9, reason: 'manual' } },
    ]);
    edit([listed, verified, r1], { pricePaise: 1_100_000 }).then([
      updated(bySeller, { pricePaise: 1_250_000 }, { pricePaise: 1_100_000 }),
    ]);
  });

  it('replaces a waiting revision with a newer one holding both changes; the same proposal again changes nothing', () => {
    edit([listed, verified, r1], { description: 'Handwoven silk saree, now with a blouse piece.' }).then([
      revision(
        'r2',
        { name: 'Banarasi Silk Saree', description: saree.description },
        { name: 'Banarasi Saree', description: 'Handwoven silk saree, now with a blouse piece.' },
        'r1',
      ),
    ]);
    edit([listed, verified, r1], { name: 'Banarasi Saree', tags: ['silk', 'handloom'] }).then([]);
  });

  it('withdraws the waiting revision when the seller edits the content back to the approved version', () => {
    edit([listed, verified, r1], { name: 'Banarasi Silk Saree' }).then([
      { type: 'ProductRevisionWithdrawn', data: { ...bySeller, revisionId: 'r1' } },
    ]);
    edit([listed, verified], { name: 'Banarasi Silk Saree' }).then([]);
  });

  it('applies the revision an admin approves, once', () => {
    approve([listed, verified, r1]).then([approvedR1]);
    expect(fold(productDecider, [listed, verified, r1, approvedR1])).toMatchObject({
      details: { name: 'Banarasi Saree' },
      revision: null,
    });
    approve([listed, verified, r1, approvedR1]).then([]);
  });

  it('keeps the approved version when an admin rejects the revision, with a reason', () => {
    reject([listed, verified, r1]).then([rejectedR1]);
    expect(fold(productDecider, [listed, verified, r1, rejectedR1])).toMatchObject({
      details: { name: 'Banarasi Silk Saree' },
      revision: null,
      verification: 'verified',
    });
    reject([listed, verified, r1, rejectedR1]).then([]);
    approve([listed, verified, r1, rejectedR1]).then({
      code: 'revision_not_pending',
      kind: 'conflict',
      message: 'These changes were rejected already',
    });
    reject([listed, verified, r1, approvedR1]).then({
      code: 'revision_not_pending',
      kind: 'conflict',
      message: 'These changes were approved already',
    });
  });

  it('does not approve a revision the seller has replaced or withdrawn since the admin saw it', () => {
    const r2 = revision('r2', { name: 'Banarasi Silk Saree' }, { name: 'Cheap Copy' }, 'r1');
    approve([listed, verified, r1, r2]).then({
      code: 'revision_not_pending',
      kind: 'conflict',
      message: 'The seller has replaced these changes with newer ones: review those',
    });
    const withdrawn: ProductEvent = { type: 'ProductRevisionWithdrawn', data: { ...bySeller, revisionId: 'r1' } };
    approve([listed, verified, r1, withdrawn]).then({
      code: 'revision_not_pending',
      kind: 'conflict',
      message: 'The seller withdrew these changes',
    });
    approve([listed, verified, r1], 'r9').then({ code: 'not_found', kind: 'not_found' });
  });

  it('lets only admins approve or reject', () => {
    for (const actor of [seller, otherSeller, buyer]) {
      approve([listed, verified, r1], 'r1', actor).then({
        ...forbidden,
        message: 'Only an admin can review or feature products',
      });
      reject([listed, verified, r1], 'r1', actor).then(forbidden);
    }
  });

  it("applies an admin's own edits at once, and never lets another seller edit", () => {
    edit([listed, verified], { name: 'Saree' }, admin).then([
      updated(byAdmin, { name: 'Banarasi Silk Saree' }, { name: 'Saree' }),
    ]);
    edit([listed, verified], { name: 'Saree' }, otherSeller).then({
      ...forbidden,
      message: 'You can only edit your own products',
    });
  });

  it('ends a waiting revision when the admin rejects the whole product', () => {
    given(productDecider, [listed, verified, r1])
      .when({ type: 'RejectProduct', actor: admin, reason: 'Counterfeit', at: AT })
      .then([
        { type: 'ProductRevisionRejected', data: { ...byAdmin, revisionId: 'r1', reason: 'Counterfeit' } },
        { type: 'ProductRejected', data: { ...byAdmin, reason: 'Counterfeit' } },
      ]);
  });

  it('numbers revisions on: a new one after an approval is r2', () => {
    edit([listed, verified, r1, approvedR1], { tags: ['silk'] }).then([
      revision('r2', { tags: ['silk', 'handloom'] }, { tags: ['silk'] }),
    ]);
  });
});

describe('a product with options: stock per variant', () => {
  const options = [{ name: 'Size', values: ['7', '8'] }];
  const chappal: ProductInput = {
    ...saree,
    name: 'Kolhapuri Chappal',
    options,
    variants: [
      {
        sku: 'KC-7',
        optionValues: ['7'],
        pricePaise: 150_000,
        originalPricePaise: null,
        imageUrls: [],
        stockQuantity: 3,
      },
      {
        sku: 'KC-8',
        optionValues: ['8'],
        pricePaise: 120_000,
        originalPricePaise: null,
        imageUrls: [],
        stockQuantity: 1,
      },
    ],
  };
  const [listing] = productDecider.decide(
    { type: 'ListProduct', actor: seller, productId, product: chappal, at: AT },
    null,
  );
  const history = [listing!, verified];
  const reserve = (lines: Array<{ variantId: string; quantity: number }>, orderId = 'o-1', past = history) =>
    given(productDecider, past).when({ type: 'ReserveStock', orderId, lines, at: AT });

  it('lists each variant with an id and its stock, the product at the lowest price', () => {
    expect(listing!.data).toMatchObject({ pricePaise: 120_000, stockQuantity: 4, stockByVariant: { v1: 3, v2: 1 } });
    expect(fold(productDecider, history)).toMatchObject({ stockQuantity: 4, variantCount: 2 });
  });

  it('reserves the variants of an order together, and never the last unit of one twice', () => {
    const both = [
      {
        type: 'StockReserved',
        data: { productId, variantId: 'v1', orderId: 'o-1', quantity: 2, remaining: 1, at: AT },
      },
      {
        type: 'StockReserved',
        data: { productId, variantId: 'v2', orderId: 'o-1', quantity: 1, remaining: 0, at: AT },
      },
    ] as ProductEvent[];
    reserve([
      { variantId: 'v1', quantity: 1 },
      { variantId: 'v2', quantity: 1 },
      { variantId: 'v1', quantity: 1 },
    ]).then(both);
    reserve([{ variantId: 'v2', quantity: 1 }], 'o-2', [...history, ...both]).then({
      code: 'insufficient_stock',
      kind: 'conflict',
      message: '"Kolhapuri Chappal (Size 8)" is out of stock',
    });
    reserve([{ variantId: 'default', quantity: 1 }]).then({ code: 'not_available', kind: 'conflict' });
    given(productDecider, [...history, ...both])
      .when({ type: 'ReleaseStock', orderId: 'o-1', reason: 'order_cancelled', at: AT })
      .then([
        {
          type: 'StockReleased',
          data: {
            productId,
            variantId: 'v1',
            orderId: 'o-1',
            quantity: 2,
            remaining: 3,
            reason: 'order_cancelled',
            at: AT,
          },
        },
        {
          type: 'StockReleased',
          data: {
            productId,
            variantId: 'v2',
            orderId: 'o-1',
            quantity: 1,
            remaining: 1,
            reason: 'order_cancelled',
            at: AT,
          },
        },
      ]);
    given(productDecider, history)
      .when({ type: 'RestockReturn', returnId: 'r-1', lines: [{ variantId: 'v2', quantity: 1 }], at: AT })
      .then([
        {
          type: 'StockReturned',
          data: { productId, variantId: 'v2', returnId: 'r-1', quantity: 1, remaining: 2, at: AT },
        },
      ]);
  });

  it('takes no price or stock of the product itself, and refuses variants that do not fit the options', () => {
    const edit = (changes: Partial<ProductInput>) =>
      given(productDecider, history).when({ type: 'UpdateProduct', actor: seller, changes, at: AT });
    edit({ stockQuantity: 9 }).then({
      code: 'validation_failed',
      kind: 'invalid',
      fields: { stockQuantity: VARIANT_MESSAGES.stockOfVariants },
    });
    edit({ pricePaise: 1 }).then({
      code: 'validation_failed',
      kind: 'invalid',
      fields: { pricePaise: VARIANT_MESSAGES.priceOfVariants },
    });
    edit({ variants: [{ ...chappal.variants![0]!, optionValues: ['9'] }] }).then({
      code: 'validation_failed',
      kind: 'invalid',
      fields: { 'variants.0.optionValues.0': VARIANT_MESSAGES.unknownValue },
    });
    given(productDecider, history)
      .when({ type: 'AdjustStock', actor: seller, stockQuantity: 1, variantId: 'v9', at: AT })
      .then({ code: 'not_found', kind: 'not_found', message: VARIANT_MESSAGES.variantUnknown });
  });
});
