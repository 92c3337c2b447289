import { DELIVERY_OPTIONS, PAYMENT_METHODS } from '../../../../domain/order/options.ts';
import { OrderStatusBadge } from '../../components/OrderStatusBadge.tsx';
import { formatDateTime, formatPrice } from '../../format.ts';
import type { Order } from './types.ts';

/** What "View Details" opens: where the order goes, how, what it cost, and each status it has had. */
export function OrderDetails({ id, order, hidden }: { id: string; order: Order; hidden: boolean }) {
  const { shippingAddress: to } = order;
  const delivery = DELIVERY_OPTIONS[order.delivery];

  return (
    <div id={id} hidden={hidden} className="mt-4 grid gap-6 rounded-box bg-base-200 p-4 text-sm md:grid-cols-3">
      <section>
        <h3 className="mb-2 font-semibold">Shipping address</h3>
        <address className="not-italic">
          {to.firstName} {to.lastName}
          <br />
          {to.address}
          <br />
          {to.city}, {to.state} {to.pincode}
          <br />
          Phone: {to.phone}
        </address>
      </section>

      <section>
        <h3 className="mb-2 font-semibold">Delivery and payment</h3>
        <p>
          {delivery.label} ({delivery.estimate})
        </p>
        <p>{PAYMENT_METHODS[order.payment].label}</p>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1">
          <dt>Subtotal</dt>
          <dd className="text-right">{formatPrice(order.subtotalPaise)}</dd>
          <dt>Delivery</dt>
          <dd className="text-right">{formatPrice(order.deliveryChargePaise)}</dd>
          <dt className="font-semibold">Total</dt>
          <dd className="text-right font-semibold">{formatPrice(order.totalPaise)}</dd>
        </dl>
      </section>

      <section>
        <h3 className="mb-2 font-semibold">Status history</h3>
        <ol className="space-y-2">
          {order.history.map((step) => (
            <li key={`${step.status}-${step.at}`} className="flex flex-wrap items-center gap-2">
              <OrderStatusBadge status={step.status} />
              <time dateTime={step.at}>{formatDateTime(step.at)}</time>
            </li>
          ))}
        </ol>
        {order.cancelReason && <p className="mt-2">Reason: {order.cancelReason}</p>}
      </section>
    </div>
  );
}
