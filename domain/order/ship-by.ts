/**
 * The day by which a seller order must be dispatched: the days every seller has to dispatch
 * ("Ship within 2 working days of an order", the sellers' page) plus the longest
 * made-to-order time of its lines. Days are UTC calendar days, as every time in the system.
 */
import type { OrderStatus } from './status.ts';

/** Days a seller has to dispatch what is in stock. */
export const DISPATCH_DAYS = 2;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC day (YYYY-MM-DD) of an instant. */
export const dayOf = (at: string): string => at.slice(0, 10);

/** The day a seller order placed at `placedAt` ships by, given its lines' made-to-order days (null: in stock). */
export function shipByOf(placedAt: string, madeToOrderDays: ReadonlyArray<number | null>): string {
  const days = DISPATCH_DAYS + Math.max(0, ...madeToOrderDays.map((d) => d ?? 0));
  return dayOf(new Date(Date.parse(placedAt) + days * DAY_MS).toISOString());
}

/** Waiting to be dispatched: pending or processing. */
const awaitsDispatch = (status: OrderStatus): boolean => status === 'pending' || status === 'processing';

/** Late: not dispatched yet and its ship-by day is over at `now`. */
export const isLate = (shipBy: string, status: OrderStatus, now: string): boolean =>
  awaitsDispatch(status) && dayOf(now) > shipBy;
