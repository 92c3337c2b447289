import { useLingui } from '@lingui/react/macro';
import type { SellerStatus } from '../../../../../domain/seller/decider.ts';
import { SELLER_STATUS_LABELS } from './standing.ts';

const BADGE_CLASS: Record<SellerStatus, string> = {
  unverified: 'badge-warning',
  verified: 'badge-success',
  suspended: 'badge-error',
};

export function SellerStatusBadge({ status }: { status: SellerStatus }) {
  const { t } = useLingui();
  return <span className={`badge whitespace-nowrap ${BADGE_CLASS[status]}`}>{t(SELLER_STATUS_LABELS[status])}</span>;
}
