import { t } from '@lingui/core/macro';
import { formatPrice } from '../../format.ts';
import type { Order } from './types.ts';

type Refund = Order['refunds'][number];

/** What the buyer reads of a refund: on its way until the gateway says it is back with them. */
export function refundText({ amountPaise, status }: Pick<Refund, 'amountPaise' | 'status'>): string {
  const amount = formatPrice(amountPaise);
  switch (status) {
    case 'requested':
    case 'initiated':
      return t`Refund of ${amount} initiated`;
    case 'processed':
      return t`Refunded ${amount}`;
    case 'failed':
      return t`Refund of ${amount} failed: our team will contact you`;
  }
}

/** The refunds of money paid online, oldest first (a part's, or the whole purchase's for a late payment). */
export function RefundList({ refunds }: { refunds: readonly Refund[] }) {
  if (refunds.length === 0) return null;
  return (
    <ul className="mt-1 space-y-1 text-sm" aria-label={t`Refunds`}>
      {refunds.map((refund) => (
        <li key={refund.refundId} className={refund.status === 'failed' ? 'text-error' : 'text-success'}>
          {refundText(refund)}
        </li>
      ))}
    </ul>
  );
}
