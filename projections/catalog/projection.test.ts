import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AccountEvent } from '../../domain/account/events.ts';
import type { CategoryEvent } from '../../domain/catalog/events.ts';
import type { ProductEvent } from '../../domain/product/events.ts';
import type { ReviewEvent } from '../../domain/review/events.ts';
import type { SellerEvent, SellerProfileEvent } from '../../domain/seller/events.ts';
import { AT } from '../../domain/testing.ts';
import { fold } from '../../domain/decider.ts';
import { productDecider } from '../../domain/product/decider.ts';
import { SAREE_DETAILS } from '../../domain/product/details.fixtures.ts';
import { MemoryBus } from '../../platform/bus/memory.ts';
import { SqliteEventStore } from '../../platform/eventstore/sqlite.ts';
import type { Doc, ReadStore } from '../../platform/readstore/port.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { CATALOG_RATINGS, CATALOG_SELLERS, catalog, PRODUCTS, CATEGORIES } from './projection.ts';
import type { ProductDoc } from './documents.ts';
import { productDoc } from './documents.fixtures.ts';
import { ProjectionRunner } from '../../platform/projection/runner.ts';
import { appliedTo } from '../projection.fixtures.ts';
import type { CategoryDoc } from '../categories/documents.ts';

type CatalogEvent = ProductEvent | CategoryEvent | ReviewEvent | AccountEvent | SellerEvent | SellerProfileEvent;

const productId = 'p-1';
const sellerId = 'seller-1';
const stamp = { productId, by: sellerId, at: AT };
const LATER = '2024-05-02T10:00:00.000Z';

const category = (categoryId: string, name: string): CategoryEvent => ({
  type: 'CategoryCreated',
  data: { categoryId, name, description: `${name} from India.`, createdAt: AT },
});
const textiles = category('textiles', 'Textiles');
const spices = category('spices', 'Spices');
const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: {
    userId: sellerId,
    fullName: 'Meera Weaves',
    email: 'meera@example.com',
    emailNormalized: 'meera@example.com',
    passwordHash: 'hash',
    role: 'seller',
    registeredAt: AT,
  },
};
const listed: ProductEvent = {
  type: 'ProductListed',
  data: {
    productId,
    sellerId,
    ...SAREE_DETAILS,
    imageUrl: null,
    listedAt: AT,
  },
};
const verified: ProductEvent = { type: 'ProductVerified', data: { ...stamp, at: LATER } };
const standing = { sellerId, by: 'admin-1', at: LATER };
const sellerVerified: SellerEvent = { type: 'SellerVerified', data: { ...standing, reason: null } };
const suspended: SellerEvent = { type: 'SellerSuspended', data: { ...standing, reason: 'Counterfeit goods' } };
const reinstated: SellerEvent = { type: 'SellerReinstated', data: { ...standing, reason: 'Invoices checked' } };
const review = (buyerId: string, rating: number, type: ReviewEvent['type'] = 'ReviewSubmitted'): ReviewEvent =>
  type === 'ReviewSubmitted'
    ? { type, data: { productId, buyerId, authorName: buyerId, rating, comment: 'Lovely', at: LATER } }
    : { type, data: { productId, buyerId, rating, comment: 'Changed my mind', at: LATER } };

const project = (events: readonly CatalogEvent[]) => appliedTo(catalog, events);

const productAfter = async (events: readonly CatalogEvent[]) =>
  (await project(events)).get<ProductDoc>(PRODUCTS, productId);
const countsAfter = async (events: readonly CatalogEvent[]) => {
  const work = await project(events);
  const count = async (id: string) => (await work.get<CategoryDoc>(CATEGORIES, id))?.productCount;
  return { textiles: await count('textiles'), spices: await count('spices') };
};

