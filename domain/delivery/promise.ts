/**
 * What MIBI promises a buyer: for a parcel from the seller's PIN to the buyer's, its zone and, per
 * delivery option, the window it arrives in (window.ts), by the zone table in force on the day
 * in India. Shown at checkout and on the product page; the chosen option's is recorded on each
 * seller order when the order is placed.
 */
import { DELIVERY_METHODS, type DeliveryMethod } from '../order/options.ts';
import { shipByOf } from '../order/ship-by.ts';
import { indianDate } from '../tax/rates.ts';
import type { PinPlace } from './pin-directory.ts';
import { type DeliveryWindow, deliveryWindow } from './window.ts';
import { type Transit, transitOn, type ZoneTable } from './zone-table.ts';
import { type Zone, zoneOf } from './zones.ts';

/** The window recorded on a seller order, with the zone it was read from. */
export interface DeliveryPromise extends DeliveryWindow {
  zone: Zone;
}

/** A parcel's zone and each option's transit days, by the table in force on `at`'s day in India. */
export function routeOf(
  table: ZoneTable,
  at: string,
  origin: PinPlace | null,
  destination: PinPlace,
): { zone: Zone; transit: Record<DeliveryMethod, Transit> } {
  const zone = zoneOf(origin, destination);
  return { zone, transit: transitOn(table, zone, indianDate(at)).transit };
}

/** A parcel's zone and the chosen option's transit days: what placing an order is given per seller. */
export type ZoneTransit = Transit & { zone: Zone };

/** What a parcel dispatched by `shipBy` is promised. */
export const promiseOf = (shipBy: string, { zone, minDays, maxDays }: ZoneTransit): DeliveryPromise => ({
  zone,
  ...deliveryWindow(shipBy, { minDays, maxDays }),
});

/** Each option's window for goods ordered at `at` with these lines' made-to-order days (null: in stock). */
export function estimates(
  table: ZoneTable,
  at: string,
  madeToOrderDays: ReadonlyArray<number | null>,
  origin: PinPlace | null,
  destination: PinPlace,
): { zone: Zone; shipBy: string; options: Array<{ delivery: DeliveryMethod } & DeliveryWindow> } {
  const { zone, transit } = routeOf(table, at, origin, destination);
  const shipBy = shipByOf(at, madeToOrderDays);
  return {
    zone,
    shipBy,
    options: DELIVERY_METHODS.map((delivery) => ({ delivery, ...deliveryWindow(shipBy, transit[delivery]) })),
  };
}
