/** Reads of the orders read model: the `orders` and `order_lines` collections. */
import { type Actor, isAdmin } from '../../domain/actor.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/order/status.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { COLLECTIONS, type OrderDoc, type OrderLineDoc } from '../../projections/models.ts';
import { type Page, type Paging, findPage } from './paging.ts';

const orders = (read: ReadStore) => read.collection<OrderDoc>(COLLECTIONS.orders);
const orderLines = (read: ReadStore) => read.collection<OrderLineDoc>(COLLECTIONS.orderLines);

/** A buyer's orders, newest first. */
export const buyerOrders = (read: ReadStore, buyerId: string): Promise<OrderDoc[]> =>
  orders(read).find({ where: { buyerId }, sort: [['placedAt', 'desc']] });

/** A seller's order lines (their products only), newest first. */
export const sellerOrderLines = (read: ReadStore, sellerId: string): Promise<OrderLineDoc[]> =>
  orderLines(read).find({ where: { sellerId }, sort: [['placedAt', 'desc']] });

/** One order, for its buyer, a seller with a line in it, or an admin; null for anyone else, as for a missing one. */
export async function visibleOrder(read: ReadStore, orderId: string, viewer: Actor): Promise<OrderDoc | null> {
  const order = await orders(read).get(orderId);
  const mayRead = order && (order.buyerId === viewer.userId || order.sellerIds.includes(viewer.userId) || isAdmin(viewer));
  return mayRead ? order : null;
}

/** What the admins filter every order by; days are UTC days (YYYY-MM-DD), both included. */
export interface OrderFilters {
  status?: OrderStatus | undefined;
  sellerId?: string | undefined;
  buyerId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** The UTC day (YYYY-MM-DD) of an ISO-8601 time. */
const dayOf = (time: string): string => time.slice(0, 10);

/** A page of every order matching `filters`, newest first. */
export async function filteredOrders(read: ReadStore, { status, sellerId, buyerId, from, to }: OrderFilters, paging: Paging): Promise<Page<OrderDoc>> {
  const where = { ...(status && { status }), ...(buyerId && { buyerId }) };
  // A seller is one of an order's several, and days are ranges: both are checked outside the store.
  const keep =
    sellerId || from || to
      ? (order: OrderDoc) =>
          (!sellerId || order.sellerIds.includes(sellerId)) && (!from || dayOf(order.placedAt) >= from) && (!to || dayOf(order.placedAt) <= to)
      : undefined;
  return findPage(orders(read), { where, sort: [['placedAt', 'desc']] }, paging, keep);
}

/** How many orders are in each status, every status named. */
export async function orderCountsByStatus(read: ReadStore): Promise<Record<OrderStatus, number>> {
  const counts = await Promise.all(ORDER_STATUSES.map((status) => orders(read).count({ status })));
  return Object.fromEntries(ORDER_STATUSES.map((status, i) => [status, counts[i]!])) as Record<OrderStatus, number>;
}
