/** Every version of a seller's tax profile, read from the seller stream (the read model keeps only the latest). */
import { type Actor, forbidden } from '../../domain/actor.ts';
import {
  type SellerStreamEvent,
  type SellerTaxProfileEvent,
  type TaxProfile,
  sellerStream,
} from '../../domain/seller/events.ts';
import { TAX_PROFILE_MESSAGES, mayReadTaxProfile } from '../../domain/seller/tax-profile.ts';
import type { Recorded, Streams } from '../../platform/eventstore/streams.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { StorefrontDoc } from '../../projections/storefronts/documents.ts';
import { STOREFRONTS } from '../../projections/storefronts/projection.ts';
import { sellerNotFound } from '../commands/storefronts.ts';

/** One version of the tax profile and when the seller wrote it. */
export type TaxProfileVersion = TaxProfile & { version: number; at: string };

/** The seller's storefront document, for the seller themselves or an admin; a 403 for others, a 404 for an account that does not sell. */
export async function taxProfileOf(read: ReadStore, sellerId: string, viewer: Actor): Promise<StorefrontDoc> {
  if (!mayReadTaxProfile(viewer, sellerId)) throw forbidden(TAX_PROFILE_MESSAGES.readForbidden);
  const storefront = await read.collection<StorefrontDoc>(STOREFRONTS).get(sellerId);
  if (!storefront?.isSeller) throw sellerNotFound();
  return storefront;
}

/** Newest first, for the seller themselves or an admin. */
export async function taxProfileHistory(
  { read, streams }: { read: ReadStore; streams: Streams },
  sellerId: string,
  viewer: Actor,
): Promise<TaxProfileVersion[]> {
  await taxProfileOf(read, sellerId, viewer);
  const events = await streams.read<SellerStreamEvent>(sellerStream(sellerId));
  return events
    .filter((event): event is Recorded<SellerTaxProfileEvent> => event.type === 'SellerTaxProfileSet')
    .map(({ data }, index) => ({ ...data.profile, version: index + 1, at: data.at }))
    .reverse();
}
