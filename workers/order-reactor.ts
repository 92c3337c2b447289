import { notificationDecider } from '../domain/notification/decider.ts';
import { notificationId, notificationStream } from '../domain/notification/events.ts';
import { type AnyOrderPlaced, purchaseOf } from '../domain/order/upcast.ts';
import type { Recorded } from '../platform/eventstore/streams.ts';
import type { Effect, EffectJob } from './effect.ts';
import { causeOf } from './worker.ts';
import { NOTIFY_SELLER, type NotifySellerJob } from './notify-seller.ts';

export const ORDER_REACTOR = 'reactor:notify-seller';

/**
 * The notify-seller jobs an OrderPlaced calls for: one per seller order. The job id names the
 * purchase and the seller, as before seller orders existed (a purchase has one seller order
 * per seller), so a job queued then is the same job now. An OrderPlaced written before seller
 * orders is upcast to learn them.
 */
export function notifySellerJobs(placed: Recorded<AnyOrderPlaced>): Array<EffectJob<NotifySellerJob>> {
  const { orderId, lines, sellerOrders } = purchaseOf(placed);
  const cause = causeOf(placed);
  return sellerOrders.map(({ sellerOrderId, sellerId }) => ({
    job: { orderId, sellerOrderId, sellerId, lines: lines.filter((line) => line.sellerId === sellerId), cause },
    options: { jobId: `${NOTIFY_SELLER}:${orderId}:${sellerId}` },
  }));
}

/** Each seller of a new purchase is told of their seller order, in the app and by e-mail, from the first order of the log on. */
export const notifySellerEffect: Effect<NotifySellerJob, AnyOrderPlaced> = {
  job: NOTIFY_SELLER,
  reactor: ORDER_REACTOR,
  reconciler: 'reconcile:notify-seller',
  eventTypes: new Set(['OrderPlaced'] as const),
  jobsOf: notifySellerJobs,
  async done(streams, { sellerId, orderId }) {
    const stream = notificationStream(notificationId(sellerId, orderId));
    return (await streams.load(stream, notificationDecider)).state?.mailed ?? false;
  },
  from: 'start',
};
