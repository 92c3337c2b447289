/**
 * Delivery promises on the write side: the zone table (stream `delivery-zones`), where a seller
 * ships from (the PIN of its tax profile's address), and the windows of a PIN's parcels.
 */
import type { Actor } from '../../domain/actor.ts';
import { PIN_MESSAGES } from '../../domain/delivery/address-place.ts';
import { placeOfPin, type PinPlace } from '../../domain/delivery/pin-directory.ts';
import { estimates, routeOf, type ZoneTransit } from '../../domain/delivery/promise.ts';
import type { DeliveryWindow } from '../../domain/delivery/window.ts';
import type { Zone } from '../../domain/delivery/zones.ts';
import type { DeliveryMethod } from '../../domain/order/options.ts';
import { madeToOrderDaysOf } from '../../domain/product/made-to-order.ts';
import { findVariant, VARIANT_MESSAGES } from '../../domain/product/variants.ts';
import { stateByCode } from '../../domain/tax/states.ts';
import { ApiError } from '../http/errors.ts';
import { loadCart, loadProduct, sellerName } from './product-facts.ts';
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

/** The buyer's PIN as a place, or a 400 on the PIN field for one India Post does not list. */
function destinationOf(pincode: string): PinPlace {
  const place = placeOfPin(pincode);
  if (!place) throw new ApiError(400, 'validation_failed', PIN_MESSAGES.unknown, { pincode: PIN_MESSAGES.unknown });
  return place;
}

/** One seller's parcel: its zone, ship-by day and each option's window. */
export interface ParcelEstimate {
  sellerId: string;
  sellerName: string;
  zone: Zone;
  shipBy: string;
  options: Array<{ delivery: DeliveryMethod } & DeliveryWindow>;
}

export interface DeliveryEstimates {
  pincode: string;
  /** Where the PIN is: its state or UT, district and metro city. */
  place: { state: string; district: string; metro: string | null };
  /** One per seller, in the order of their first line. */
  parcels: ParcelEstimate[];
}

/** The estimates of parcels to `pincode`, each seller's lines' made-to-order days given, ordered now. */
async function estimatesTo(
  cx: CommandContext,
  pincode: string,
  sellers: ReadonlyArray<{ sellerId: string; madeToOrderDays: Array<number | null> }>,
): Promise<DeliveryEstimates> {
  const destination = destinationOf(pincode);
  const table = await loadZoneTable(cx);
  const at = cx.now();
  const parcels = await Promise.all(
    sellers.map(async ({ sellerId, madeToOrderDays }) => ({
      sellerId,
      sellerName: await sellerName(cx, sellerId),
      ...estimates(table, at, madeToOrderDays, await sellerPlace(cx, sellerId), destination),
    })),
  );
  const state = stateByCode(destination.stateCode)?.name ?? destination.stateCode;
  return { pincode, place: { state, district: destination.district, metro: destination.metro }, parcels };
}

/** The product page's estimates: a variant of one product, ordered now, to `pincode`. */
export async function productEstimates(cx: CommandContext, productId: string, variantId: string, pincode: string) {
  const product = await loadProduct(cx, productId);
  if (!findVariant(product.details, variantId)) throw new ApiError(404, 'not_found', VARIANT_MESSAGES.variantUnknown);
  const madeToOrderDays = [madeToOrderDaysOf(product.details, variantId)];
  return estimatesTo(cx, pincode, [{ sellerId: product.sellerId, madeToOrderDays }]);
}

/** Checkout's estimates: the buyer's cart, one parcel per seller in the order of its seller orders, to `pincode`. */
export async function cartEstimates(cx: CommandContext, userId: string, pincode: string) {
  const { lines } = await loadCart(cx, userId);
  const sellers: Array<{ sellerId: string; madeToOrderDays: Array<number | null> }> = [];
  // By line key, as checkout numbers its seller orders.
  for (const { product, variantId } of [...lines].sort((a, b) => (a.key < b.key ? -1 : 1))) {
    const days = madeToOrderDaysOf(product.details, variantId);
    const seller = sellers.find((s) => s.sellerId === product.sellerId);
    if (seller) seller.madeToOrderDays.push(days);
    else sellers.push({ sellerId: product.sellerId, madeToOrderDays: [days] });
  }
  return estimatesTo(cx, pincode, sellers);
}

/**
 * What placing an order promises each of its sellers' parcels: the zone and the chosen option's
 * transit days, by the table in force at `at`. Empty for a PIN India Post does not list (the
 * order decider refuses that address).
 */
export async function transitsFor(
  cx: CommandContext,
  sellerIds: readonly string[],
  pincode: string,
  delivery: DeliveryMethod,
  at: string,
): Promise<Record<string, ZoneTransit>> {
  const destination = placeOfPin(pincode);
  if (!destination) return {};
  const table = await loadZoneTable(cx);
  const routes = await Promise.all(
    [...new Set(sellerIds)].map(async (sellerId) => {
      const { zone, transit } = routeOf(table, at, await sellerPlace(cx, sellerId), destination);
      return [sellerId, { zone, ...transit[delivery] }] as const;
    }),
  );
  return Object.fromEntries(routes);
}
