import { Link } from 'wouter';
import { server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { StatCard, StatCards, figureOf } from '../../../components/StatCard.tsx';
import { formatPrice } from '../../../format.ts';
import type { AdminOverview } from '../types.ts';
import { adminHref } from '../url.ts';
import { OrdersByStatus } from './OrdersByStatus.tsx';
import { SalesReport } from './SalesReport.tsx';

/** The Overview tab: what awaits the admins, recent sales, orders by status, and the sales of any range. */
export function OverviewTab() {
  const overview = useApiGet((options) => server.admin.overview.$get({}, options), [], 'Failed to load the overview', {
    live: true,
  });
  const figure = (show: (data: AdminOverview) => number | string) => figureOf(overview, (data) => String(show(data)));

  return (
    <div className="space-y-10" aria-busy={overview.loading}>
      <div>
        <StatCards label="Marketplace in figures">
          <StatCard icon="users" label="Users" value={figure((data) => data.users.toLocaleString('en-IN'))} />
          <StatCard
            icon="shieldCheck"
            label="Sellers awaiting verification"
            value={figure((data) => data.sellersAwaitingVerification)}
          />
          <StatCard
            icon="clock"
            label="Products awaiting review"
            value={figure((data) => data.productsAwaitingReview)}
          />
        </StatCards>
        <nav aria-label="Work waiting" className="mt-3 flex flex-wrap gap-x-6 text-sm">
          <Link href={adminHref('sellers', { status: 'unverified' })} className="link">
            Verify sellers
          </Link>
          <Link href={adminHref('products')} className="link">
            Review products
          </Link>
        </nav>
      </div>
      <StatCards label="Recent sales">
        <StatCard
          icon="rupee"
          label="Revenue today"
          value={figure((data) => formatPrice(data.sales.today.revenuePaise))}
        />
        <StatCard
          icon="rupee"
          label="Revenue, last 30 days"
          value={figure((data) => formatPrice(data.sales.last30Days.revenuePaise))}
        />
        <StatCard icon="cart" label="Orders, last 30 days" value={figure((data) => data.sales.last30Days.orders)} />
      </StatCards>
      <OrdersByStatus counts={overview.data?.ordersByStatus ?? null} failed={overview.failed} />
      <SalesReport />
    </div>
  );
}
