/** Reads of the admins' sellers read model (the `admin_sellers` collection). */
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { SellerStatus } from '../../domain/seller/decider.ts';
import { ADMIN_SELLERS, type AdminSellerDoc } from '../../projections/admin.ts';
import { type Page, type Paging, findPage } from '../../platform/readstore/paging.ts';
import { type SellerProductCounts, sellerProductCounts } from '../../projections/catalog/queries.ts';

const sellers = (read: ReadStore) => read.collection<AdminSellerDoc>(ADMIN_SELLERS);

/** How many sellers are neither verified nor suspended. */
export const sellersAwaitingVerificationCount = (read: ReadStore): Promise<number> =>
  sellers(read).count({ isSeller: true, status: 'unverified' });

/** A seller as the admins' list shows them: standing, the decisions that led to it, and product counts. */
export type AdminSeller = Pick<
  AdminSellerDoc,
  'id' | 'fullName' | 'email' | 'registeredAt' | 'status' | 'verified' | 'suspended' | 'history'
> & {
  products: SellerProductCounts;
};

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
