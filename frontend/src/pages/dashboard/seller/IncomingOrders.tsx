import { useId, useState } from 'react';
import { multiply } from '../../../../../domain/money.ts';
import { type OrderStatus, canMove } from '../../../../../domain/order/status.ts';
import type { IncomingOrderLine, Order } from '../../../api/types.ts';
import { EmptyState } from '../../../components/dashboard/EmptyState.tsx';
import { OrderStatusBadge } from '../../../components/dashboard/OrderStatusBadge.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDate, formatPrice } from '../../../format.ts';
import { useLiveEvent } from '../../../state/live.ts';
import { CancelOrderDialog } from '../CancelOrderDialog.tsx';
import { LoadFailed } from '../LoadFailed.tsx';
import { upsertById } from '../lists.ts';
import { changeOrderStatus, orderLabel } from '../orders.ts';
import { useResource } from '../useResource.ts';
import { AsOrderedDialog } from './history/AsOrderedDialog.tsx';

/** A status move made with one click (cancelling asks first). */
interface Move {
  status: Exclude<OrderStatus, 'pending' | 'cancelled'>;
  label: string;
}

/** In the order of the status machine (domain/order/status.ts), which decides what each status allows. */
const MOVES: readonly Move[] = [
  { status: 'processing', label: 'Mark processing' },
  { status: 'shipped', label: 'Mark shipped' },
  { status: 'delivered', label: 'Mark delivered' },
];

/** The seller's lines of the orders placed with them, newest first, kept live, with the status moves allowed. */
export function IncomingOrders({ className = '' }: { className?: string }) {
  const lines = useResource<IncomingOrderLine[]>('/orders/incoming', 'Failed to load orders');
  const [moving, setMoving] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);

  const keep = (line: IncomingOrderLine) => lines.update((list) => upsertById(list, line));
  useLiveEvent('order-line.added', keep);
  useLiveEvent('order-line.changed', keep);

  /** Every line of the order moves with it. */
  const applied = ({ id, status, updatedAt }: Order) =>
    lines.update((list) => list.map((line) => (line.orderId === id ? { ...line, status, updatedAt } : line)));

  async function move(orderId: string, status: Move['status']) {
    setMoving(orderId);
    const order = await changeOrderStatus(orderId, { status });
    setMoving(null);
    if (order) applied(order);
  }

  return (
    <section aria-labelledby="incoming-title" className={className}>
      <h2 id="incoming-title" className="mb-4 text-xl font-semibold">
        Incoming Orders
      </h2>
      {lines.loading ? (
        <Skeleton className="h-48 rounded-box" />
      ) : lines.failed ? (
        <LoadFailed what="your incoming orders" onRetry={() => void lines.reload()} />
      ) : lines.data!.length === 0 ? (
        <EmptyState title="No incoming orders yet" text="Orders for your products will appear here as they are placed." />
      ) : (
        <ul className="space-y-3">
          {lines.data!.map((line) => (
            <IncomingLine key={line.id} line={line} busy={moving === line.orderId} onMove={move} onCancel={setCancelling} />
          ))}
        </ul>
      )}
      {cancelling && (
        <CancelOrderDialog
          orderId={cancelling}
          onCancelled={(order) => {
            setCancelling(null);
            applied(order);
          }}
          onClose={() => setCancelling(null)}
        />
      )}
    </section>
  );
}

interface IncomingLineProps {
  line: IncomingOrderLine;
  /** A move of its order is under way. */
  busy: boolean;
  onMove: (orderId: string, status: Move['status']) => void;
  onCancel: (orderId: string) => void;
}

function IncomingLine({ line, busy, onMove, onCancel }: IncomingLineProps) {
  const titleId = useId();
  const [showingAsOrdered, setShowingAsOrdered] = useState(false);
  return (
    <li className="card gap-2 border border-base-300 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          Order {orderLabel(line.orderId)}
          <span className="ml-2 text-sm font-normal text-base-content/80">
            <time dateTime={line.placedAt}>{formatDate(line.placedAt)}</time> · {line.buyerName}
          </span>
        </h3>
        <OrderStatusBadge status={line.status} />
      </div>
      <p className="flex flex-wrap justify-between gap-2">
        <span>
          {line.name} <span className="text-base-content/80">x {line.quantity}</span>
        </span>
        <span className="font-semibold">{formatPrice(multiply(line.pricePaise, line.quantity))}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        {MOVES.filter(({ status }) => canMove(line.status, status)).map(({ status, label }) => (
          <button
            key={status}
            type="button"
            className="btn btn-outline btn-sm"
            aria-describedby={titleId}
            disabled={busy}
            onClick={() => onMove(line.orderId, status)}
          >
            {label}
          </button>
        ))}
        {canMove(line.status, 'cancelled') && (
          <button
            type="button"
            className="btn btn-ghost btn-sm text-error"
            aria-describedby={titleId}
            disabled={busy}
            onClick={() => onCancel(line.orderId)}
          >
            Cancel
          </button>
        )}
        <button type="button" className="btn btn-ghost btn-sm" aria-describedby={titleId} onClick={() => setShowingAsOrdered(true)}>
          As ordered
        </button>
      </div>
      {showingAsOrdered && (
        <AsOrderedDialog productId={line.productId} orderId={line.orderId} name={line.name} onClose={() => setShowingAsOrdered(false)} />
      )}
    </li>
  );
}
