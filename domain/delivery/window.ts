/**
 * The estimated delivery window of a seller order: from its ship-by day (ship-by.ts: the order's
 * day plus the seller's dispatch days plus its longest made-to-order time, in calendar days, as
 * sellers are held to it) the zone's transit days for the delivery option, counted in working
 * days: Monday to Saturday, as Indian couriers and India Post deliver. A Sunday is never a
 * transit day nor the day it arrives; public holidays are not known here and are not skipped.
 * Days are UTC days, as the ship-by day is; there is no cut-off time, the order's day counts.
 */
import { DAY_MS } from '../order/ship-by.ts';
import type { Transit } from './zone-table.ts';

/** The days a parcel may arrive, both ends included (YYYY-MM-DD). */
export interface DeliveryWindow {
  from: string;
  to: string;
}

const isSunday = (day: string): boolean => new Date(`${day}T00:00:00Z`).getUTCDay() === 0;

const nextDay = (day: string): string => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/** The day `days` working days after `day`. */
export function addWorkingDays(day: string, days: number): string {
  let at = day;
  for (let left = days; left > 0; ) {
    at = nextDay(at);
    if (!isSunday(at)) left--;
  }
  return at;
}

/** When a parcel dispatched by `shipBy` arrives, given its transit. */
export const deliveryWindow = (shipBy: string, { minDays, maxDays }: Transit): DeliveryWindow => ({
  from: addWorkingDays(shipBy, minDays),
  to: addWorkingDays(shipBy, maxDays),
});
