/** Reads of the storefronts read model. */
import { type Actor, isAdmin } from '../../domain/actor.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { isOpen, type PublicStorefront, publicStorefront, type StorefrontDoc } from './documents.ts';
import { STOREFRONTS } from './projection.ts';

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
