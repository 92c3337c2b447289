/** Every version of a seller's storefront profile, read from the seller stream (the read model keeps only the latest). */
import {
  type SellerProfile,
  type SellerProfileEvent,
  type SellerStreamEvent,
  sellerStream,
} from '../../domain/seller/events.ts';
import type { Actor } from '../../domain/actor.ts';
import { DomainError } from '../../domain/decider.ts';
import { mayEditProfile, profileOf } from '../../domain/seller/profile.ts';
import type { Recorded, Streams } from '../../platform/eventstore/streams.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { storefrontFor } from '../../projections/storefronts/queries.ts';
import { sellerNotFound } from '../commands/storefronts.ts';

/** One version of the profile: what it said, who wrote it and when. */
export type ProfileVersion = SellerProfile & {
  version: number;
  /** The seller, or an admin (`by` then names the admin). */
  editedBy: 'seller' | 'admin';
  by: string;
  at: string;
};

/** Newest first, for the seller themselves or an admin; a seller the viewer may not see is not found. */
export async function profileHistory(
  { read, streams }: { read: ReadStore; streams: Streams },
  sellerId: string,
  viewer: Actor,
): Promise<ProfileVersion[]> {
  if (!mayEditProfile(viewer, sellerId))
    throw new DomainError(
      'forbidden',
      /*i18n*/ 'Only the seller or an admin can see the versions of this storefront',
      'forbidden',
    );
  if ((await storefrontFor(read, sellerId, viewer)) === 'missing') throw sellerNotFound();
  const events = await streams.read<SellerStreamEvent>(sellerStream(sellerId));
  const edits = events.filter((event): event is Recorded<SellerProfileEvent> => event.type === 'SellerProfileUpdated');
  return edits
    .map(
      ({ data }, index) =>
        ({
          ...profileOf(data),
          version: index + 1,
          editedBy: data.by === sellerId ? 'seller' : 'admin',
          by: data.by,
          at: data.at,
        }) as const,
    )
    .reverse();
}
