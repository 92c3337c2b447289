import type { AccountEvent } from '../../domain/account/events.ts';
import type { ProductEvent } from '../../domain/product/events.ts';
import type { ReviewEvent } from '../../domain/review/events.ts';
import { averageRating } from '../../domain/review/rating.ts';
import { sellerDecider, sellerStatus } from '../../domain/seller/decider.ts';
import type { SellerStreamEvent } from '../../domain/seller/events.ts';
import { profileOf } from '../../domain/seller/profile.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Doc, UnitOfWork } from '../../platform/readstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { StorefrontDoc } from './documents.ts';

export const STOREFRONTS = 'storefronts';
/** Every account's name, so a buyer who takes on the seller role later gets a storefront under it. */
export const STOREFRONT_ACCOUNTS = 'storefront_accounts';
/** The seller of every product listed, so a review counts towards its seller's rating. */
export const STOREFRONT_PRODUCTS = 'storefront_products';
/** The current rating of every review (id `${productId}:${buyerId}`), so an edit replaces it exactly. */
export const STOREFRONT_RATINGS = 'storefront_ratings';

interface AccountDoc extends Doc {
  fullName: string;
  registeredAt: string;
}

interface ProductSellerDoc extends Doc {
  sellerId: string;
}

interface RatingDoc extends Doc {
  rating: number;
}

type StorefrontEvent =
  | Extract<AccountEvent, { type: 'AccountRegistered' | 'RoleAdded' | 'RoleRemoved' }>
  | SellerStreamEvent
  | Extract<ProductEvent, { type: 'ProductListed' }>
  | ReviewEvent;

/** Until the seller writes a profile, the storefront carries the account's name and nothing else. */
function newStorefront({ id, fullName, registeredAt }: AccountDoc): StorefrontDoc {
  const standing = sellerDecider.initialState;
  return {
    id,
    isSeller: true,
    displayName: fullName,
    region: null,
    craft: null,
    story: null,
    ...standing,
    status: sellerStatus(standing),
    ratingCount: 0,
    ratingSum: 0,
    rating: null,
    version: 0,
    taxProfile: null,
    taxProfileVersion: 0,
    joinedAt: registeredAt,
    updatedAt: registeredAt,
  };
}

async function update(
  work: UnitOfWork,
  id: string,
  change: (storefront: StorefrontDoc) => Partial<StorefrontDoc>,
): Promise<void> {
  const storefront = await work.get<StorefrontDoc>(STOREFRONTS, id);
  if (storefront) work.put<StorefrontDoc>(STOREFRONTS, { ...storefront, ...change(storefront) });
}

/** The seller role taken on, or taken away: the storefront (and what it gathered) stays, shown again if the role comes back. */
async function followRole(work: UnitOfWork, userId: string, isSeller: boolean): Promise<void> {
  const storefront = await work.get<StorefrontDoc>(STOREFRONTS, userId);
  if (storefront) return work.put<StorefrontDoc>(STOREFRONTS, { ...storefront, isSeller });
  const account = await work.get<AccountDoc>(STOREFRONT_ACCOUNTS, userId);
  if (isSeller && account) work.put<StorefrontDoc>(STOREFRONTS, newStorefront(account));
}

/** A submitted or edited review: its seller's sum loses the review's previous rating, if any, and gains the new one. */
async function rate(work: UnitOfWork, { productId, buyerId, rating }: ReviewEvent['data']): Promise<void> {
  const id = `${productId}:${buyerId}`;
  const previous = await work.get<RatingDoc>(STOREFRONT_RATINGS, id);
  work.put<RatingDoc>(STOREFRONT_RATINGS, { id, rating });
  const product = await work.get<ProductSellerDoc>(STOREFRONT_PRODUCTS, productId);
  if (!product) return;
  await update(work, product.sellerId, (storefront) => {
    const ratingSum = storefront.ratingSum - (previous?.rating ?? 0) + rating;
    const ratingCount = storefront.ratingCount + (previous ? 0 : 1);
    return { ratingSum, ratingCount, rating: averageRating(ratingSum, ratingCount) };
  });
}

/** The sellers' storefronts: profile, standing, and the rating across their products. */
export const storefronts: Projection = {
  name: 'storefronts',
  // 2: the tax profile.
  version: 2,
  collections: [
    { name: STOREFRONTS },
    { name: STOREFRONT_ACCOUNTS },
    { name: STOREFRONT_PRODUCTS },
    { name: STOREFRONT_RATINGS },
  ],
  eventTypes: new Set<StorefrontEvent['type']>([
    'AccountRegistered',
    'RoleAdded',
    'RoleRemoved',
    'SellerVerified',
    'SellerSuspended',
    'SellerReinstated',
    'SellerProfileUpdated',
    'SellerTaxProfileSet',
    'ProductListed',
    'ReviewSubmitted',
    'ReviewEdited',
  ]),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = { type: recorded.type, data: recorded.data } as StorefrontEvent;
    switch (event.type) {
      case 'AccountRegistered': {
        const { userId, fullName, registeredAt, role } = event.data;
        const account: AccountDoc = { id: userId, fullName, registeredAt };
        work.put<AccountDoc>(STOREFRONT_ACCOUNTS, account);
        if (role === 'seller') work.put<StorefrontDoc>(STOREFRONTS, newStorefront(account));
        return;
      }
      case 'RoleAdded':
      case 'RoleRemoved':
        if (event.data.role !== 'seller') return;
        return followRole(work, event.data.userId, event.type === 'RoleAdded');
      case 'SellerVerified':
      case 'SellerSuspended':
      case 'SellerReinstated':
        return update(work, event.data.sellerId, (storefront) => {
          const standing = sellerDecider.evolve(
            { verified: storefront.verified, suspended: storefront.suspended },
            event,
          );
          return { ...standing, status: sellerStatus(standing) };
        });
      case 'SellerProfileUpdated':
        return update(work, event.data.sellerId, (storefront) => ({
          ...profileOf(event.data),
          version: storefront.version + 1,
          updatedAt: event.data.at,
        }));
      case 'SellerTaxProfileSet':
        return update(work, event.data.sellerId, (storefront) => ({
          taxProfile: event.data.profile,
          taxProfileVersion: storefront.taxProfileVersion + 1,
        }));
      case 'ProductListed':
        work.put<ProductSellerDoc>(STOREFRONT_PRODUCTS, { id: event.data.productId, sellerId: event.data.sellerId });
        return;
      case 'ReviewSubmitted':
      case 'ReviewEdited':
        return rate(work, event.data);
    }
  },
};