describe('catalog projection', () => {
  it('makes a listed product a document with its seller name, pending review and not visible', async () => {
    expect(await productAfter([textiles, registered, listed])).toEqual(
      productDoc(productId, {
        sellerId,
        ...SAREE_DETAILS,
        percentOff: 17,
        verification: 'pending',
        visible: false,
        displayStatus: 'Pending Review',
        listedAt: AT,
        updatedAt: AT,
      }),
    );
    expect(await countsAfter([textiles, registered, listed])).toEqual({ textiles: 0, spices: undefined });
  });

  it("names the seller 'Seller' when no account is on record", async () => {
    expect(await productAfter([listed])).toMatchObject({ sellerName: 'Seller' });
  });

  it('creates categories with a count of zero, returnable as their default says', async () => {
    const work = await project([textiles]);
    expect(await work.get(CATEGORIES, 'textiles')).toEqual({
      id: 'textiles',
      name: 'Textiles',
      description: 'Textiles from India.',
      returnable: true,
      productCount: 0,
    });
  });

  it('follows the admins on whether a category takes returns', async () => {
    const opened: CategoryEvent = {
      type: 'CategoryReturnsSet',
      data: {
        categoryId: 'spices',
        returnable: true,
        reason: 'Sealed packs',
        by: 'admin-1',
        at: '2024-05-02T00:00:00.000Z',
      },
    };
    expect((await (await project([spices])).get<CategoryDoc>(CATEGORIES, 'spices'))?.returnable).toBe(false);
    expect((await (await project([spices, opened])).get<CategoryDoc>(CATEGORIES, 'spices'))?.returnable).toBe(true);
  });

  it('derives the display status from verification, featuring and stock', async () => {
    const history = [textiles, registered, listed, verified];
    const status = async (...more: ProductEvent[]) => (await productAfter([...history, ...more]))?.displayStatus;
    const featured: ProductEvent = { type: 'ProductFeatured', data: stamp };
    const soldOut: ProductEvent = { type: 'StockAdjusted', data: { ...stamp, from: 5, to: 0, reason: 'manual' } };
    expect(await status()).toBe('Active');
    expect(await status(featured)).toBe('Featured');
    expect(await status(featured, soldOut)).toBe('Featured');
    expect(await status(featured, soldOut, { type: 'ProductUnfeatured', data: stamp })).toBe('Out of Stock');
    expect(await productAfter(history)).toMatchObject({ verification: 'verified', visible: true, updatedAt: LATER });
  });

  it('counts a product in its category only while it is visible', async () => {
    const delisted: ProductEvent = { type: 'ProductDelisted', data: stamp };
    const rejected: ProductEvent = { type: 'ProductRejected', data: { ...stamp, reason: 'Blurry photo' } };
    const base = [textiles, spices, registered, listed];
    expect(await countsAfter([...base, verified])).toEqual({ textiles: 1, spices: 0 });
    expect(await countsAfter([...base, verified, delisted])).toEqual({ textiles: 0, spices: 0 });
    expect(await countsAfter([...base, verified, rejected])).toEqual({ textiles: 0, spices: 0 });
    expect(await countsAfter([...base, verified, verified])).toEqual({ textiles: 1, spices: 0 });
    expect(await productAfter([...base, verified, rejected])).toMatchObject({
      verification: 'rejected',
      rejectionReason: 'Blurry photo',
      displayStatus: 'Rejected',
      visible: false,
    });
    const resubmitted: ProductEvent = { type: 'ProductResubmitted', data: stamp };
    expect(await productAfter([...base, rejected, resubmitted])).toMatchObject({
      verification: 'pending',
      rejectionReason: null,
      displayStatus: 'Pending Review',
    });
  });

  it('moves the count when a visible product changes category, and applies edits', async () => {
    const moved: ProductEvent = {
      type: 'ProductUpdated',
      data: {
        ...stamp,
        at: LATER,
        before: { categoryId: 'textiles', originalPricePaise: 1_500_000 },
        after: { categoryId: 'spices', originalPricePaise: null },
      },
    };
    const history = [textiles, spices, registered, listed, verified, moved];
    expect(await countsAfter(history)).toEqual({ textiles: 0, spices: 1 });
    expect(await productAfter(history)).toMatchObject({
      categoryId: 'spices',
      originalPricePaise: null,
      percentOff: null,
      updatedAt: LATER,
    });
    // Not visible: moving it changes no count.
    expect(await countsAfter([textiles, spices, registered, listed, moved])).toEqual({ textiles: 0, spices: 0 });
  });

  describe('revisions of a verified product', () => {
    const ADMIN_AT = '2024-05-03T10:00:00.000Z';
    const submitted: ProductEvent = {
      type: 'ProductRevisionSubmitted',
      data: {
        ...stamp,
        at: LATER,
        revisionId: 'r1',
        before: { name: 'Banarasi Silk Saree', categoryId: 'textiles' },
        after: { name: 'Saffron 1g', categoryId: 'spices' },
        replaces: null,
      },
    };
    const byAdmin = { productId, by: 'admin-1', at: ADMIN_AT };
    const approved: ProductEvent = {
      type: 'ProductRevisionApproved',
      data: { ...byAdmin, revisionId: 'r1', before: submitted.data.before, after: submitted.data.after },
    };
    const rejected: ProductEvent = {
      type: 'ProductRevisionRejected',
      data: { ...byAdmin, revisionId: 'r1', reason: 'Not the same product' },
    };
    const history = [textiles, spices, registered, listed, verified];
    const pending = {
      revisionId: 'r1',
      before: submitted.data.before,
      after: submitted.data.after,
      submittedBy: sellerId,
      submittedAt: LATER,
    };
    /** The fields the public product shows (api/reads/catalog-index.ts leaves the private ones out). */
    const shown = ({ pendingRevision: _, hasPendingRevision: __, rejectedRevision: ___, ...rest }: ProductDoc) => rest;

    it('keeps the live product as approved while a revision waits, holding the revision beside it', async () => {
      const before = (await productAfter(history))!;
      const waiting = (await productAfter([...history, submitted]))!;
      expect(shown(waiting)).toEqual(shown(before));
      expect(waiting).toMatchObject({
        name: 'Banarasi Silk Saree',
        updatedAt: LATER,
        pendingRevision: pending,
        hasPendingRevision: true,
        rejectedRevision: null,
      });
      expect(await countsAfter([...history, submitted])).toEqual({ textiles: 1, spices: 0 });
    });

    it('applies the revision once approved, moving the category count', async () => {
      expect(await productAfter([...history, submitted, approved])).toMatchObject({
        name: 'Saffron 1g',
        categoryId: 'spices',
        pendingRevision: null,
        hasPendingRevision: false,
        updatedAt: ADMIN_AT,
      });
      expect(await countsAfter([...history, submitted, approved])).toEqual({ textiles: 0, spices: 1 });
    });

    it('keeps a rejected revision with its reason for the seller, until the seller sends another', async () => {
      const before = (await productAfter(history))!;
      const after = (await productAfter([...history, submitted, rejected]))!;
      expect(shown(after)).toEqual(shown(before));
      expect(after).toMatchObject({
        pendingRevision: null,
        hasPendingRevision: false,
        rejectedRevision: { ...pending, reason: 'Not the same product', rejectedAt: ADMIN_AT },
      });
      const again: ProductEvent = {
        ...submitted,
        data: { ...submitted.data, revisionId: 'r2', after: { name: 'Banarasi Saree', categoryId: 'textiles' } },
      };
      expect(await productAfter([...history, submitted, rejected, again])).toMatchObject({
        rejectedRevision: null,
        pendingRevision: { revisionId: 'r2' },
      });
    });

    it('shows a new variant once approved, those on sale at their live price: as the decider folds them', async () => {
      const v1 = {
        id: 'v1',
        sku: 'KC-7',
        optionValues: ['7'],
        pricePaise: 150_000,
        originalPricePaise: null,
        imageUrls: [],
      };
      const v2 = { ...v1, id: 'v2', sku: 'KC-8', optionValues: ['8'], pricePaise: 120_000 };
      const [one, two] = [[{ name: 'Size', values: ['7'] }], [{ name: 'Size', values: ['7', '8'] }]];
      const withSizes: ProductEvent = {
        type: 'ProductListed',
        data: {
          ...listed.data,
          options: one,
          variants: [v1],
          pricePaise: 150_000,
          originalPricePaise: null,
          stockByVariant: { v1: 5 },
        },
      };
      const asked: ProductEvent = {
        ...submitted,
        data: {
          ...submitted.data,
          before: { options: one, variants: [v1] },
          after: { options: two, variants: [v1, v2] },
        },
      };
      const stocked: ProductEvent = {
        type: 'StockAdjusted',
        data: { ...stamp, at: LATER, variantId: 'v2', from: 0, to: 2, reason: 'manual' },
      };
      const repriced: ProductEvent = {
        type: 'ProductUpdated',
        data: {
          ...stamp,
          at: LATER,
          before: { variants: [v1] },
          after: { variants: [{ ...v1, pricePaise: 140_000 }] },
        },
      };
      const approvedSizes: ProductEvent = {
        type: 'ProductRevisionApproved',
        data: { ...byAdmin, revisionId: 'r1', before: { options: one, variants: [v1] }, after: asked.data.after },
      };
      const events = [withSizes, verified, asked, stocked, repriced];
      const waiting = (await productAfter([textiles, registered, ...events]))!;
      expect(waiting).toMatchObject({ stockQuantity: 5, variants: [{ id: 'v1', pricePaise: 140_000 }] });
      expect(waiting.variants).toHaveLength(1);
      expect(waiting.pendingRevision?.after.variants).toHaveLength(2);

      const live = (await productAfter([textiles, registered, ...events, approvedSizes]))!;
      expect(live).toMatchObject({
        options: two,
        pricePaise: 120_000,
        maxPricePaise: 140_000,
        stockQuantity: 7,
        variants: [
          { id: 'v1', pricePaise: 140_000, stockQuantity: 5 },
          { id: 'v2', label: 'Size 8', pricePaise: 120_000, stockQuantity: 2 },
        ],
      });
      const folded = fold(productDecider, [...events, approvedSizes])!;
      expect(folded.details).toMatchObject({ options: live.options, pricePaise: live.pricePaise });
      expect(folded.details.variants).toEqual(
        live.variants.map(({ label: _, stockQuantity: __, ...variant }) => variant),
      );
      expect(folded.stockQuantity).toBe(live.stockQuantity);
    });

    it('replaces a waiting revision with a newer one, and drops it when withdrawn', async () => {
      const newer: ProductEvent = { ...submitted, data: { ...submitted.data, revisionId: 'r2', replaces: 'r1' } };
      expect((await productAfter([...history, submitted, newer]))?.pendingRevision).toMatchObject({ revisionId: 'r2' });
      const withdrawn: ProductEvent = {
        type: 'ProductRevisionWithdrawn',
        data: { ...stamp, at: ADMIN_AT, revisionId: 'r1' },
      };
      expect(await productAfter([...history, submitted, withdrawn])).toMatchObject({
        name: 'Banarasi Silk Saree',
        pendingRevision: null,
        hasPendingRevision: false,
        updatedAt: LATER,
      });
    });
  });

  it('averages the ratings, an edit replacing the review’s earlier rating exactly', async () => {
    const history = [registered, listed, verified, review('b-1', 5), review('b-2', 4)];
    expect(await productAfter(history)).toMatchObject({ ratingCount: 2, ratingSum: 9, rating: 4.5 });
    expect(await productAfter([...history, review('b-2', 2, 'ReviewEdited')])).toMatchObject({
      ratingCount: 2,
      ratingSum: 7,
      rating: 3.5,
    });
    expect(await productAfter([...history, review('b-3', 4)])).toMatchObject({
      ratingCount: 3,
      ratingSum: 13,
      rating: 4.3,
    });
    const work = await project(history);
    expect(await work.get(CATALOG_RATINGS, `${productId}:b-2`)).toEqual({ id: `${productId}:b-2`, rating: 4 });
  });

  it('follows stock, units sold and the last sale through reservations and releases', async () => {
    const reserved = (orderId: string, quantity: number, remaining: number): ProductEvent => ({
      type: 'StockReserved',
      data: { productId, orderId, quantity, remaining, at: LATER },
    });
    const released: ProductEvent = {
      type: 'StockReleased',
      data: { productId, orderId: 'o-1', quantity: 2, remaining: 2, reason: 'order_cancelled', at: LATER },
    };
    const history = [registered, listed, verified, reserved('o-1', 2, 3), reserved('o-2', 3, 0)];
    expect(await productAfter(history)).toMatchObject({
      stockQuantity: 0,
      unitsSold: 5,
      lastSoldAt: LATER,
      displayStatus: 'Out of Stock',
    });
    expect(await productAfter([...history, released])).toMatchObject({
      stockQuantity: 2,
      unitsSold: 3,
      lastSoldAt: LATER,
      displayStatus: 'Active',
    });
  });

  it('keeps the sellers with their standing and products in its own collection', async () => {
    const work = await project([registered, listed, sellerVerified]);
    expect(await work.get(CATALOG_SELLERS, sellerId)).toEqual({
      id: sellerId,
      fullName: 'Meera Weaves',
      verified: true,
      suspended: false,
      productIds: [productId],
      certificateIds: [],
    });
  });

  it("shows the seller's badge on their products, listed before or after the verification", async () => {
    expect(await productAfter([registered, listed, verified, sellerVerified])).toMatchObject({
      sellerVerified: true,
      visible: true,
    });
    expect(await productAfter([registered, sellerVerified, listed])).toMatchObject({ sellerVerified: true });
  });

  it("takes a suspended seller's products out of the catalog and its counts until they are reinstated", async () => {
    const base = [textiles, registered, listed, verified];
    expect(await productAfter([...base, suspended])).toMatchObject({
      sellerSuspended: true,
      visible: false,
      displayStatus: 'Active',
    });
    expect(await countsAfter([...base, suspended])).toEqual({ textiles: 0, spices: undefined });
    // Approved while suspended: still hidden.
    expect(await productAfter([textiles, registered, listed, suspended, verified])).toMatchObject({ visible: false });
    expect(await productAfter([...base, suspended, reinstated])).toMatchObject({
      sellerSuspended: false,
      visible: true,
    });
    expect(await countsAfter([...base, suspended, reinstated])).toEqual({ textiles: 1, spices: undefined });
  });

  it("sells the seller's products under their storefront's display name, listed before or after it is given", async () => {
    const profile = { displayName: 'Meera Handlooms', region: null, craft: null, story: null };
    const renamed: SellerProfileEvent = {
      type: 'SellerProfileUpdated',
      data: { ...standing, by: sellerId, ...profile },
    };
    expect(await productAfter([registered, listed, renamed])).toMatchObject({ sellerName: 'Meera Handlooms' });
    expect(await productAfter([registered, renamed, listed])).toMatchObject({ sellerName: 'Meera Handlooms' });
  });
});

