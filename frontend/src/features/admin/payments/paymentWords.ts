/** How a payment, its refunds and their reasons are named on screen (the payments and disputes tabs). */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Data, server } from '../../../api/client.ts';

type Payment = Data<typeof server.admin.payments.$get>['items'][number];

export const STATUS_LABELS: Record<Payment['status'], { label: MessageDescriptor; badge: string }> = {
  awaiting: { label: msg`Awaiting payment`, badge: 'badge-warning' },
  failed: { label: msg`Payment failed`, badge: 'badge-error' },
  paid: { label: msg`Paid`, badge: 'badge-success' },
  expired: { label: msg`Payment expired`, badge: 'badge-neutral' },
};

export const REFUND_LABELS: Record<Payment['refunds'][number]['status'], { label: MessageDescriptor; badge: string }> =
  {
    requested: { label: msg`Refund requested`, badge: 'badge-warning' },
    initiated: { label: msg`Refund initiated`, badge: 'badge-info' },
    processed: { label: msg`Refunded`, badge: 'badge-success' },
    failed: { label: msg`Refund failed`, badge: 'badge-error' },
  };

export const REFUND_REASONS: Record<Payment['refunds'][number]['reason'], MessageDescriptor> = {
  cancelled: msg`cancelled part`,
  returned: msg`accepted return`,
  late_payment: msg`paid after it expired`,
  help: msg`help request`,
};
