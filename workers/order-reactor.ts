import { fold } from '../domain/decider.ts';
import { notificationDecider } from '../domain/notification/decider.ts';
import { notificationId, notificationStream } from '../domain/notification/events.ts';
import type { OrderEvent, OrderPlacedEvent } from '../domain/order/events.ts';
import { type LegacyOrderEvent, upcast } from '../domain/order/upcast.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { Effect, EffectJob } from './effect.ts';
import { NOTIFY_SELLER, type NotifySellerJob } from './notify-seller.ts';

export const ORDER_REACTOR = 'reactor:notify-seller';

/**
 * The notify-seller jobs an OrderPlaced calls for: one per seller order. The job id names the
 * purchase and the seller, as before seller orders existed (a purchase has one seller order
 * per seller), so a job queued then is the same job now. An OrderPlaced written before seller
 * orders is upcast to learn them.
 */
export function notifySellerJobs(placed: RecordedEvent): Array<EffectJob<NotifySellerJob>> {
  const [current] = upcast(placed as unknown as OrderEvent | LegacyOrderEvent, []) as [OrderPlacedEvent];
  const { orderId, lines, sellerOrders } = current.data;
  const cause = { eventId: placed.id, correlationId: placed.metadata.correlationId };
  return sellerOrders.map(({ sellerOrderId, sellerId }) => ({
    job: { orderId, sellerOrderId, sellerId, lines: lines.filter((line) => line.sellerId === sellerId), cause },
    options: { jobId: `${NOTIFY_SELLER}:${orderId}:${sellerId}` },
  }));
}

/** Each seller of a new purchase is told of their seller order, in the app and by e-mail, from the first order of the log on. */
export const notifySellerEffect: Effect<NotifySellerJob> = {
  job: NOTIFY_SELLER,
  reactor: ORDER_REACTOR,
  reconciler: 'reconcile:notify-seller',
  eventTypes: new Set<OrderEvent['type']>(['OrderPlaced']),
  jobsOf: notifySellerJobs,
  async done(events, { sellerId, orderId }) {
    const recorded = await events.readStream(notificationStream(notificationId(sellerId, orderId)));
    return fold(notificationDecider, recorded as never[])?.mailed ?? false;
  },
  from: 'start',
};
