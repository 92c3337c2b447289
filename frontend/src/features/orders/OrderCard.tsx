import { useId, useState } from 'react';
import { OrderStatusBadge } from '../../components/OrderStatusBadge.tsx';
import { ProductImage } from '../../components/ProductImage.tsx';
import { formatDate, formatPrice } from '../../format.ts';
import { CancelOrderDialog } from './CancelOrderDialog.tsx';
import { OrderDetails } from './OrderDetails.tsx';
import { orderLabel } from './orders.ts';
import type { Order } from './types.ts';

/** One of the buyer's orders: its items and total, details on demand, and a cancel while it is pending. */
export function OrderCard({ order, onChange }: { order: Order; onChange: (order: Order) => void }) {
  const [detailsShown, setDetailsShown] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const detailsId = useId();
  const label = orderLabel(order.id);

  return (
    <article className="card border border-base-300 p-5" aria-label={`Order ${label}`}>
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">Order {label}</h2>
          <p className="text-sm text-base-content/80">
            Placed on <time dateTime={order.placedAt}>{formatDate(order.placedAt)}</time>
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </header>

      <ul className="mt-3 divide-y divide-base-300">
        {order.lines.map((line) => (
          <li key={line.productId} className="flex items-center gap-3 py-2">
            <ProductImage src={line.imageUrl} alt="" className="w-12 shrink-0 rounded-box" />
            <span className="min-w-0 flex-1 truncate">{line.name}</span>
            <span className="text-sm whitespace-nowrap text-base-content/80">
              {line.quantity} x {formatPrice(line.pricePaise)}
            </span>
          </li>
        ))}
      </ul>

      <footer className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-base-300 pt-4">
        <p className="font-semibold">Total: {formatPrice(order.totalPaise)}</p>
        <div className="flex flex-wrap gap-2">
          {order.status === 'pending' && (
            <button type="button" className="btn btn-outline btn-error btn-sm" onClick={() => setCancelling(true)}>
              Cancel order
            </button>
          )}
          <button
            type="button"
            className="btn btn-outline btn-sm"
            aria-expanded={detailsShown}
            aria-controls={detailsId}
            onClick={() => setDetailsShown(!detailsShown)}
          >
            {detailsShown ? 'Hide Details' : 'View Details'}
          </button>
        </div>
      </footer>

      <OrderDetails id={detailsId} order={order} hidden={!detailsShown} />

      {cancelling && (
        <CancelOrderDialog
          orderId={order.id}
          onCancelled={(cancelled) => {
            setCancelling(false);
            onChange(cancelled);
          }}
          onClose={() => setCancelling(false)}
        />
      )}
    </article>
  );
}
