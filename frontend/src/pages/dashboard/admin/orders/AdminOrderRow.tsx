import { useId } from 'react';
import { Link } from 'wouter';
import { orderStatusChangeSchema } from '../../../../../../domain/order/schemas.ts';
import { type OrderStatus, canMove } from '../../../../../../domain/order/status.ts';
import type { Order } from '../../../../api/types.ts';
import { OrderStatusBadge } from '../../../../components/dashboard/OrderStatusBadge.tsx';
import { formatDateTime, formatPrice } from '../../../../format.ts';
import { orderLabel } from '../../orders.ts';

/** The statuses the API moves an order to without a reason: those on the way to delivery. */
const FORWARD_STATUSES = orderStatusChangeSchema.options[0].shape.status.options;
export type ForwardStatus = (typeof FORWARD_STATUSES)[number];

/** Where an order of `status` may go next on its way to delivery. */
const forwardMoves = (status: OrderStatus) => FORWARD_STATUSES.filter((to) => canMove(status, to));

interface AdminOrderRowProps {
  order: Order;
  /** A link to the orders of the order's buyer. */
  buyerHref: string;
  busy: boolean;
  onMove: (status: ForwardStatus) => void;
  onCancel: () => void;
}

/** Any order: who bought what from whom, where it stands, and the moves it allows. */
export function AdminOrderRow({ order, buyerHref, busy, onMove, onCancel }: AdminOrderRowProps) {
  const titleId = useId();
  const sellers = [...new Set(order.lines.map((line) => line.sellerName))].join(', ');

  return (
    <li className="card gap-2 border border-base-300 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          Order {orderLabel(order.id)}
          <span className="ml-2 text-sm font-normal text-base-content/80">
            <time dateTime={order.placedAt}>{formatDateTime(order.placedAt)}</time>
          </span>
        </h3>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="text-sm">
        Buyer:{' '}
        <Link href={buyerHref} className="link" aria-label={`Orders of ${order.buyerName}`}>
          {order.buyerName}
        </Link>{' '}
        · Sold by {sellers}
      </p>
      <ul className="text-sm text-base-content/80">
        {order.lines.map((line) => (
          <li key={line.productId}>
            {line.quantity} x {line.name}
          </li>
        ))}
      </ul>
      <p className="font-semibold">Total: {formatPrice(order.totalPaise)}</p>
      {order.cancelReason && <p className="text-sm text-error">Cancelled: {order.cancelReason}</p>}
      <div className="flex flex-wrap gap-2">
        {forwardMoves(order.status).map((status) => (
          <button
            key={status}
            type="button"
            className="btn btn-outline btn-sm"
            aria-describedby={titleId}
            disabled={busy}
            onClick={() => onMove(status)}
          >
            Mark {status}
          </button>
        ))}
        {canMove(order.status, 'cancelled') && (
          <button type="button" className="btn btn-ghost btn-sm text-error" aria-describedby={titleId} disabled={busy} onClick={onCancel}>
            Cancel order
          </button>
        )}
      </div>
    </li>
  );
}
