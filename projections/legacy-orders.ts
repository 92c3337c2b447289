/**
 * Projections read order streams as current events. A purchase placed before seller orders
 * existed has later events that moved the whole purchase; to upcast them a projection must
 * know the purchase's seller orders, so it keeps them, for such purchases only, in a
 * collection of its own (projections never read each other's documents).
 */
import type { OrderEvent } from '../domain/order/events.ts';
import {
  type LegacyOrderEvent,
  LEGACY_ORDER_EVENT_TYPES,
  type PartSnapshot,
  isLegacyOrderEvent,
  upcast,
} from '../domain/order/upcast.ts';
import { STATUS_AFTER } from '../domain/order/status.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import type { CollectionSpec, Doc, UnitOfWork } from '../platform/readstore/port.ts';

interface LegacyPurchaseDoc extends Doc {
  parts: PartSnapshot[];
}

/** The seller order statuses, looked up by any order event's type (the others move none). */
const STATUS_OF: Partial<Record<OrderEvent['type'], PartSnapshot['status']>> = STATUS_AFTER;

export interface LegacyOrders {
  /** The collection to declare among the projection's own. */
  collection: CollectionSpec;
  /** The event types to add to the projection's own: the old status events. */
  eventTypes: readonly string[];
  /** The current events `event` stands for (itself, when it is current). */
  current(event: RecordedEvent, work: UnitOfWork): Promise<OrderEvent[]>;
}

/** Upcasting for one projection, keeping what it needs in `collection` (named after the projection). */
export function legacyOrders(collection: string): LegacyOrders {
  return {
    collection: { name: collection },
    eventTypes: LEGACY_ORDER_EVENT_TYPES,
    async current(recorded, work) {
      const event = recorded as unknown as OrderEvent | LegacyOrderEvent;
      if (!isLegacyOrderEvent(event)) return [event as OrderEvent];
      if (event.type === 'OrderPlaced') {
        const [placed] = upcast(event, []) as [Extract<OrderEvent, { type: 'OrderPlaced' }>];
        const { orderId, lines, sellerOrders } = placed.data;
        const parts = sellerOrders.map(({ sellerOrderId, sellerId }) => ({
          sellerOrderId,
          sellerId,
          status: 'pending' as const,
          lines: lines.filter((line) => line.sellerId === sellerId),
        }));
        work.put<LegacyPurchaseDoc>(collection, { id: orderId, parts });
        return [placed];
      }
      const purchase = await work.get<LegacyPurchaseDoc>(collection, event.data.orderId);
      // The order decider refuses status changes before OrderPlaced, so this is a damaged log.
      if (!purchase)
        throw new Error(
          `${event.type} at position ${recorded.position} for an order never placed: ${event.data.orderId}`,
        );
      const current = upcast(event, purchase.parts);
      const parts = purchase.parts.map((part) => {
        const moved = current.find((e) => 'sellerOrderId' in e.data && e.data.sellerOrderId === part.sellerOrderId);
        return moved ? { ...part, status: STATUS_OF[moved.type] ?? part.status } : part;
      });
      work.put<LegacyPurchaseDoc>(collection, { id: purchase.id, parts });
      return current;
    },
  };
}