describe('catalog rebuild', () => {
  let dir: string;
  let events: SqliteEventStore;
  const stores: ReadStore[] = [];

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mibi-catalog-'));
    events = new SqliteEventStore(join(dir, 'events.db'));
  });

  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function snapshot(read: ReadStore): Promise<Record<string, Doc[]>> {
    const out: Record<string, Doc[]> = {};
    for (const { name } of catalog.collections) out[name] = await read.collection(name).find({ sort: [['id', 'asc']] });
    return out;
  }

  it('gives the same documents as the live run, one event per batch', async () => {
    const live = new SqliteReadStore(join(dir, 'live.db'));
    stores.push(live);
    const runner = new ProjectionRunner({
      events,
      read: live,
      bus: new MemoryBus(),
      projections: [catalog],
      batchSize: 1,
    });
    await runner.start();
    const history: Array<[string, CatalogEvent]> = [
      ['category-textiles', textiles],
      ['category-spices', spices],
      ['account-seller-1', registered],
      ['product-p-1', listed],
      ['product-p-1', verified],
      ['review-p-1-b-1', review('b-1', 5)],
      ['review-p-1-b-1', review('b-1', 3, 'ReviewEdited')],
      [
        'product-p-1',
        { type: 'StockReserved', data: { productId, orderId: 'o-1', quantity: 2, remaining: 3, at: LATER } },
      ],
      [
        'product-p-1',
        {
          type: 'ProductUpdated',
          data: { ...stamp, before: { categoryId: 'textiles' }, after: { categoryId: 'spices' } },
        },
      ],
      [
        'product-p-1',
        {
          type: 'ProductRevisionSubmitted',
          data: {
            ...stamp,
            revisionId: 'r1',
            before: { name: 'Banarasi Silk Saree' },
            after: { name: 'Silk Saree' },
            replaces: null,
          },
        },
      ],
      [
        'product-p-1',
        {
          type: 'ProductRevisionApproved',
          data: { ...stamp, revisionId: 'r1', before: { name: 'Banarasi Silk Saree' }, after: { name: 'Silk Saree' } },
        },
      ],
      [
        'product-p-1',
        {
          type: 'ProductRevisionSubmitted',
          data: {
            ...stamp,
            revisionId: 'r2',
            before: { tags: ['silk', 'handloom'] },
            after: { tags: [] },
            replaces: null,
          },
        },
      ],
      ['seller-seller-1', sellerVerified],
      ['seller-seller-1', suspended],
      ['product-p-2', { ...listed, data: { ...listed.data, productId: 'p-2' } }],
      ['product-p-2', { type: 'ProductVerified', data: { ...stamp, productId: 'p-2' } }],
      ['seller-seller-1', reinstated],
      ['seller-seller-1', suspended],
    ];
    for (const [stream, event] of history) await events.append(stream, [event], 'any');
    const last = await events.lastPosition();
    while ((await live.checkpoint(catalog.name)) < last) await new Promise((resolve) => setTimeout(resolve, 5));
    await runner.stop();

    const rebuilt = new SqliteReadStore(join(dir, 'rebuilt.db'));
    stores.push(rebuilt);
    await new ProjectionRunner({ events, read: rebuilt, bus: new MemoryBus(), projections: [catalog] }).catchUp(
      catalog.name,
    );

    const expected = await snapshot(live);
    expect(expected[CATEGORIES]).toMatchObject([
      { id: 'spices', productCount: 0 },
      { id: 'textiles', productCount: 0 },
    ]);
    expect(expected[PRODUCTS]).toMatchObject([
      {
        id: productId,
        name: 'Silk Saree',
        hasPendingRevision: true,
        rating: 3,
        unitsSold: 2,
        sellerName: 'Meera Weaves',
        sellerVerified: true,
        sellerSuspended: true,
        visible: false,
      },
      { id: 'p-2', sellerVerified: true, sellerSuspended: true, visible: false },
    ]);
    expect(await snapshot(rebuilt)).toEqual(expected);
  });
});
