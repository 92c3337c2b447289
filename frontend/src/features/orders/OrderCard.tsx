import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { purchaseProgress } from '../../../../domain/order/status.ts';
import { OrderStatusBadge } from '../../components/OrderStatusBadge.tsx';
import { formatDate } from '../../format.ts';
import { DeliveryInvoiceLinks } from './InvoiceLinks.tsx';
import { OrderDetails } from './OrderDetails.tsx';
import { OrderPartSection } from './OrderPartSection.tsx';
import { orderLabel } from './orders.ts';
import { OrderTotal } from './OrderTotal.tsx';
import { PaymentState } from './PaymentState.tsx';
import { RefundList } from './RefundList.tsx';
import type { ReturnRules } from './returnPolicy.ts';
import type { Order, SellerOrderChange } from './types.ts';

interface OrderCardProps {
  order: Order;
  rules: ReturnRules;
  /** After a cancel or a return request on one of its parts. */
  onPartChange: (result: SellerOrderChange) => void;
}

/**
 * One of the buyer's purchases: a part per seller (each with its own status, cancel and
 * returns), the total paid with the delivery charge once, and the details on demand.
 */
export function OrderCard({ order, rules, onPartChange }: OrderCardProps) {
  const { t } = useLingui();
  const [detailsShown, setDetailsShown] = useState(false);
  const detailsId = useId();
  const label = orderLabel(order.id);
  const sellers = order.sellerOrders.length;
  const several = sellers > 1;
  const placedOn = formatDate(order.placedAt);
  // MIBI invoices the delivery charge once a part ships; a purchase cancelled whole may hold its credit note.
  const statuses = order.sellerOrders.map((part) => part.status);
  const invoiced =
    statuses.some((status) => status === 'shipped' || status === 'delivered') ||
    statuses.every((status) => status === 'cancelled');

  return (
    <article className="card border border-base-300 p-5" aria-label={t`Order ${label}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">
            <Trans>Order {label}</Trans>
          </h2>
          <p className="text-sm text-base-content/80">
            <Trans>
              Placed on <time dateTime={order.placedAt}>{placedOn}</time>
            </Trans>
            {several && (
              <>
                {' · '}
                <Trans>{sellers} sellers, each sending their part</Trans>
              </>
            )}
          </p>
        </div>
        <OrderStatusBadge {...purchaseProgress(order.sellerOrders.map((part) => part.status))} />
      </header>

      <div className="mt-3 space-y-3">
        {order.sellerOrders.map((part) => (
          <OrderPartSection
            key={part.id}
            order={order}
            part={part}
            rules={rules}
            detailsShown={detailsShown}
            onChange={onPartChange}
          />
        ))}
      </div>

      <footer className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-base-300 pt-4">
        <div>
          <OrderTotal order={order} />
          {invoiced && <DeliveryInvoiceLinks order={order} />}
          <PaymentState order={order} />
          <RefundList refunds={order.refunds.filter((refund) => refund.sellerOrderId === null)} />
        </div>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-expanded={detailsShown}
          aria-controls={detailsId}
          onClick={() => setDetailsShown(!detailsShown)}
        >
          {detailsShown ? <Trans>Hide Details</Trans> : <Trans>View Details</Trans>}
        </button>
      </footer>

      <OrderDetails id={detailsId} order={order} hidden={!detailsShown} />
    </article>
  );
}
