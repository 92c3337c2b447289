import { shortSellerOrderId } from '../../../../../domain/order/status.ts';
import { type Data, server } from '../../../api/client.ts';
import { TransferStateBadge } from '../../../components/TransferStateBadge.tsx';
import { formatDateTime, formatPrice } from '../../../format.ts';
import { orderLabel } from '../../orders/index.ts';
import { AdminList } from '../AdminList.tsx';
import { useListCommands } from '../commands.ts';
import { usePagedGet } from '../paging.tsx';

type Payment = Data<typeof server.admin.payments.$get>['items'][number];

const STATUS_LABELS: Record<Payment['status'], { label: string; badge: string }> = {
  awaiting: { label: 'Awaiting payment', badge: 'badge-warning' },
  failed: { label: 'Payment failed', badge: 'badge-error' },
  paid: { label: 'Paid', badge: 'badge-success' },
  expired: { label: 'Payment expired', badge: 'badge-neutral' },
};

const REFUND_LABELS: Record<Payment['refunds'][number]['status'], { label: string; badge: string }> = {
  requested: { label: 'Refund requested', badge: 'badge-warning' },
  initiated: { label: 'Refund initiated', badge: 'badge-info' },
  processed: { label: 'Refunded', badge: 'badge-success' },
  failed: { label: 'Refund failed', badge: 'badge-error' },
};

const REFUND_REASONS: Record<Payment['refunds'][number]['reason'], string> = {
  cancelled: 'cancelled part',
  returned: 'accepted return',
  late_payment: 'paid after it expired',
  help: 'help request',
};

/** What recorded the payment's outcome, when the reconciliation had to (a lost webhook, an expiry). */
function fixedBy(payment: Payment): string | null {
  if (payment.capturedVia === 'reconciliation') return 'Capture found by the reconciliation (its webhook was lost)';
  if (payment.expiredAt) return `Expired by the reconciliation on ${formatDateTime(payment.expiredAt)}`;
  return null;
}

/** The Payments tab: every purchase paid online, newest first, with its payment's state and what the reconciliation fixed. */
export function PaymentsTab() {
  const [payments, paging] = usePagedGet(
    (page, options) => server.admin.payments.$get({ query: page }, options),
    [],
    'Failed to load payments',
  );
  const commands = useListCommands(payments.reload, []);
  return (
    <AdminList
      title="Payments"
      description="Orders paid online, newest first: their payment at the gateway, its refunds, the transfers to their sellers, and what the reconciliation fixed."
      headingRef={commands.heading}
      resource={payments}
      paging={paging}
      what="the payments"
      empty={{ title: 'No online payments yet' }}
      rowSkeleton="h-20"
    >
      {(payment) => {
        const { label, badge } = STATUS_LABELS[payment.status];
        const fixed = fixedBy(payment);
        return (
          <li
            key={payment.id}
            className="card border border-base-300 p-4"
            aria-label={`Payment of order ${orderLabel(payment.id)}`}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">
                Order {orderLabel(payment.id)} · {payment.buyerName} · {formatPrice(payment.amountPaise)}
              </span>
              <span className={`badge ${badge}`}>{label}</span>
            </div>
            <p className="mt-1 text-sm text-base-content/80">
              {payment.gatewayOrderId ?? 'No gateway order yet'}
              {payment.paymentId && ` · ${payment.paymentId} (${payment.method})`}
              {payment.failedAttempts.length > 0 && ` · ${payment.failedAttempts.length} failed attempt(s)`}
              {payment.late && ' · captured after it expired: refunded'}
            </p>
            {fixed && <p className="mt-1 text-sm">{fixed}</p>}
            {payment.refunds.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm" aria-label="Refunds">
                {payment.refunds.map((refund) => (
                  <li key={refund.refundId} className="flex flex-wrap items-center gap-2">
                    <span className={`badge ${REFUND_LABELS[refund.status].badge}`}>
                      {REFUND_LABELS[refund.status].label}
                    </span>
                    {formatPrice(refund.amountPaise)} · {REFUND_REASONS[refund.reason]} · {refund.refundId}
                  </li>
                ))}
              </ul>
            )}
            {payment.transfers.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm" aria-label="Transfers to sellers">
                {payment.transfers.map((transfer) => (
                  <li key={transfer.transferId} className="flex flex-wrap items-center gap-2">
                    <span>
                      Transfer of order #{shortSellerOrderId(transfer.sellerOrderId)} to {transfer.account} ·{' '}
                      {formatPrice(transfer.amountPaise)}
                      {transfer.reversedPaise > 0 && ` · ${formatPrice(transfer.reversedPaise)} reversed`}
                    </span>
                    <TransferStateBadge state={transfer.state} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        );
      }}
    </AdminList>
  );
}
