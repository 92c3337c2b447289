import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { fold } from '../decider.ts';
import { AT, actors } from '../testing.ts';
import { type ProductCommand, type ProductInput, productDecider } from './decider.ts';
import { SAREE_DETAILS } from './details.fixtures.ts';
import type { ProductEvent } from './events.ts';
import type { VariantInput } from './variants.ts';

const { seller, admin } = actors;
const productId = 'p-1';
const photo = { id: 'upload-1', url: '/media/products/s/upload-1/1024.webp', sizes: [] };

const options = [{ name: 'Size', values: ['7', '8'] }];
const size = (value: string, pricePaise: number, stockQuantity: number): VariantInput => ({
  sku: `KC-${value}`,
  optionValues: [value],
  pricePaise,
  originalPricePaise: null,
  imageUrls: [],
  stockQuantity,
});
const chappal: ProductInput = {
  ...SAREE_DETAILS,
  name: 'Kolhapuri Chappal',
  images: [photo],
  options,
  variants: [size('7', 150_000, 3), size('8', 120_000, 1)],
};
const listing = productDecider.decide(
  { type: 'ListProduct', actor: seller, productId, product: chappal, at: AT },
  null,
)[0] as Extract<ProductEvent, { type: 'ProductListed' }>;
const verified: ProductEvent = { type: 'ProductVerified', data: { productId, by: admin.userId, at: AT } };
const onSale = [listing, verified];
/** The variants on sale, with their ids, as the seller's grid sends them back. */
const [v1, v2] = [
  { ...size('7', 150_000, 3), id: 'v1' },
  { ...size('8', 120_000, 1), id: 'v2' },
];
const withSize9 = {
  options: [{ name: 'Size', values: ['7', '8', '9'] }],
  variants: [v1, v2, size('9', 110_000, 4)],
};

/** The events of each command in turn, each decided on the product as the ones before left it. */
function run(history: ProductEvent[], ...commands: ProductCommand[]): ProductEvent[] {
  const events = [...history];
  for (const command of commands) events.push(...productDecider.decide(command, fold(productDecider, events)));
  return events.slice(history.length);
}
const edit = (changes: Partial<ProductInput>, actor: Actor = seller): ProductCommand => ({
  type: 'UpdateProduct',
  actor,
  changes,
  at: AT,
});
const approve = (revisionId = 'r1'): ProductCommand => ({
  type: 'ApproveProductRevision',
  actor: admin,
  revisionId,
  at: AT,
});
const reject = (revisionId = 'r1'): ProductCommand => ({
  type: 'RejectProductRevision',
  actor: admin,
  revisionId,
  reason: 'Show a picture of size 9',
  at: AT,
});
const reserve = (variantId: string): ProductCommand => ({
  type: 'ReserveStock',
  orderId: 'o-1',
  lines: [{ variantId, quantity: 1 }],
  at: AT,
});
const types = (events: ProductEvent[]) => events.map((event) => event.type);
const product = (events: ProductEvent[]) => fold(productDecider, events)!;

