import type { OrderStatus } from '../../../../domain/order/status.ts';
import { arrivesText, windowDays } from './windowText.ts';

/** The window a seller order was promised when placed: "Arrives 3-5 Dec" on its way, "Promised for 3-5 Dec" once delivered. */
export function OrderPromise({
  promise,
  status,
}: {
  promise: { from: string; to: string } | null;
  status: OrderStatus;
}) {
  if (!promise || status === 'cancelled') return null;
  return (
    <p className="text-sm font-medium">
      {status === 'delivered'
        ? `Promised for ${windowDays(promise.from, promise.to)}`
        : arrivesText(promise.from, promise.to)}
    </p>
  );
}
