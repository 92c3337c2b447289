import { describe, expect, it } from 'vitest';
import type { OrderLine } from '../domain/order/events.ts';
import { type AnyOrderPlaced, sellerOrdersOf } from '../domain/order/upcast.ts';
import type { Recorded } from '../platform/eventstore/streams.ts';
import { notifySellerJobs } from './order-reactor.ts';

const orderId = '8d3f1c2a-5b6e-4f70-9a81-0c2d3e4f5a6b';
const line = (sellerId: string, productId: string): OrderLine => ({
  productId,
  name: productId,
  pricePaise: 100_00,
  quantity: 1,
  imageUrl: null,
  sellerId,
  sellerName: sellerId,
  categoryId: 'textiles',
});
const lines = [line('kashmir', 'shawl'), line('meera', 'saree'), line('kashmir', 'stole')];
/** The lines as the jobs read them: written before variants, each of its product's default variant. */
const read = lines.map((one) => ({ ...one, variantId: 'default', variantLabel: '', sku: '', personalisation: [] }));

/** An OrderPlaced as recorded (the fields the jobs read): with `sellerOrders` now, without before seller orders existed. */
function recordedPlaced(legacy: boolean): Recorded<AnyOrderPlaced> {
  const placedAt = '2024-05-01T10:00:00.000Z';
  const data = { orderId, lines, placedAt, ...(!legacy && { sellerOrders: sellerOrdersOf(orderId, lines, placedAt) }) };
  const metadata = { actor: 'buyer-1', correlationId: 'corr-1', causationId: null, time: '2024-05-01T10:00:00.000Z' };
  const recorded = {
    id: 'event-1',
    type: 'OrderPlaced',
    stream: `order-${orderId}`,
    revision: 0,
    position: 7,
    data,
    metadata,
  };
  return recorded as Recorded<AnyOrderPlaced>;
}

describe('notifySellerJobs', () => {
  it.each([false, true])(
    'gives one job per seller order, under the id jobs had before seller orders (written before: %s)',
    (legacy) => {
      const cause = { eventId: 'event-1', correlationId: 'corr-1' };
      expect(notifySellerJobs(recordedPlaced(legacy), cause)).toEqual([
        {
          job: { orderId, sellerOrderId: `${orderId}-1`, sellerId: 'kashmir', lines: [read[0], read[2]], cause },
          options: { jobId: `notify-seller:${orderId}:kashmir` },
        },
        {
          job: { orderId, sellerOrderId: `${orderId}-2`, sellerId: 'meera', lines: [read[1]], cause },
          options: { jobId: `notify-seller:${orderId}:meera` },
        },
      ]);
    },
  );
});
