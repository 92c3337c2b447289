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

/**
 * Turns every OrderPlaced into one notify-seller job per seller of its lines. It runs as a
 * projection whose output is jobs: the runner keeps its checkpoint, so an order appended
 * while no worker ran (or just before a crash) is picked up at the next start, and the job
 * ids (one per order and seller) make a replay of the log add nothing.
 */
export function orderReactor(queue: Queue, retry: RetryPolicy = NOTIFY_RETRY): Projection {
  return {
    name: ORDER_REACTOR,
    collections: [],
    eventTypes: new Set<OrderEvent['type']>(['OrderPlaced']),

    async apply(recorded: RecordedEvent): Promise<void> {
      const { orderId, lines } = (recorded as Extract<OrderEvent, { type: 'OrderPlaced' }> & RecordedEvent).data;
      const cause = { eventId: recorded.id, correlationId: recorded.metadata.correlationId };
      for (const [sellerId, sellerLines] of linesBySeller(lines)) {
        const job: NotifySellerJob = { orderId, sellerId, lines: sellerLines, cause };
        await queue.add(NOTIFY_SELLER, job, { jobId: `${NOTIFY_SELLER}:${orderId}:${sellerId}`, ...retry });
      }
    },
  };
}
