import type { OrderEvent, OrderLine } from '../domain/order/events.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { JobOptions, Queue } from '../platform/queue/port.ts';
import type { Projection } from '../platform/projection/projection.ts';
import { NOTIFY_SELLER, type NotifySellerJob } from './notify-seller.ts';

export const ORDER_REACTOR = 'reactor:notify-seller';

export type RetryPolicy = Required<Pick<JobOptions, 'attempts' | 'backoffMs'>>;

/** About ten minutes of retries (5 s, doubling) before a notification goes to the dead letters. */
export const NOTIFY_RETRY: RetryPolicy = { attempts: 8, backoffMs: 5000 };

function linesBySeller(lines: readonly OrderLine[]): Map<string, OrderLine[]> {
  const bySeller = new Map<string, OrderLine[]>();
  for (const line of lines) {
    const sellerLines = bySeller.get(line.sellerId);
    if (sellerLines) sellerLines.push(line);
    else bySeller.set(line.sellerId, [line]);
  }
  return bySeller;
}

/** The notify-seller jobs an OrderPlaced calls for: one per seller of its lines, each under an id of its own. */
export function notifySellerJobs(placed: RecordedEvent): Array<{ job: NotifySellerJob; options: { jobId: string } }> {
  const { orderId, lines } = (placed as Extract<OrderEvent, { type: 'OrderPlaced' }> & RecordedEvent).data;
  const cause = { eventId: placed.id, correlationId: placed.metadata.correlationId };
  return [...linesBySeller(lines)].map(([sellerId, sellerLines]) => ({
    job: { orderId, sellerId, lines: sellerLines, cause },
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
