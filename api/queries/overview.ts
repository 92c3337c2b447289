/** The admins' overview: counts from several read models and the recent sales. */
import type { OrderStatus } from '../../domain/order/status.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { orderCountsByStatus } from '../../projections/orders/queries.ts';
import { productsAwaitingReviewCount } from '../../projections/catalog/queries.ts';
import type { RecentSales } from '../../projections/sales/documents.ts';
import { recentSales } from '../../projections/sales/queries.ts';
import { sellersAwaitingVerificationCount } from './sellers.ts';
import { userCount } from '../../projections/users/queries.ts';

export interface AdminOverview {
  users: number;
  sellersAwaitingVerification: number;
  productsAwaitingReview: number;
  ordersByStatus: Record<OrderStatus, number>;
  sales: RecentSales;
}

/** What awaits the admins, orders by status, and the sales up to the day of `now` (ISO-8601). */
export async function adminOverview(read: ReadStore, now: string): Promise<AdminOverview> {
  const [users, sellersAwaitingVerification, productsAwaitingReview, ordersByStatus, sales] = await Promise.all([
    userCount(read),
    sellersAwaitingVerificationCount(read),
    productsAwaitingReviewCount(read),
    orderCountsByStatus(read),
    recentSales(read, now),
  ]);
  return { users, sellersAwaitingVerification, productsAwaitingReview, ordersByStatus, sales };
}
