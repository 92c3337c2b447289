import { Link } from 'wouter';
import { server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { type Figure, FigureCards } from '../../../components/StatCard.tsx';
import { formatPrice } from '../../../format.ts';
import type { AdminOverview } from '../types.ts';
import { always, useLiveReload } from '../live.ts';
import { adminHref } from '../url.ts';
import { OrdersByStatus } from './OrdersByStatus.tsx';
import { SalesReport } from './SalesReport.tsx';

const WORK_FIGURES: readonly Figure<AdminOverview>[] = [
  { icon: 'users', label: 'Users', show: (data) => data.users.toLocaleString('en-IN') },
  {
    icon: 'shieldCheck',
    label: 'Sellers awaiting verification',
    show: (data) => String(data.sellersAwaitingVerification),
  },
  { icon: 'clock', label: 'Products awaiting review', show: (data) => String(data.productsAwaitingReview) },
  { icon: 'clock', label: 'Changes awaiting review', show: (data) => String(data.changesAwaitingReview) },
];

const SALES_FIGURES: readonly Figure<AdminOverview>[] = [
  { icon: 'rupee', label: 'Revenue today', show: (data) => formatPrice(data.sales.today.revenuePaise) },
  { icon: 'rupee', label: 'Revenue, last 30 days', show: (data) => formatPrice(data.sales.last30Days.revenuePaise) },
  { icon: 'cart', label: 'Orders, last 30 days', show: (data) => String(data.sales.last30Days.orders) },
];

/** The Overview tab: what awaits the admins, recent sales, orders by status, and the sales of any range. */
export function OverviewTab() {
  const overview = useApiGet((options) => server.admin.overview.$get({}, options), [], 'Failed to load the overview', {
    live: true,
  });
  useLiveReload(overview.reload, {
    'admin.product.changed': always,
    'admin.order.changed': always,
    'admin.balance.changed': always,
  });

  return (
    <div className="space-y-10" aria-busy={overview.loading}>
      <div>
        <FigureCards label="Marketplace in figures" columns={4} of={overview} figures={WORK_FIGURES} />
        <nav aria-label="Work waiting" className="mt-3 flex flex-wrap gap-x-6 text-sm">
          <Link href={adminHref('sellers', { status: 'unverified' })} className="link">
            Verify sellers
          </Link>
          <Link href={adminHref('products')} className="link">
            Review products
          </Link>
        </nav>
      </div>
      <FigureCards label="Recent sales" of={overview} figures={SALES_FIGURES} />
      <OrdersByStatus counts={overview.data?.ordersByStatus ?? null} failed={overview.failed} />
      <SalesReport />
    </div>
  );
}
