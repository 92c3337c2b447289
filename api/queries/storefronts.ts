/** Reads of the storefronts read model (projections/storefronts.ts). */
import { type Actor, isAdmin } from '../../domain/actor.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { STOREFRONTS, type StorefrontDoc } from '../../projections/storefronts.ts';

/** What anyone may see of a storefront: the profile, the standing and the rating (the rating sum and role flag stay inside). */
export type PublicStorefront = Pick<
  StorefrontDoc,
  | 'id'
  | 'displayName'
  | 'region'
  | 'craft'
  | 'story'
  | 'status'
  | 'rating'
  | 'ratingCount'
  | 'version'
  | 'joinedAt'
  | 'updatedAt'
>;

export function publicStorefront({
  id,
  displayName,
  region,
  craft,
  story,
  status,
  rating,
  ratingCount,
  version,
  joinedAt,
  updatedAt,
}: StorefrontDoc): PublicStorefront {
  return { id, displayName, region, craft, story, status, rating, ratingCount, version, joinedAt, updatedAt };
}

/** Shown to buyers: a seller's, unless suspended (their products are out of the catalog meanwhile too). */
export const isOpen = (storefront: StorefrontDoc): boolean => storefront.isSeller && !storefront.suspended;

/**
 * The storefront as `viewer` (null: signed out) may see it: `missing` when the account does not
 * sell; `closed` when its seller is suspended, except to that seller and the admins, who see it
 * with its status so they know buyers do not.
 */
export async function storefrontFor(
  read: ReadStore,
  sellerId: string,
  viewer: Actor | null,
): Promise<PublicStorefront | 'missing' | 'closed'> {
  const storefront = await read.collection<StorefrontDoc>(STOREFRONTS).get(sellerId);
  if (!storefront?.isSeller) return 'missing';
  const insider = viewer !== null && (viewer.userId === sellerId || isAdmin(viewer));
  return isOpen(storefront) || insider ? publicStorefront(storefront) : 'closed';
}
