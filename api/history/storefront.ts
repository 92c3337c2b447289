/** Every version of a seller's storefront profile, read from the seller stream (the read model keeps only the latest). */
import {
  type SellerProfile,
  type SellerProfileEvent,
  type SellerStreamEvent,
  sellerStream,
} from '../../domain/seller/events.ts';
import { profileOf } from '../../domain/seller/profile.ts';
import type { Recorded, Streams } from '../../platform/eventstore/streams.ts';

/** One version of the profile: what it said, who wrote it and when. */
export type ProfileVersion = SellerProfile & {
  version: number;
  /** The seller, or an admin (`by` then names the admin). */
  editedBy: 'seller' | 'admin';
  by: string;
  at: string;
};

/** Newest first. The route has checked that the viewer is the seller or an admin. */
export async function profileHistory(streams: Streams, sellerId: string): Promise<ProfileVersion[]> {
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
