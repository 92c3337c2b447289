import { useId, useState } from 'react';
import { multiply } from '../../../../domain/money.ts';
import { server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatPrice } from '../../format.ts';
import { upsertById } from '../../lists.ts';
import { useLiveEvent } from '../../state/live.ts';
import { CancelOrderDialog, type ForwardStatus, OrderHeading, OrderMoves, changeOrderStatus } from '../orders/index.ts';
import { AsOrderedDialog } from './history/AsOrderedDialog.tsx';
import type { IncomingOrderLine, MovedOrder } from './types.ts';

/** The seller's lines of the orders placed with them, newest first, kept live, with the status moves allowed. */
export function IncomingOrders({ className = '' }: { className?: string }) {
  const lines = useApiGet((options) => server.orders.incoming.$get({}, options), [], 'Failed to load orders', { live: true });
  const [moving, setMoving] = useState<string | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);

  const keep = (line: IncomingOrderLine) => lines.update((list) => upsertById(list, line));
  useLiveEvent('order-line.added', keep);
  useLiveEvent('order-line.changed', keep);

  /** Every line of the order moves with it. */
  const applied = ({ id, status, updatedAt }: Pick<MovedOrder, 'id' | 'status' | 'updatedAt'>) =>
    lines.update((list) => list.map((line) => (line.orderId === id ? { ...line, status, updatedAt } : line)));

  async function move(orderId: string, status: ForwardStatus) {
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
  onMove: (orderId: string, status: ForwardStatus) => void;
  onCancel: (orderId: string) => void;
}

function IncomingLine({ line, busy, onMove, onCancel }: IncomingLineProps) {
  const titleId = useId();
  const [showingAsOrdered, setShowingAsOrdered] = useState(false);
  return (
    <li className="card gap-2 border border-base-300 p-4">
      <OrderHeading id={titleId} orderId={line.orderId} placedAt={line.placedAt} status={line.status}>
        {' '}
        · {line.buyerName}
      </OrderHeading>
      <p className="flex flex-wrap justify-between gap-2">
        <span>
          {line.name} <span className="text-base-content/80">x {line.quantity}</span>
        </span>
        <span className="font-semibold">{formatPrice(multiply(line.pricePaise, line.quantity))}</span>
      </p>
      <OrderMoves
        status={line.status}
        describedBy={titleId}
        busy={busy}
        onMove={(status) => onMove(line.orderId, status)}
        onCancel={() => onCancel(line.orderId)}
        cancelLabel="Cancel"
      >
        <button type="button" className="btn btn-ghost btn-sm" aria-describedby={titleId} onClick={() => setShowingAsOrdered(true)}>
          As ordered
        </button>
      </OrderMoves>
      {showingAsOrdered && (
        <AsOrderedDialog productId={line.productId} orderId={line.orderId} name={line.name} onClose={() => setShowingAsOrdered(false)} />
      )}
    </li>
  );
}
