/** Reads of the orders read model: purchases (`orders`) and seller orders (`seller_orders`). */
import { type Actor, isAdmin } from '../../domain/actor.ts';
import { ORDER_STATUSES, type OrderStatus } from '../../domain/order/status.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { OrderDoc, SellerOrderDoc } from './documents.ts';
import { ORDERS, SELLER_ORDERS } from './projection.ts';
import { type Page, type Paging, findPage } from '../../platform/readstore/paging.ts';

const orders = (read: ReadStore) => read.collection<OrderDoc>(ORDERS);
const sellerOrders = (read: ReadStore) => read.collection<SellerOrderDoc>(SELLER_ORDERS);

/** A buyer's purchases, newest first. */
export const buyerOrders = (read: ReadStore, buyerId: string): Promise<OrderDoc[]> =>
  orders(read).find({ where: { buyerId }, sort: [['placedAt', 'desc']] });

/** Whether its seller knows of a seller order: paid on delivery, or paid online (never one unpaid, or expired). */
export const toldToSeller = (doc: Pick<SellerOrderDoc, 'paymentStatus'>): boolean =>
  doc.paymentStatus === 'cod' || doc.paymentStatus === 'paid';

/** A seller's seller orders (their lines only), newest first; those not paid yet are not theirs to see. */
export const sellerOrdersOf = async (read: ReadStore, sellerId: string): Promise<SellerOrderDoc[]> =>
  (await sellerOrders(read).find({ where: { sellerId }, sort: [['placedAt', 'desc']] })).filter(toldToSeller);

/**
 * One purchase, for its buyer or an admin; null for anyone else, as for a missing one. Its
 * sellers read their own parts as seller orders: a purchase shows every seller's lines and prices.
 */
export async function visibleOrder(read: ReadStore, orderId: string, viewer: Actor): Promise<OrderDoc | null> {
  const order = await orders(read).get(orderId);
  return order && (order.buyerId === viewer.userId || isAdmin(viewer)) ? order : null;
}

/** One seller order, for its seller (once told of it), the buyer of its purchase, or an admin; null for anyone else, as for a missing one. */
export async function visibleSellerOrder(
  read: ReadStore,
  sellerOrderId: string,
  viewer: Actor,
): Promise<SellerOrderDoc | null> {
  const doc = await sellerOrders(read).get(sellerOrderId);
  const mayRead =
    doc && ((doc.sellerId === viewer.userId && toldToSeller(doc)) || doc.buyerId === viewer.userId || isAdmin(viewer));
  return mayRead ? doc : null;
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
export async function filteredOrders(
  read: ReadStore,
  { status, sellerId, buyerId, from, to }: OrderFilters,
  paging: Paging,
): Promise<Page<OrderDoc>> {
  const where = { ...(status && { status }), ...(buyerId && { buyerId }) };
  // A seller is one of an order's several, and days are ranges: both are checked outside the store.
  const keep =
    sellerId || from || to
      ? (order: OrderDoc) =>
          (!sellerId || order.sellerIds.includes(sellerId)) &&
          (!from || dayOf(order.placedAt) >= from) &&
          (!to || dayOf(order.placedAt) <= to)
      : undefined;
  return findPage(orders(read), { where, sort: [['placedAt', 'desc']] }, paging, keep);
}

/** How many orders are in each status, every status named. */
export async function orderCountsByStatus(read: ReadStore): Promise<Record<OrderStatus, number>> {
  const counts = await Promise.all(ORDER_STATUSES.map((status) => orders(read).count({ status })));
  return Object.fromEntries(ORDER_STATUSES.map((status, i) => [status, counts[i]!])) as Record<OrderStatus, number>;
}
