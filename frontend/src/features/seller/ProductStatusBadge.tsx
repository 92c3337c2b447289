import type { DisplayStatus } from '../../../../domain/catalog/status.ts';

const BADGE_CLASS: Record<DisplayStatus, string> = {
  'Pending Review': 'badge-warning',
  Featured: 'badge-primary',
  'Out of Stock': 'badge-neutral',
  Active: 'badge-success',
  Rejected: 'badge-error',
  Delisted: 'badge-ghost',
};

/** The derived status of a product (domain/catalog/status.ts), as the API gives it. */
export function ProductStatusBadge({ status }: { status: DisplayStatus }) {
  return <span className={`badge whitespace-nowrap ${BADGE_CLASS[status]}`}>{status}</span>;
}