describe("a verified product's options and variants: prices at once, the rest reviewed", () => {
  it("changes a variant's price, SKU and made-to-order days at once, the product at its cheapest", () => {
    const events = run(
      onSale,
      edit({
        variants: [
          { ...v1, sku: 'KC-07', madeToOrderDays: 5 },
          { ...v2, pricePaise: 99_000 },
        ],
      }),
    );
    expect(types(events)).toEqual(['ProductUpdated']);
    expect(product([...onSale, ...events]).details).toMatchObject({
      pricePaise: 99_000,
      variants: [
        { id: 'v1', sku: 'KC-07', madeToOrderDays: 5 },
        { id: 'v2', pricePaise: 99_000 },
      ],
    });
  });

  it('holds a new size for review: its stock is kept, but it is not on sale until approved', () => {
    const events = run(onSale, edit(withSize9));
    expect(types(events)).toEqual(['ProductRevisionSubmitted', 'StockAdjusted']);
    const [submitted, stocked] = events as [
      Extract<ProductEvent, { type: 'ProductRevisionSubmitted' }>,
      Extract<ProductEvent, { type: 'StockAdjusted' }>,
    ];
    expect(submitted.data.before).toEqual({ options, variants: listing.data.variants });
    expect(submitted.data.after).toMatchObject({
      options: withSize9.options,
      variants: [{ id: 'v1' }, { id: 'v2' }, { id: 'v3', sku: 'KC-9', optionValues: ['9'], pricePaise: 110_000 }],
    });
    expect(stocked.data).toMatchObject({ variantId: 'v3', from: 0, to: 4 });

    const waiting = [...onSale, ...events];
    expect(product(waiting)).toMatchObject({ stockQuantity: 4, variantCount: 3 });
    expect(product(waiting).details.variants.map((variant) => variant.id)).toEqual(['v1', 'v2']);
    expect(() => run(waiting, reserve('v3'))).toThrow(expect.objectContaining({ code: 'not_available' }));
    // Its stock may be set before it goes on sale; the same proposal again changes nothing.
    expect(
      types(run(waiting, { type: 'AdjustStock', actor: seller, variantId: 'v3', stockQuantity: 6, at: AT })),
    ).toEqual(['StockAdjusted']);
    expect(run(waiting, edit({ ...withSize9, variants: [v1, v2, { ...size('9', 110_000, 4), id: 'v3' }] }))).toEqual(
      [],
    );
  });

  it('puts the new size on sale once approved, at the prices changed since, and leaves it off when rejected', () => {
    const waiting = [...onSale, ...run(onSale, edit(withSize9))];
    // The price of a size on sale changes at once, without sending the proposal again.
    const repriced = run(
      waiting,
      edit({ ...withSize9, variants: [{ ...v1, pricePaise: 140_000 }, v2, withSize9.variants[2]!] }),
    );
    expect(types(repriced)).toEqual(['ProductUpdated']);

    const approved = [...waiting, ...repriced, ...run([...waiting, ...repriced], approve())];
    expect(product(approved)).toMatchObject({
      stockQuantity: 8,
      revision: null,
      details: {
        options: withSize9.options,
        pricePaise: 110_000,
        variants: [
          { id: 'v1', pricePaise: 140_000 },
          { id: 'v2', pricePaise: 120_000 },
          { id: 'v3', pricePaise: 110_000 },
        ],
      },
    });
    expect(types(run(approved, reserve('v3')))).toEqual(['StockReserved']);

    const rejected = [...waiting, ...run(waiting, reject())];
    expect(product(rejected).details).toEqual(product(onSale).details);
    expect(product(rejected).stockQuantity).toBe(4);
  });

  it('keeps a removed size and a new picture of a size on sale until approved', () => {
    const events = run(onSale, edit({ variants: [{ ...v1, imageUrls: [photo.url] }] }));
    expect(types(events)).toEqual(['ProductRevisionSubmitted']);
    const waiting = [...onSale, ...events];
    expect(product(waiting).details.variants).toHaveLength(2);
    expect(types(run(waiting, reserve('v2')))).toEqual(['StockReserved']);
    const approved = [...waiting, ...run(waiting, approve())];
    expect(product(approved)).toMatchObject({
      stockQuantity: 3,
      details: { pricePaise: 150_000, variants: [{ id: 'v1', imageUrls: [photo.url] }] },
    });
  });

  it('sends a new price of a size waiting for review with the proposal, replacing the one waiting', () => {
    const waiting = [...onSale, ...run(onSale, edit(withSize9))];
    const events = run(waiting, edit({ ...withSize9, variants: [v1, v2, { ...size('9', 105_000, 4), id: 'v3' }] }));
    expect(events).toMatchObject([
      {
        type: 'ProductRevisionSubmitted',
        data: { revisionId: 'r2', replaces: 'r1', after: { variants: [{}, {}, { pricePaise: 105_000 }] } },
      },
    ]);
  });

  it("withdraws the proposal when the seller edits the variants back, and applies an admin's edits at once", () => {
    const waiting = [...onSale, ...run(onSale, edit(withSize9))];
    expect(types(run(waiting, edit({ options, variants: [v1, v2] })))).toEqual(['ProductRevisionWithdrawn']);
    expect(types(run(onSale, edit(withSize9, admin)))).toEqual(['ProductUpdated', 'StockAdjusted']);
  });

  it('holds the options a product sold as one thing gains, its one variant on sale meanwhile', () => {
    const { options: _, variants: __, ...plain } = chappal;
    const [one] = productDecider.decide(
      { type: 'ListProduct', actor: seller, productId, product: plain, at: AT },
      null,
    );
    const history = [one!, verified];
    const events = run(history, edit({ options, variants: [size('7', 150_000, 3), size('8', 120_000, 1)] }));
    expect(types(events)).toEqual(['ProductRevisionSubmitted', 'StockAdjusted', 'StockAdjusted']);
    const waiting = [...history, ...events];
    expect(product(waiting)).toMatchObject({ stockQuantity: plain.stockQuantity, details: { options: [] } });
    expect(types(run(waiting, reserve('default')))).toEqual(['StockReserved']);
    const approved = [...waiting, ...run(waiting, approve())];
    expect(product(approved)).toMatchObject({ stockQuantity: 4, details: { options, pricePaise: 120_000 } });
  });
});
