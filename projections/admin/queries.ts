/** Reads of the admin console: its sellers read model, and the overview counted from several read models. */
import type { SellerStatus } from '../../domain/seller/decider.ts';
import { type Page, type Paging, findPage } from '../../platform/readstore/paging.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { changesAwaitingReviewCount, productsAwaitingReviewCount, sellerProductCounts } from '../catalog/queries.ts';
import { orderCountsByStatus } from '../orders/queries.ts';
import { recentSales } from '../sales/queries.ts';
import { userCount } from '../users/queries.ts';
import type { AdminOverview, AdminSeller, AdminSellerDoc } from './documents.ts';
import { ADMIN_SELLERS } from './projection.ts';

const sellers = (read: ReadStore) => read.collection<AdminSellerDoc>(ADMIN_SELLERS);

/** How many sellers are neither verified nor suspended. */
export const sellersAwaitingVerificationCount = (read: ReadStore): Promise<number> =>
  sellers(read).count({ isSeller: true, status: 'unverified' });

/** A page of the sellers, of one status when given, longest registered first. */
export async function adminSellers(
  read: ReadStore,
  status: SellerStatus | undefined,
  paging: Paging,
): Promise<Page<AdminSeller>> {
  const where = { isSeller: true, ...(status && { status }) };
  const page = await findPage(sellers(read), { where, sort: [['registeredAt', 'asc']] }, paging);
  const items = await Promise.all(
    page.items.map(async ({ isSeller: _, ...seller }) => ({
      ...seller,
      products: await sellerProductCounts(read, seller.id),
    })),
  );
  return { items, total: page.total };
}

/** What awaits the admins, orders by status, and the sales up to the day of `now` (ISO-8601). */
export async function adminOverview(read: ReadStore, now: string): Promise<AdminOverview> {
  const [users, sellersAwaitingVerification, productsAwaitingReview, changesAwaitingReview, ordersByStatus, sales] =
    await Promise.all([
      userCount(read),
      sellersAwaitingVerificationCount(read),
      productsAwaitingReviewCount(read),
      changesAwaitingReviewCount(read),
      orderCountsByStatus(read),
      recentSales(read, now),
    ]);
  return {
    users,
    sellersAwaitingVerification,
    productsAwaitingReview,
    changesAwaitingReview,
    ordersByStatus,
    sales,
  };
}
