import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { type Figure, FigureCards } from '../../../components/StatCard.tsx';
import { formatNumber, formatPrice } from '../../../format.ts';
import type { AdminOverview } from '../types.ts';
import { always, useLiveReload } from '../live.ts';
import { adminHref } from '../url.ts';
import { OrdersByStatus } from './OrdersByStatus.tsx';
import { SalesReport } from './SalesReport.tsx';

/** The Overview tab: what awaits the admins, recent sales, orders by status, and the sales of any range. */
export function OverviewTab() {
  const { t } = useLingui();
  const workFigures: readonly Figure<AdminOverview>[] = [
    { icon: 'users', label: t`Users`, show: (data) => formatNumber(data.users) },
    {
      icon: 'shieldCheck',
      label: t`Sellers awaiting verification`,
      show: (data) => String(data.sellersAwaitingVerification),
    },
    { icon: 'clock', label: t`Products awaiting review`, show: (data) => String(data.productsAwaitingReview) },
    { icon: 'clock', label: t`Changes awaiting review`, show: (data) => String(data.changesAwaitingReview) },
  ];
  const salesFigures: readonly Figure<AdminOverview>[] = [
    { icon: 'rupee', label: t`Revenue today`, show: (data) => formatPrice(data.sales.today.revenuePaise) },
    {
      icon: 'rupee',
      label: t`Revenue, last 30 days`,
      show: (data) => formatPrice(data.sales.last30Days.revenuePaise),
    },
    { icon: 'cart', label: t`Orders, last 30 days`, show: (data) => String(data.sales.last30Days.orders) },
  ];
  const overview = useApiGet((options) => server.admin.overview.$get({}, options), [], t`Failed to load the overview`, {
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
        <FigureCards label={t`Marketplace in figures`} columns={4} of={overview} figures={workFigures} />
        <nav aria-label={t`Work waiting`} className="mt-3 flex flex-wrap gap-x-6 text-sm">
          <Link href={adminHref('sellers', { status: 'unverified' })} className="link">
            <Trans>Verify sellers</Trans>
          </Link>
          <Link href={adminHref('products')} className="link">
            <Trans>Review products</Trans>
          </Link>
        </nav>
      </div>
      <FigureCards label={t`Recent sales`} of={overview} figures={salesFigures} />
      <OrdersByStatus counts={overview.data?.ordersByStatus ?? null} failed={overview.failed} />
      <SalesReport />
    </div>
  );
}
