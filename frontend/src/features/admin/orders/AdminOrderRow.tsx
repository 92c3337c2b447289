import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const titleId = useId();
  const buyerName = order.buyerName;
  const label = orderLabel(order.id);

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
        <Trans>Buyer:</Trans>{' '}
        <Link href={buyerHref} className="link" dir="auto" aria-label={t`Orders of ${buyerName}`}>
          {buyerName}
        </Link>
      </p>
      <ul className="space-y-2" aria-label={t`Seller orders of order ${label}`}>
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
  const { t } = useLingui();
  const titleId = useId();
  const number = partLabel(part);
  const subtotal = formatPrice(part.subtotalPaise);
  const reason = part.cancelReason;
  const lines = order.lines.filter((line) => line.sellerId === part.sellerId);
  return (
    <li className="rounded-box border border-base-300 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 id={titleId} className="font-medium">
          <span dir="auto">{part.sellerName}</span>{' '}
          <span className="ml-2 text-sm font-normal text-base-content/80">
            <Trans>Order {number}</Trans>
          </span>
        </h4>
        <OrderStatusBadge status={part.status} />
      </div>
      <ul className="text-sm text-base-content/80">
        {lines.map((line) => (
          <li key={line.productId}>
            {line.quantity} x <span dir="auto">{line.name}</span>
          </li>
        ))}
      </ul>
      <p className="text-sm">
        <Trans>Subtotal: {subtotal}</Trans>
      </p>
      {reason && (
        <p className="text-sm text-error">
          <Trans>
            Cancelled: <span dir="auto">{reason}</span>
          </Trans>
        </p>
      )}
      <div className="my-2">
        <ReturnList returns={part.returns} answeredBy={t`The seller`} nested onDecide={onDecide} />
      </div>
      <OrderMoves
        status={part.status}
        describedBy={titleId}
        onMove={onMove}
        onCancel={onCancel}
        cancelLabel={t`Cancel order`}
      />
    </li>
  );
}
