/** An order's life after it is placed: status changes, and the stock a cancelled order gives back. */
import type { z } from 'zod';
import type { Actor } from '../../domain/actor.ts';
import { orderDecider } from '../../domain/order/decider.ts';
import { type OrderEvent, orderStream } from '../../domain/order/events.ts';
import type { orderStatusChangeSchema } from '../../domain/order/schemas.ts';
import { productDecider } from '../../domain/product/decider.ts';
import { type StockReleaseReason, productStream } from '../../domain/product/events.ts';
import type { OrderDoc } from '../../projections/models.ts';
import { orderFromEvents } from '../../projections/orders.ts';
import type { CommandMetadata } from '../streams.ts';
import type { CommandContext } from './context.ts';

/** What an order command answers: the order as it is right after, and the log position reached. */
export interface OrderResult {
  /** The order as the orders read model shows it once the projection has caught up. */
  order: OrderDoc;
  position: number;
}

/** The status change as `orderStatusChangeSchema` gives it: the new status, and a reason for a cancel. */
export type OrderStatusChange = z.output<typeof orderStatusChangeSchema>;

/** The order from its stream, with the positions of its first (OrderPlaced) and last events; null when absent. */
export async function readOrder(cx: CommandContext, orderId: string) {
  const events = await cx.streams.read(orderStream(orderId));
  const order = orderFromEvents(events as unknown as OrderEvent[]);
  if (!order) return null;
  return { order, placedPosition: events[0]!.position, position: events[events.length - 1]!.position };
}

/** Releases the stock `orderId` holds on each product (a no-op where nothing is held); returns the furthest position. */
export async function releaseStock(
  cx: CommandContext,
  orderId: string,
  productIds: readonly string[],
  reason: StockReleaseReason,
  at: string,
  metadata: CommandMetadata,
): Promise<number> {
  let position = 0;
  for (const productId of productIds) {
    const command = { type: 'ReleaseStock', orderId, reason, at } as const;
    const released = await cx.streams.decide(productStream(productId), productDecider, command, metadata);
    position = Math.max(position, released.position);
  }
  return position;
}

/**
 * Moves an order through the status machine as `actor` (the decider checks who may), and on a
 * cancel releases its stock; also on a repeated cancel, so one that stopped half-way finishes.
 */
export async function changeOrderStatus(cx: CommandContext, actor: Actor, orderId: string, change: OrderStatusChange): Promise<OrderResult> {
  const at = cx.now();
  const metadata = { actor: actor.userId, correlationId: orderId };
  const command = { type: 'ChangeOrderStatus', actor, at, ...change } as const;
  const moved = await cx.streams.decide(orderStream(orderId), orderDecider, command, metadata);
  const { order } = (await readOrder(cx, orderId))!;
  const released =
    change.status === 'cancelled'
      ? await releaseStock(cx, orderId, order.lines.map((line) => line.productId), 'order_cancelled', at, metadata)
      : 0;
  return { order, position: Math.max(moved.position, released) };
}
