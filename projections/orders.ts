import type { OrderEvent, OrderLine } from '../domain/order/events.ts';
import type { OrderStatus } from '../domain/order/status.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { UnitOfWork } from '../platform/readstore/port.ts';
import { COLLECTIONS, type DeliveredPurchaseDoc, type OrderDoc, type OrderLineDoc } from './models.ts';
import type { Projection } from '../platform/projection/projection.ts';

type StatusEvent = Exclude<OrderEvent, { type: 'OrderPlaced' }>;

const STATUS_AFTER: Record<StatusEvent['type'], OrderStatus> = {
  OrderProcessing: 'processing',
  OrderShipped: 'shipped',
  OrderDelivered: 'delivered',
  OrderCancelled: 'cancelled',
};

/** The order as it was placed: pending, with the buyer as the author of its first history entry. */
export function placedOrder(data: Extract<OrderEvent, { type: 'OrderPlaced' }>['data']): OrderDoc {
  const { orderId, buyerId, buyerName, lines, shippingAddress, delivery, payment, placedAt } = data;
  return {
    id: orderId,
    buyerId,
    buyerName,
    lines,
    sellerIds: [...new Set(lines.map((line) => line.sellerId))],
    shippingAddress,
    delivery,
    payment,
    subtotalPaise: data.subtotalPaise,
    deliveryChargePaise: data.deliveryChargePaise,
    totalPaise: data.totalPaise,
    status: 'pending',
    cancelReason: null,
    placedAt,
    updatedAt: placedAt,
    history: [{ status: 'pending', at: placedAt, by: buyerId }],
  };
}

/**
 * The order after a status event. An order reaches each status at most once, so an event
 * whose status is already in the history is a replay and changes nothing.
 */
export function withStatus(order: OrderDoc, event: StatusEvent): OrderDoc {
  const status = STATUS_AFTER[event.type];
  if (order.history.some((entry) => entry.status === status)) return order;
  const { at, by } = event.data;
  return {
    ...order,
    status,
    cancelReason: event.type === 'OrderCancelled' ? event.data.reason : order.cancelReason,
    updatedAt: at,
    history: [...order.history, { status, at, by }],
  };
}

/** Folds an order stream into the document the projection keeps (null for a missing stream). */
export function orderFromEvents(events: readonly OrderEvent[]): OrderDoc | null {
  let order: OrderDoc | null = null;
  for (const event of events) order = event.type === 'OrderPlaced' ? placedOrder(event.data) : order && withStatus(order, event);
  return order;
}

function lineDoc(order: OrderDoc, line: OrderLine): OrderLineDoc {
  return {
    ...line,
    id: `${order.id}:${line.productId}`,
    orderId: order.id,
    buyerId: order.buyerId,
    buyerName: order.buyerName,
    status: order.status,
    placedAt: order.placedAt,
    updatedAt: order.updatedAt,
  };
}

function putOrder(work: UnitOfWork, order: OrderDoc): void {
  work.put(COLLECTIONS.orders, order);
  for (const line of order.lines) work.put(COLLECTIONS.orderLines, lineDoc(order, line));
}

/** A delivered order makes its buyer a verified purchaser of each of its products. */
function putDeliveredPurchases(work: UnitOfWork, order: OrderDoc, deliveredAt: string): void {
  for (const { productId } of order.lines) {
    work.put<DeliveredPurchaseDoc>(COLLECTIONS.deliveredPurchases, {
      id: `${order.buyerId}:${productId}`,
      buyerId: order.buyerId,
      productId,
      orderId: order.id,
      deliveredAt,
    });
  }
}

/** Orders for buyers, order lines for sellers, delivered purchases for the review rule. */
export const orders: Projection = {
  name: 'orders',
  collections: [
    { name: COLLECTIONS.orders, indexes: [['buyerId', 'placedAt']] },
    { name: COLLECTIONS.orderLines, indexes: [['sellerId', 'placedAt']] },
    { name: COLLECTIONS.deliveredPurchases, indexes: [['buyerId']] },
  ],
  eventTypes: new Set<OrderEvent['type']>(['OrderPlaced', ...(Object.keys(STATUS_AFTER) as StatusEvent['type'][])]),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as OrderEvent & RecordedEvent;
    if (event.type === 'OrderPlaced') {
      putOrder(work, placedOrder(event.data));
      return;
    }
    const before = await work.get<OrderDoc>(COLLECTIONS.orders, event.data.orderId);
    // The order decider refuses status changes before OrderPlaced, so this is a damaged log.
    if (!before) throw new Error(`${event.type} at position ${event.position} for an order never placed: ${event.data.orderId}`);
    const order = withStatus(before, event);
    if (order === before) return;
    putOrder(work, order);
    if (event.type === 'OrderDelivered') putDeliveredPurchases(work, order, event.data.at);
  },
};
