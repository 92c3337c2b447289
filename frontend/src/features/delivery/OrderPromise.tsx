import { useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  if (!promise || status === 'cancelled') return null;
  const days = windowDays(promise.from, promise.to);
  return (
    <p className="text-sm font-medium">
      {status === 'delivered' ? t`Promised for ${days}` : arrivesText(promise.from, promise.to)}
    </p>
  );
}
