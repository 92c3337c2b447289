/**
 * Delivery promises on the write side: the zone table (stream `delivery-zones`), where a seller
 * ships from (the PIN of its tax profile's address), and the windows of a PIN's parcels.
 */
import type { Actor } from '../../domain/actor.ts';
import { placeOfPin, type PinPlace } from '../../domain/delivery/pin-directory.ts';
import {
  DELIVERY_ZONES_STREAM,
  type SetZoneTransit,
  type ZoneTable,
  zoneTableDecider,
} from '../../domain/delivery/zone-table.ts';
import { taxProfileDecider } from '../../domain/seller/tax-profile.ts';
import { sellerStream } from '../../domain/seller/events.ts';
import type { CommandContext } from './context.ts';

export const loadZoneTable = async (cx: CommandContext): Promise<ZoneTable> =>
  (await cx.streams.load(DELIVERY_ZONES_STREAM, zoneTableDecider)).state;

/** An admin changes a zone's transit days; answers the log position reached. */
export async function setZoneTransit(
  cx: CommandContext,
  actor: Actor,
  change: Omit<SetZoneTransit, 'type' | 'actor' | 'at'>,
): Promise<{ position: number }> {
  const command: SetZoneTransit = { type: 'SetZoneTransit', actor, at: cx.now(), ...change };
  const { position } = await cx.streams.handle(DELIVERY_ZONES_STREAM, zoneTableDecider, command, {
    actor: actor.userId,
  });
  return { position };
}

/** Where a seller ships from: its tax profile's PIN, or null when it has none India Post lists. */
export async function sellerPlace(cx: CommandContext, sellerId: string): Promise<PinPlace | null> {
  const { profile } = (await cx.streams.load(sellerStream(sellerId), taxProfileDecider)).state;
  return profile ? placeOfPin(profile.address.pincode) : null;
}
