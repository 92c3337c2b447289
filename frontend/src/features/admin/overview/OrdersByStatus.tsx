import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { ORDER_STATUSES } from '../../../../../domain/order/status.ts';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import type { AdminOverview } from '../types.ts';
import { adminHref } from '../url.ts';

/** A count per order status, each a link to those orders; a dash per count when the overview could not load. */
export function OrdersByStatus({
  counts,
  failed,
}: {
  counts: AdminOverview['ordersByStatus'] | null;
  failed: boolean;
}) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="orders-by-status-title">
      <h2 id="orders-by-status-title" className="text-xl font-semibold">
        <Trans>Orders by Status</Trans>
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {ORDER_STATUSES.map((status) => (
          <li key={status}>
            <Link
              href={adminHref('orders', { status })}
              className="card items-start gap-2 border border-base-300 p-4 transition hover:shadow-md focus-visible:ring-2 focus-visible:ring-primary"
            >
              <OrderStatusBadge status={status} />
              <span className="h-8 text-2xl font-bold">
                {counts ? counts[status] : failed ? '–' : <Skeleton className="h-8 w-12" />}
                <span className="sr-only"> {t`orders`}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
