import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { formatDateTime } from '../../format.ts';
import { toast } from '../../state/toasts.ts';
import { payAgain } from './payment.ts';
import type { Order } from './types.ts';

/** What the buyer is told of an order paid online: Paid, Payment failed (Try again), Payment expired, or still to pay. */
export function PaymentState({ order }: { order: Order }) {
  const { t } = useLingui();
  const [leaving, setLeaving] = useState(false);
  if (order.paymentStatus === 'cod') return null;
  const tryAgain = async () => {
    setLeaving(true);
    try {
      await payAgain(order.id);
    } catch (error) {
      setLeaving(false);
      toast({ title: t`Could not open the payment page`, description: (error as Error).message, tone: 'error' });
    }
  };
  const due = order.paymentDueBy && <time dateTime={order.paymentDueBy}>{formatDateTime(order.paymentDueBy)}</time>;
  switch (order.paymentStatus) {
    case 'paid':
      return (
        <p className="badge badge-success mt-1">
          <Trans>Paid</Trans>
        </p>
      );
    case 'expired':
      return (
        <p className="badge badge-neutral mt-1">
          <Trans>Payment expired</Trans>
        </p>
      );
    default:
      return (
        <div className="mt-1 flex flex-wrap items-center gap-2" role="status">
          {order.paymentStatus === 'failed' ? (
            <span className="badge badge-error">
              <Trans>Payment failed</Trans>
            </span>
          ) : (
            <span className="badge badge-warning">
              <Trans>Awaiting payment</Trans>
            </span>
          )}
          <span className="text-sm text-base-content/80">
            {order.paymentFailure && `${order.paymentFailure}. `}
            <Trans>Pay by {due}</Trans>
          </span>
          <button type="button" className="btn btn-primary btn-xs" disabled={leaving} onClick={tryAgain}>
            {order.paymentStatus === 'failed' ? <Trans>Try again</Trans> : <Trans>Pay now</Trans>}
          </button>
        </div>
      );
  }
}
