import { useId } from 'react';
import { Link } from 'wouter';
import { formatPrice } from '../../../format.ts';
import { type ForwardStatus, OrderHeading, OrderMoves } from '../../orders/index.ts';
import type { AdminOrder } from '../types.ts';

interface AdminOrderRowProps {
  order: AdminOrder;
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
      <OrderHeading id={titleId} orderId={order.id} placedAt={order.placedAt} withTime status={order.status} />
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
      <OrderMoves status={order.status} describedBy={titleId} busy={busy} onMove={onMove} onCancel={onCancel} cancelLabel="Cancel order" />
    </li>
  );
}
