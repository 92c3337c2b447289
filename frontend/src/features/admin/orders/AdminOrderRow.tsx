import { useId } from 'react';
import { Link } from 'wouter';
import { OrderStatusBadge } from '../../../components/OrderStatusBadge.tsx';
import { formatPrice } from '../../../format.ts';
import {
  type ForwardStatus,
  OrderHeading,
  OrderMoves,
  OrderTotal,
  type OrderPart,
  type OrderReturn,
  ReturnList,
  orderLabel,
  partLabel,
} from '../../orders/index.ts';
import type { AdminOrder } from '../types.ts';

interface AdminOrderRowProps {
  order: AdminOrder;
  /** A link to the orders of the order's buyer. */
  buyerHref: string;
  onMove: (part: OrderPart, status: ForwardStatus) => void;
  onCancel: (part: OrderPart) => void;
  onDecide: (part: OrderPart, request: OrderReturn, accept: boolean) => void;
}

/** A purchase: who bought it, what it cost, and each seller's part with its status, moves and returns. */
export function AdminOrderRow({ order, buyerHref, onMove, onCancel, onDecide }: AdminOrderRowProps) {
  const titleId = useId();

  return (
    <li className="card gap-2 border border-base-300 p-4">
      <OrderHeading
        id={titleId}
        label={orderLabel(order.id)}
        placedAt={order.placedAt}
        withTime
        status={order.status}
      />
      <p className="text-sm">
        Buyer:{' '}
        <Link href={buyerHref} className="link" aria-label={`Orders of ${order.buyerName}`}>
          {order.buyerName}
        </Link>
      </p>
      <ul className="space-y-2" aria-label={`Seller orders of order ${orderLabel(order.id)}`}>
        {order.sellerOrders.map((part) => (
          <PartRow
            key={part.id}
            order={order}
            part={part}
            onMove={(status) => onMove(part, status)}
            onCancel={() => onCancel(part)}
            onDecide={(request, accept) => onDecide(part, request, accept)}
          />
        ))}
      </ul>
      <OrderTotal order={order} />
    </li>
  );
}

interface PartRowProps {
  order: AdminOrder;
  part: OrderPart;
  onMove: (status: ForwardStatus) => void;
  onCancel: () => void;
  onDecide: (request: OrderReturn, accept: boolean) => void;
}

function PartRow({ order, part, onMove, onCancel, onDecide }: PartRowProps) {
  const titleId = useId();
  const lines = order.lines.filter((line) => line.sellerId === part.sellerId);
  return (
    <li className="rounded-box border border-base-300 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={titleId} className="font-medium">
          {part.sellerName}{' '}
          <span className="ml-2 text-sm font-normal text-base-content/80">Order {partLabel(part)}</span>
        </h4>
        <OrderStatusBadge status={part.status} />
      </div>
      <ul className="text-sm text-base-content/80">
        {lines.map((line) => (
          <li key={line.productId}>
            {line.quantity} x {line.name}
          </li>
        ))}
      </ul>
      <p className="text-sm">Subtotal: {formatPrice(part.subtotalPaise)}</p>
      {part.cancelReason && <p className="text-sm text-error">Cancelled: {part.cancelReason}</p>}
      <div className="my-2">
        <ReturnList returns={part.returns} answeredBy="The seller" nested onDecide={onDecide} />
      </div>
      <OrderMoves
        status={part.status}
        describedBy={titleId}
        onMove={onMove}
        onCancel={onCancel}
        cancelLabel="Cancel order"
      />
    </li>
  );
}
