/** The seller's list of orders: kept live, sorted newest first or by the day to ship by. */
import { upsertById } from '../../lists.ts';
import type { SellerOrder, SellerOrderChange } from '../orders/index.ts';

/** A seller order as a command or the live feed gives it: without the `late` the list was read with. */
export type SellerOrderDoc = SellerOrderChange['sellerOrder'];

const awaitsDispatch = (order: Pick<SellerOrder, 'status'>): boolean =>
  order.status === 'pending' || order.status === 'processing';

/**
 * The list with `doc` as it is now. Lateness is the server's, by its clock, as of the last read: a
 * late order stays late until it is dispatched; a new one is not late.
 */
export function withSellerOrder(list: readonly SellerOrder[], doc: SellerOrderDoc): SellerOrder[] {
  const before = list.find((order) => order.id === doc.id);
  return upsertById(list, { ...doc, late: (before?.late ?? false) && awaitsDispatch(doc) });
}

/** The orders to dispatch first, earliest ship-by day first, then the others as they were (newest first). */
export function byShipBy(orders: readonly SellerOrder[]): SellerOrder[] {
  const waiting = orders
    .filter(awaitsDispatch)
    .sort((a, b) => (a.shipBy < b.shipBy ? -1 : a.shipBy > b.shipBy ? 1 : 0));
  return [...waiting, ...orders.filter((order) => !awaitsDispatch(order))];
}
