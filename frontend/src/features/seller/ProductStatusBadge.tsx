import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { DisplayStatus } from '../../../../domain/catalog/status.ts';

const BADGE_CLASS: Record<DisplayStatus, string> = {
  'Pending Review': 'badge-warning',
  Featured: 'badge-primary',
  'Out of Stock': 'badge-neutral',
  Active: 'badge-success',
  Rejected: 'badge-error',
  Delisted: 'badge-ghost',
};

export const STATUS_LABELS: Record<DisplayStatus, MessageDescriptor> = {
  'Pending Review': msg`Pending Review`,
  Featured: msg`Featured`,
  'Out of Stock': msg`Out of Stock`,
  Active: msg`Active`,
  Rejected: msg`Rejected`,
  Delisted: msg`Delisted`,
};

/** The derived status of a product (domain/catalog/status.ts), as the API gives it. */
export function ProductStatusBadge({ status }: { status: DisplayStatus }) {
  const { t } = useLingui();
  return <span className={`badge whitespace-nowrap ${BADGE_CLASS[status]}`}>{t(STATUS_LABELS[status])}</span>;
}
