import { Trans, useLingui } from '@lingui/react/macro';
import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import { Link } from 'wouter';
import { trackRequestSchema } from '../../../../domain/shipment/schemas.ts';
import { shortOrderId } from '../../../../domain/order/status.ts';
import { call, server } from '../../api/client.ts';
import { useApiGet } from '../../api/useApiGet.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { Field } from '../../components/Field.tsx';
import { OrderStatusBadge } from '../../components/OrderStatusBadge.tsx';
import { PageHero } from '../../components/PageHero.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { formatDate } from '../../format.ts';
import { useForm } from '../../forms.ts';
import { upsertById } from '../../lists.ts';
import { useLiveEvent } from '../../state/live.ts';
import { session } from '../../state/session.ts';
import { ShipmentTimeline } from './ShipmentTimeline.tsx';
import type { Shipment, TrackedOrder } from './types.ts';

interface PartShown {
  shortId: string;
  sellerName: string;
  status: string;
  shipment: Shipment;
}

/** One order with each seller's part: its status and its shipment. */
function TrackedCard({ orderId, placedAt, parts }: { orderId: string; placedAt: string; parts: PartShown[] }) {
  const { t } = useLingui();
  const orderNumber = shortOrderId(orderId);
  const placed = formatDate(placedAt);
  return (
    <li className="card gap-2 border border-base-300 p-4">
      <h3 className="font-semibold">
        <Trans>Order #{orderNumber}</Trans>{' '}
        <span className="text-sm font-normal text-base-content/80">
          <Trans>placed {placed}</Trans>
        </span>
      </h3>
      {parts.map(({ shortId, sellerName, status, shipment }) => (
        <section key={shortId} aria-label={t`Order #${shortId}`} className="text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <Trans>
              Sold by <bdi>{sellerName}</bdi> · #{shortId}
            </Trans>{' '}
            <OrderStatusBadge status={status} />
          </p>
          <ShipmentTimeline shipment={shipment} />
        </section>
      ))}
    </li>
  );
}

/** The signed-in buyer's orders with their tracking, kept live. */
function YourOrders() {
  const { t } = useLingui();
  const orders = useApiGet((options) => server.orders.$get({}, options), [], t`Failed to load orders`, {
    live: true,
  });
  useLiveEvent('order.changed', (order) => orders.update((list) => upsertById(list, order)));
  return (
    <section aria-labelledby="your-orders" className="space-y-3">
      <h2 id="your-orders" className="text-xl font-semibold">
        <Trans>Your orders</Trans>
      </h2>
      {orders.loading ? (
        <Skeleton className="h-32 rounded-box" />
      ) : (orders.data ?? []).length === 0 ? (
        <EmptyState title={t`No orders yet`} text={t`Orders you place will appear here with their tracking.`} />
      ) : (
        <ul className="space-y-3">
          {orders.data!.map((order) => (
            <TrackedCard key={order.id} orderId={order.id} placedAt={order.placedAt} parts={order.sellerOrders} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** An order found by its number and the buyer's e-mail, no account needed. */
function Lookup() {
  const { t } = useLingui();
  const [found, setFound] = useState<TrackedOrder | null>(null);
  const { errors, busy, onSubmit } = useForm(
    trackRequestSchema,
    async (request) => {
      setFound(null);
      setFound(await call(server.shipments.track.$post({ json: request })));
    },
    t`Order not found`,
  );
  return (
    <section aria-labelledby="find-order" className="space-y-3">
      <h2 id="find-order" className="text-xl font-semibold">
        <Trans>Find an order</Trans>
      </h2>
      <form noValidate onSubmit={onSubmit} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
        <Field label={t`Order number`} name="orderNumber" placeholder="#1a2b3c4d" error={errors.orderNumber} />
        <Field label={t`E-mail`} name="email" type="email" autoComplete="email" error={errors.email} />
        <button type="submit" className="btn btn-primary sm:mt-6" disabled={busy}>
          {busy ? t`Finding...` : t`Track order`}
        </button>
      </form>
      {found && (
        <ul>
          <TrackedCard orderId={found.orderId} placedAt={found.placedAt} parts={found.parts} />
        </ul>
      )}
    </section>
  );
}

/** /track: a signed-in buyer's orders with their tracking; anyone finds an order by its number and e-mail. */
export default function TrackPage() {
  useSignals();
  const { t } = useLingui();
  const user = session.value;
  return (
    <>
      <PageHero
        title={t`Track Your Order`}
        text={t`Follow each part of your order from the seller to your door, with the courier's tracking link.`}
      />
      <div className="mx-auto max-w-3xl space-y-8 px-4 py-12">
        {user?.roles.includes('buyer') && <YourOrders />}
        <Lookup />
        <Link href="/dashboard/buyer" className="btn btn-outline">
          <Trans>Go to My Orders</Trans>
        </Link>
      </div>
    </>
  );
}
