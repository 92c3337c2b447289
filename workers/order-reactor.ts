import type { OrderEvent, OrderPlacedEvent } from '../domain/order/events.ts';
import { type LegacyOrderEvent, upcast } from '../domain/order/upcast.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { JobOptions, Queue } from '../platform/queue/port.ts';
import type { Projection } from '../platform/projection/projection.ts';
import { NOTIFY_SELLER, type NotifySellerJob } from './notify-seller.ts';

export const ORDER_REACTOR = 'reactor:notify-seller';

export type RetryPolicy = Required<Pick<JobOptions, 'attempts' | 'backoffMs'>>;

/** About ten minutes of retries (5 s, doubling) before a notification goes to the dead letters. */
export const NOTIFY_RETRY: RetryPolicy = { attempts: 8, backoffMs: 5000 };

/**
 * The notify-seller jobs an OrderPlaced calls for: one per seller order. The job id names the
 * purchase and the seller, as before seller orders existed (a purchase has one seller order
 * per seller), so a job queued then is the same job now. An OrderPlaced written before seller
 * orders is upcast to learn them.
 */
export function notifySellerJobs(placed: RecordedEvent): Array<{ job: NotifySellerJob; options: { jobId: string } }> {
  const [current] = upcast(placed as unknown as OrderEvent | LegacyOrderEvent, []) as [OrderPlacedEvent];
  const { orderId, lines, sellerOrders } = current.data;
  const cause = { eventId: placed.id, correlationId: placed.metadata.correlationId };
  return sellerOrders.map(({ sellerOrderId, sellerId }) => ({
    job: { orderId, sellerOrderId, sellerId, lines: lines.filter((line) => line.sellerId === sellerId), cause },
    options: { jobId: `${NOTIFY_SELLER}:${orderId}:${sellerId}` },
  }));
}

/**
 * Turns every OrderPlaced into its notify-seller jobs. It runs as a projection whose output is
 * jobs: the runner stores its checkpoint only after the batch's `apply` calls return, that is
 * after the durable queue has stored the jobs, so an order is never passed before its jobs are
 * kept (a crash in between adds them again, and the job ids make that a no-op).
 */
export function orderReactor(queue: Queue, retry: RetryPolicy = NOTIFY_RETRY): Projection {
  return {
    name: ORDER_REACTOR,
    collections: [],
    eventTypes: new Set<OrderEvent['type']>(['OrderPlaced']),

    async apply(recorded: RecordedEvent): Promise<void> {
      for (const { job, options } of notifySellerJobs(recorded)) await queue.add(NOTIFY_SELLER, job, { ...options, ...retry });
    },
  };
}
