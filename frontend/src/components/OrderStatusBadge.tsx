import type { OrderStatus } from '../../../domain/order/status.ts';
import { Icon, type IconName } from './Icon.tsx';

const STYLES: Record<OrderStatus, { label: string; icon: IconName; className: string }> = {
  pending: { label: 'Pending', icon: 'clock', className: 'badge-warning' },
  processing: { label: 'Processing', icon: 'package', className: 'badge-info' },
  shipped: { label: 'Shipped', icon: 'truck', className: 'badge-primary' },
  delivered: { label: 'Delivered', icon: 'check', className: 'badge-success' },
  cancelled: { label: 'Cancelled', icon: 'circleX', className: 'badge-error' },
};

/** A status this SPA does not know: grey, written as it came. */
const unknownStyle = (status: string) => ({ label: status, icon: 'circleHelp' as const, className: 'badge-neutral' });

const isKnown = (status: string): status is OrderStatus => Object.hasOwn(STYLES, status);

/** An order's status with its own colour and icon; `partly`, of a purchase only some parts of which reached it. */
export function OrderStatusBadge({ status, partly = false }: { status: string; partly?: boolean }) {
  const { label: name, icon, className } = isKnown(status) ? STYLES[status] : unknownStyle(status);
  const label = partly ? `Partly ${name.toLowerCase()}` : name;
  return (
    <span className={`badge gap-1 whitespace-nowrap ${className}`}>
      <Icon name={icon} className="size-3.5" />
      {label}
    </span>
  );
}
