import { describe, expect, it } from 'vitest';
import { type AccountEvent, accountStream } from '../../domain/account/events.ts';
import { type ProductEvent, productStream } from '../../domain/product/events.ts';
import { type ReviewEvent, reviewStream } from '../../domain/review/events.ts';
import {
  type SellerProfile,
  type SellerStreamEvent,
  type TaxProfile,
  sellerStream,
} from '../../domain/seller/events.ts';
import { REGISTERED, UNREGISTERED } from '../../domain/seller/tax-profile.fixtures.ts';
import { MemoryBus } from '../../platform/bus/memory.ts';
import { ProjectionRunner } from '../../platform/projection/runner.ts';
import { SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { projectionStores } from '../projection.fixtures.ts';
import { STOREFRONTS, storefronts } from './projection.ts';
import type { StorefrontDoc } from './documents.ts';

const stores = projectionStores(storefronts);

const AT = '2024-05-01T10:00:00.000Z';
const LATER = '2024-05-02T10:00:00.000Z';
const SELLER = 'seller-1';
const BUYER = 'buyer-1';

type Event =
  | Extract<AccountEvent, { type: 'AccountRegistered' | 'RoleAdded' | 'RoleRemoved' }>
  | SellerStreamEvent
  | Extract<ProductEvent, { type: 'ProductListed' }>
  | ReviewEvent;

const registered = (userId: string, role: 'buyer' | 'seller', fullName: string): Event => ({
  type: 'AccountRegistered',
  data: {
    userId,
    fullName,
    email: `${userId}@example.com`,
    emailNormalized: `${userId}@example.com`,
    passwordHash: 'hash',
    role,
    registeredAt: AT,
  },
});
const role = (type: 'RoleAdded' | 'RoleRemoved', userId: string): Event => ({
  type,
  data: { userId, role: 'seller', by: 'admin-1', at: LATER },
});
const profile: SellerProfile = {
  displayName: 'Meera Handlooms',
  region: 'Varanasi',
  craft: 'Silk weaving',
  story: 'Three generations at the loom.',
};
const profileUpdated = (sellerId: string, written: SellerProfile = profile, by = sellerId): SellerStreamEvent => ({
  type: 'SellerProfileUpdated',
  data: { sellerId, ...written, by, at: LATER },
});
const standing = (
  type: 'SellerVerified' | 'SellerSuspended' | 'SellerReinstated',
  sellerId = SELLER,
): SellerStreamEvent =>
  type === 'SellerVerified'
    ? { type, data: { sellerId, by: 'admin-1', at: LATER, reason: null } }
    : { type, data: { sellerId, by: 'admin-1', at: LATER, reason: 'Checked' } };
const taxProfileSet = (profile: TaxProfile): SellerStreamEvent => ({
  type: 'SellerTaxProfileSet',
  data: { sellerId: SELLER, by: SELLER, at: LATER, profile },
});
const listed = (productId: string, sellerId = SELLER): Event => ({
  type: 'ProductListed',
  data: {
    productId,
    sellerId,
    name: productId,
    description: 'Handmade.',
    pricePaise: 10_000,
    originalPricePaise: null,
    stockQuantity: 3,
    categoryId: 'textiles',
    imageUrl: null,
    tags: [],
    listedAt: AT,
  },
});
const reviewed = (productId: string, buyerId: string, rating: number): ReviewEvent => ({
  type: 'ReviewSubmitted',
  data: { productId, buyerId, authorName: buyerId, rating, comment: 'Lovely', at: LATER },
});
const reviewEdited = (productId: string, buyerId: string, rating: number): ReviewEvent => ({
  type: 'ReviewEdited',
  data: { productId, buyerId, rating, comment: 'Changed my mind', at: LATER },
});

function streamOf(event: Event): string {
  switch (event.type) {
    case 'AccountRegistered':
    case 'RoleAdded':
    case 'RoleRemoved':
      return accountStream(event.data.userId);
    case 'ProductListed':
      return productStream(event.data.productId);
    case 'ReviewSubmitted':
    case 'ReviewEdited':
      return reviewStream(event.data.productId, event.data.buyerId);
    default:
      return sellerStream(event.data.sellerId);
  }
}

async function storefrontAfter(events: readonly Event[], id = SELLER): Promise<StorefrontDoc | null> {
  for (const event of events) await stores.events.append(streamOf(event), [event as never], 'any');
  await stores.runner().catchUp(storefronts.name);
  return stores.read.collection<StorefrontDoc>(STOREFRONTS).get(id);
}

describe('storefronts projection', () => {
  it("opens a storefront under the account's name when a seller registers, unverified and unrated", async () => {
    expect(await storefrontAfter([registered(SELLER, 'seller', 'Meera Weaves')])).toEqual({
      id: SELLER,
      isSeller: true,
      displayName: 'Meera Weaves',
      region: null,
      craft: null,
      story: null,
      verified: false,
      suspended: false,
      status: 'unverified',
      ratingCount: 0,
      ratingSum: 0,
      rating: null,
      version: 0,
      taxProfile: null,
      taxProfileVersion: 0,
      joinedAt: AT,
      updatedAt: AT,
    } satisfies StorefrontDoc);
  });

  it('opens none for a buyer, until they take on the seller role; keeps it, hidden, when the role goes', async () => {
    expect(await storefrontAfter([registered(BUYER, 'buyer', 'Asha Rao')], BUYER)).toBeNull();
    expect(await storefrontAfter([role('RoleAdded', BUYER)], BUYER)).toMatchObject({
      isSeller: true,
      displayName: 'Asha Rao',
      joinedAt: AT,
    });
    expect(await storefrontAfter([role('RoleRemoved', BUYER)], BUYER)).toMatchObject({
      isSeller: false,
      displayName: 'Asha Rao',
    });
  });

  it('takes each version of the profile and counts them', async () => {
    const events = [registered(SELLER, 'seller', 'Meera Weaves'), profileUpdated(SELLER)];
    expect(await storefrontAfter(events)).toMatchObject({ ...profile, version: 1, updatedAt: LATER });
    const shorter = { ...profile, craft: null, story: null };
    expect(await storefrontAfter([profileUpdated(SELLER, shorter, 'admin-1')])).toMatchObject({
      ...shorter,
      version: 2,
    });
  });

  it('keeps the latest tax profile and counts its versions, leaving the public profile as it is', async () => {
    await storefrontAfter([registered(SELLER, 'seller', 'Meera Weaves')]);
    expect(await storefrontAfter([taxProfileSet(REGISTERED)])).toMatchObject({
      taxProfile: REGISTERED,
      taxProfileVersion: 1,
      version: 0,
      updatedAt: AT,
    });
    expect(await storefrontAfter([taxProfileSet(UNREGISTERED)])).toMatchObject({
      taxProfile: UNREGISTERED,
      taxProfileVersion: 2,
    });
  });

  it('follows the standing, a reinstated seller keeping their verification', async () => {
    await storefrontAfter([registered(SELLER, 'seller', 'Meera Weaves')]);
    expect(await storefrontAfter([standing('SellerVerified')])).toMatchObject({ status: 'verified', verified: true });
    expect(await storefrontAfter([standing('SellerSuspended')])).toMatchObject({
      status: 'suspended',
      verified: true,
      suspended: true,
    });
    expect(await storefrontAfter([standing('SellerReinstated')])).toMatchObject({
      status: 'verified',
      suspended: false,
    });
  });

  it("rates the seller by every review of their products, an edit replacing the review's rating", async () => {
    const events = [
      registered(SELLER, 'seller', 'Meera Weaves'),
      registered('seller-2', 'seller', 'Other'),
      listed('p-1'),
      listed('p-2'),
      listed('p-3', 'seller-2'),
      reviewed('p-1', 'b-1', 5),
      reviewed('p-2', 'b-1', 4),
      reviewed('p-1', 'b-2', 4),
      reviewed('p-3', 'b-1', 1),
    ];
    expect(await storefrontAfter(events)).toMatchObject({ ratingCount: 3, ratingSum: 13, rating: 4.3 });
    expect(await storefrontAfter([reviewEdited('p-2', 'b-1', 2)])).toMatchObject({
      ratingCount: 3,
      ratingSum: 11,
      rating: 3.7,
    });
    expect(await stores.read.collection<StorefrontDoc>(STOREFRONTS).get('seller-2')).toMatchObject({
      ratingCount: 1,
      rating: 1,
    });
  });

  it('gives the same documents rebuilt in one batch as applied one event per batch', async () => {
    const events: Event[] = [
      registered(SELLER, 'seller', 'Meera Weaves'),
      registered(BUYER, 'buyer', 'Asha Rao'),
      listed('p-1'),
      standing('SellerVerified'),
      profileUpdated(SELLER),
      taxProfileSet(REGISTERED),
      reviewed('p-1', BUYER, 3),
      role('RoleAdded', BUYER),
      profileUpdated(BUYER, { ...profile, displayName: 'Asha Crafts' }),
      reviewEdited('p-1', BUYER, 5),
      standing('SellerSuspended'),
    ];
    for (const event of events) await stores.events.append(streamOf(event), [event as never], 'any');
    await stores.runner(1).catchUp(storefronts.name);
    const live = await stores.documents();
    const rebuilt = new SqliteReadStore(':memory:');
    try {
      await new ProjectionRunner({
        events: stores.events,
        read: rebuilt,
        bus: new MemoryBus(),
        projections: [storefronts],
      }).catchUp(storefronts.name);
      for (const { name } of storefronts.collections) {
        expect(await rebuilt.collection(name).find({ sort: [['id', 'asc']] })).toEqual(live[name]);
      }
    } finally {
      await rebuilt.close();
    }
    expect(live[STOREFRONTS]).toHaveLength(2);
  });
});
