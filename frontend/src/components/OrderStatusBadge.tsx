import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { OrderStatus } from '../../../domain/order/status.ts';
import { Icon, type IconName } from './Icon.tsx';

const STYLES: Record<
  OrderStatus,
  { label: MessageDescriptor; partly: MessageDescriptor; icon: IconName; className: string }
> = {
  pending: { label: msg`Pending`, partly: msg`Partly pending`, icon: 'clock', className: 'badge-warning' },
  processing: { label: msg`Processing`, partly: msg`Partly processing`, icon: 'package', className: 'badge-info' },
  shipped: { label: msg`Shipped`, partly: msg`Partly shipped`, icon: 'truck', className: 'badge-primary' },
  delivered: { label: msg`Delivered`, partly: msg`Partly delivered`, icon: 'check', className: 'badge-success' },
  cancelled: { label: msg`Cancelled`, partly: msg`Partly cancelled`, icon: 'circleX', className: 'badge-error' },
};

/** A status this SPA does not know: grey, written as it came. */
const UNKNOWN_STYLE = { icon: 'circleHelp', className: 'badge-neutral' } as const;

const isKnown = (status: string): status is OrderStatus => Object.hasOwn(STYLES, status);

/** An order's status with its own colour and icon; `partly`, of a purchase only some parts of which reached it. */
export function OrderStatusBadge({ status, partly = false }: { status: string; partly?: boolean }) {
  const { t } = useLingui();
  const known = isKnown(status) ? STYLES[status] : null;
  const { icon, className } = known ?? UNKNOWN_STYLE;
  const label = known ? t(partly ? known.partly : known.label) : status;
  return (
    <span className={`badge gap-1 whitespace-nowrap ${className}`}>
      <Icon name={icon} className="size-3.5" />
      {label}
    </span>
  );
}
