import { fold } from '../domain/decider.ts';
import { notificationDecider } from '../domain/notification/decider.ts';
import { notificationId, notificationStream } from '../domain/notification/events.ts';
import { orderDecider } from '../domain/order/decider.ts';
import type { OrderEvent } from '../domain/order/events.ts';
import { type AnyOrderPlaced, type LegacyOrderEvent, purchaseOf } from '../domain/order/upcast.ts';
import type { Recorded, Streams } from '../platform/eventstore/streams.ts';
import type { Effect, EffectJob } from './effect.ts';
import { type Cause, causeOf } from './worker.ts';
import { NOTIFY_SELLER, type NotifySellerJob } from './notify-seller.ts';

export const ORDER_REACTOR = 'reactor:notify-seller';

/** The events that call for telling sellers: a purchase paid on delivery when placed, one paid online when its payment is captured. */
export type SellersToldOf = AnyOrderPlaced | Extract<OrderEvent, { type: 'PaymentCaptured' }>;

/**
 * The notify-seller jobs of a purchase: one per seller order (of `sellerIds` when given). The
 * job id names the purchase and the seller, as before seller orders existed (a purchase has one
 * seller order per seller), so a job queued then is the same job now. An OrderPlaced written
 * before seller orders is upcast to learn them.
 */
export function notifySellerJobs(
  placed: AnyOrderPlaced,
  cause: Cause,
  sellerIds?: ReadonlySet<string>,
): Array<EffectJob<NotifySellerJob>> {
  const { orderId, lines, sellerOrders } = purchaseOf(placed);
  return sellerOrders
    .filter(({ sellerId }) => sellerIds?.has(sellerId) ?? true)
    .map(({ sellerOrderId, sellerId }) => ({
      job: { orderId, sellerOrderId, sellerId, lines: lines.filter((line) => line.sellerId === sellerId), cause },
      options: { jobId: `${NOTIFY_SELLER}:${orderId}:${sellerId}` },
    }));
}

/**
 * A captured payment tells the sellers of the parts still open then (the buyer may have
 * cancelled one while paying); a late one (the purchase expired or was called off) tells none.
 */
async function paidJobs(
  captured: Recorded<Extract<OrderEvent, { type: 'PaymentCaptured' }>>,
  streams: Streams,
): Promise<Array<EffectJob<NotifySellerJob>>> {
  if (captured.data.late) return [];
  const before = await streams.read<OrderEvent | LegacyOrderEvent>(captured.stream, { limit: captured.revision });
  const [placed] = before;
  if (placed?.type !== 'OrderPlaced') throw new Error(`No purchase on ${captured.stream}`);
  const open = fold(orderDecider, before)!.sellerOrders.filter((part) => part.status !== 'cancelled');
  return notifySellerJobs(placed, causeOf(captured), new Set(open.map((part) => part.sellerId)));
}

/** Each seller of a new purchase is told of their seller order, in the app and by e-mail, once it is paid or on delivery; from the first order of the log on. */
export const notifySellerEffect: Effect<NotifySellerJob, SellersToldOf> = {
  job: NOTIFY_SELLER,
  reactor: ORDER_REACTOR,
  reconciler: 'reconcile:notify-seller',
  eventTypes: new Set(['OrderPlaced', 'PaymentCaptured'] as const),
  jobsOf(recorded, streams) {
    if (recorded.type === 'PaymentCaptured') return paidJobs(recorded, streams);
    return purchaseOf(recorded).payment === 'online' ? [] : notifySellerJobs(recorded, causeOf(recorded));
  },
  async done(streams, { sellerId, orderId }) {
    const stream = notificationStream(notificationId(sellerId, orderId));
    return (await streams.load(stream, notificationDecider)).state?.mailed ?? false;
  },
  from: 'start',
};
