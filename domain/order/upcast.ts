/**
 * Order streams written before seller orders existed (up to commit e191971) hold one status
 * for the whole purchase. They are read through `upcast`, which turns each old event into the
 * events the current model would have recorded, so old and new logs fold the same way.
 */
import type { OrderEvent, OrderLine, OrderPlacedEvent, SellerOrderEvent, SellerOrderPart } from './events.ts';
import { subtotal } from './pricing.ts';
import { settleLine } from './settlement.ts';
import { shipByOf } from './ship-by.ts';
import { promiseOf, type ZoneTransit } from '../delivery/promise.ts';
import { type OrderStatus, STATUS_AFTER, sellerOrderIdOf } from './status.ts';
import { DEFAULT_VARIANT_ID } from '../product/variants.ts';

const FINAL: ReadonlySet<OrderStatus> = new Set(['delivered', 'cancelled']);

interface LegacyStamp {
  orderId: string;
  by: string;
  at: string;
}

/** A purchase placed before made to order: its seller orders have no ship-by day. */
type PlacedBeforeShipBy = {
  type: 'OrderPlaced';
  data: Omit<OrderPlacedEvent['data'], 'sellerOrders'> & { sellerOrders: Omit<SellerOrderPart, 'shipBy'>[] };
};

/** The events of the one-status-per-purchase model. */
export type LegacyOrderEvent =
  | { type: 'OrderPlaced'; data: Omit<OrderPlacedEvent['data'], 'sellerOrders'> }
  | { type: 'OrderProcessing'; data: LegacyStamp }
  | { type: 'OrderShipped'; data: LegacyStamp }
  | { type: 'OrderDelivered'; data: LegacyStamp }
  | { type: 'OrderCancelled'; data: LegacyStamp & { reason: string } };

export const LEGACY_ORDER_EVENT_TYPES = [
  'OrderProcessing',
  'OrderShipped',
  'OrderDelivered',
  'OrderCancelled',
] as const;

type LegacyStatusEvent = Exclude<LegacyOrderEvent, { type: 'OrderPlaced' }>;

const CURRENT: Record<LegacyStatusEvent['type'], SellerOrderEvent['type']> = {
  OrderProcessing: 'SellerOrderProcessing',
  OrderShipped: 'SellerOrderShipped',
  OrderDelivered: 'SellerOrderDelivered',
  OrderCancelled: 'SellerOrderCancelled',
};

/**
 * The seller orders of a purchase's lines: one per seller, numbered in the order of their first
 * line, each to ship by the day its lines allow (`madeToOrderDays[i]` is line i's; none given,
 * none is made to order), and promised the window its zone's transit gives (`transits` by seller).
 */
export function sellerOrdersOf(
  orderId: string,
  lines: readonly OrderLine[],
  placedAt: string,
  madeToOrderDays: ReadonlyArray<number | null> = [],
  transits: Readonly<Record<string, ZoneTransit>> = {},
): SellerOrderPart[] {
  const parts: SellerOrderPart[] = [];
  for (const line of lines) {
    if (parts.some((part) => part.sellerId === line.sellerId)) continue;
    const own = lines.flatMap((other, i) => (other.sellerId === line.sellerId ? [i] : []));
    const shipBy = shipByOf(
      placedAt,
      own.map((i) => madeToOrderDays[i] ?? null),
    );
    const transit = transits[line.sellerId];
    parts.push({
      sellerOrderId: sellerOrderIdOf(orderId, parts.length + 1),
      sellerId: line.sellerId,
      sellerName: line.sellerName,
      subtotalPaise: subtotal(own.map((i) => lines[i]!)),
      shipBy,
      ...(transit && { promise: promiseOf(shipBy, transit) }),
    });
  }
  return parts;
}

/** An OrderPlaced of any model: the first event of every order stream. */
export type AnyOrderPlaced = Extract<OrderEvent | LegacyOrderEvent, { type: 'OrderPlaced' }> | PlacedBeforeShipBy;

/** An order line with its variant fields, as every line written since variants has them. */
export type VariantLine = OrderLine &
  Required<Pick<OrderLine, 'variantId' | 'variantLabel' | 'sku' | 'personalisation'>>;

/** A line written before variants was of the product's default variant, with no SKU nor answers. */
export const orderLineOf = (line: OrderLine): VariantLine =>
  line.variantId === undefined
    ? { ...line, variantId: DEFAULT_VARIANT_ID, variantLabel: '', sku: '', personalisation: [] }
    : (line as VariantLine);

/** A purchase as read: its lines with their variants (the default one before variants). */
export type Purchase = Omit<OrderPlacedEvent['data'], 'lines'> & { lines: VariantLine[] };

/**
 * The purchase an OrderPlaced records, with its seller orders (learnt from its lines when it was
 * written before them), each with its ship-by day (as placed with no made-to-order line when it
 * was written before made to order), and its lines' variants (the default one before variants).
 */
export function purchaseOf({ data }: AnyOrderPlaced): Purchase {
  const current = data.lines.every((line) => line.variantId !== undefined);
  const lines = current ? (data.lines as VariantLine[]) : data.lines.map(orderLineOf);
  if (!('sellerOrders' in data))
    return { ...data, lines, sellerOrders: sellerOrdersOf(data.orderId, data.lines, data.placedAt) };
  if (data.sellerOrders.every((part) => 'shipBy' in part))
    return current ? (data as Purchase) : { ...(data as OrderPlacedEvent['data']), lines };
  const shipBy = shipByOf(data.placedAt, []);
  return { ...data, lines, sellerOrders: data.sellerOrders.map((part) => ({ shipBy, ...part })) };
}

/** A seller order as much as `upcast` needs of it. */
export interface PartSnapshot {
  sellerOrderId: string;
  sellerId: string;
  status: OrderStatus;
  lines: readonly OrderLine[];
}

/**
 * The current events an event stands for, given the purchase's seller orders as they are
 * just before it. A current event stands for itself. An old status change moved the whole
 * purchase: it stands for the same move of every part still open. An old delivery
 * kept no commission, as none was agreed then: its settlement is at 0 basis points.
 */
export function upcast(
  event: OrderEvent | LegacyOrderEvent | PlacedBeforeShipBy,
  parts: readonly PartSnapshot[],
): OrderEvent[] {
  if (event.type === 'OrderPlaced') return [{ type: 'OrderPlaced', data: purchaseOf(event) }];
  if (!(event.type in CURRENT)) return [event as OrderEvent];
  const legacy = event as LegacyStatusEvent;
  const type = CURRENT[legacy.type];
  const status = STATUS_AFTER[type];
  return (
    parts
      // The old decider accepted the move for the whole purchase, so every part still open makes it.
      .filter((part) => part.status !== status && !FINAL.has(part.status))
      .map(({ sellerOrderId, sellerId, lines }): OrderEvent => {
        const stamp = { orderId: legacy.data.orderId, sellerOrderId, sellerId, by: legacy.data.by, at: legacy.data.at };
        switch (type) {
          case 'SellerOrderDelivered':
            return { type, data: { ...stamp, settlement: lines.map((line) => settleLine(line, line.quantity, 0)) } };
          case 'SellerOrderCancelled':
            return { type, data: { ...stamp, reason: (legacy.data as { reason: string }).reason } };
          default:
            return { type, data: stamp };
        }
      })
  );
}

export const isLegacyOrderEvent = (event: { type: string; data: object }): boolean =>
  event.type in CURRENT || (event.type === 'OrderPlaced' && !('sellerOrders' in event.data));
