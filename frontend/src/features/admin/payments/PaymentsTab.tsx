import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { shortSellerOrderId } from '../../../../../domain/order/status.ts';
import { type Data, server } from '../../../api/client.ts';
import { TransferStateBadge } from '../../../components/TransferStateBadge.tsx';
import { formatDateTime, formatPrice } from '../../../format.ts';
import { orderLabel } from '../../orders/index.ts';
import { AdminList } from '../AdminList.tsx';
import { useListCommands } from '../commands.ts';
import { usePagedGet } from '../paging.tsx';
import { REFUND_LABELS, REFUND_REASONS, STATUS_LABELS } from './paymentWords.ts';

type Payment = Data<typeof server.admin.payments.$get>['items'][number];

/** What recorded the payment's outcome, when the reconciliation had to (a lost webhook, an expiry). */
function fixedBy(payment: Payment): string | null {
  if (payment.capturedVia === 'reconciliation') return t`Capture found by the reconciliation (its webhook was lost)`;
  if (payment.expiredAt) {
    const expiredOn = formatDateTime(payment.expiredAt);
    return t`Expired by the reconciliation on ${expiredOn}`;
  }
  return null;
}

/** The Payments tab: every purchase paid online, newest first, with its payment's state and what the reconciliation fixed. */
export function PaymentsTab() {
  const { t } = useLingui();
  const [payments, paging] = usePagedGet(
    (page, options) => server.admin.payments.$get({ query: page }, options),
    [],
    t`Failed to load payments`,
  );
  const commands = useListCommands(payments.reload, []);
  return (
    <AdminList
      title={t`Payments`}
      description={t`Orders paid online, newest first: their payment at the gateway, its refunds, the transfers to their sellers, and what the reconciliation fixed.`}
      headingRef={commands.heading}
      resource={payments}
      paging={paging}
      what={t`the payments`}
      empty={{ title: t`No online payments yet` }}
      rowSkeleton="h-20"
    >
      {(payment) => {
        const status = STATUS_LABELS[payment.status];
        const fixed = fixedBy(payment);
        const label = orderLabel(payment.id);
        const attempts = payment.failedAttempts.length;
        return (
          <li key={payment.id} className="card border border-base-300 p-4" aria-label={t`Payment of order ${label}`}>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold">
                {t`Order ${label}`} · {payment.buyerName} · {formatPrice(payment.amountPaise)}
              </span>
              <span className={`badge ${status.badge}`}>{t(status.label)}</span>
            </div>
            <p className="mt-1 text-sm text-base-content/80">
              {payment.gatewayOrderId ?? t`No gateway order yet`}
              {payment.paymentId && ` · ${payment.paymentId} (${payment.method})`}
              {attempts > 0 && ` · ${plural(attempts, { one: '# failed attempt', other: '# failed attempts' })}`}
              {payment.late && ` · ${t`captured after it expired: refunded`}`}
            </p>
            {fixed && <p className="mt-1 text-sm">{fixed}</p>}
            {payment.refunds.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm" aria-label={t`Refunds`}>
                {payment.refunds.map((refund) => (
                  <li key={refund.refundId} className="flex flex-wrap items-center gap-2">
                    <span className={`badge ${REFUND_LABELS[refund.status].badge}`}>
                      {t(REFUND_LABELS[refund.status].label)}
                    </span>
                    {formatPrice(refund.amountPaise)} · {t(REFUND_REASONS[refund.reason])} · {refund.refundId}
                  </li>
                ))}
              </ul>
            )}
            {payment.transfers.length > 0 && (
              <ul className="mt-2 space-y-1 text-sm" aria-label={t`Transfers to sellers`}>
                {payment.transfers.map((transfer) => {
                  const number = shortSellerOrderId(transfer.sellerOrderId);
                  const account = transfer.account;
                  const amount = formatPrice(transfer.amountPaise);
                  const reversed = formatPrice(transfer.reversedPaise);
                  return (
                    <li key={transfer.transferId} className="flex flex-wrap items-center gap-2">
                      <span>
                        <Trans>
                          Transfer of order #{number} to {account} · {amount}
                        </Trans>
                        {transfer.reversedPaise > 0 && ` · ${t`${reversed} reversed`}`}
                      </span>
                      <TransferStateBadge state={transfer.state} />
                    </li>
                  );
                })}
              </ul>
            )}
          </li>
        );
      }}
    </AdminList>
  );
}
