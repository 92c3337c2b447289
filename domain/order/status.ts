import type { SellerOrderEvent } from './events.ts';

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** pending -> processing -> shipped -> delivered; cancelled from pending or processing. */
const NEXT: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export const canMove = (from: OrderStatus, to: OrderStatus): boolean => NEXT[from].includes(to);

/**
 * The moves a seller may undo for a short while after making them: nothing has acted on them
 * yet. A delivery is final (it books the seller's earning, opens returns and reviews to the
 * buyer), as is a cancel (its stock goes back on sale).
 */
export const UNDOABLE_STATUSES = ['processing', 'shipped'] as const;
export type UndoableStatus = (typeof UNDOABLE_STATUSES)[number];

/** The status an undone move goes back to. */
export const UNDO_TO = { processing: 'pending', shipped: 'processing' } as const satisfies Record<
  UndoableStatus,
  OrderStatus
>;

export const isUndoable = (status: OrderStatus): status is UndoableStatus =>
  (UNDOABLE_STATUSES as readonly OrderStatus[]).includes(status);

/** The status each seller order event moves its part to; the decider, the upcasting and the projections read it here. */
export const STATUS_AFTER: Readonly<Record<SellerOrderEvent['type'], OrderStatus>> = {
  SellerOrderProcessing: 'processing',
  SellerOrderShipped: 'shipped',
  SellerOrderDelivered: 'delivered',
  SellerOrderCancelled: 'cancelled',
};

/** How the order id is shown to people (spec section 9). */
export const shortOrderId = (orderId: string): string => orderId.slice(0, 8);

/** The id of the n-th seller's part (from 1) of a purchase: its short form is the purchase's, then -n. */
export const sellerOrderIdOf = (orderId: string, n: number): string => `${orderId}-${n}`;

/** "3f2b9c1e-2" for the second seller's part of purchase 3f2b9c1e-... */
export const shortSellerOrderId = (sellerOrderId: string): string => {
  const { orderId, n } = parseSellerOrderId(sellerOrderId) ?? { orderId: sellerOrderId, n: 0 };
  return n === 0 ? shortOrderId(sellerOrderId) : `${shortOrderId(orderId)}-${n}`;
};

/** "3f2b9c1e-2-R1" for the first return of seller order 3f2b9c1e-...-2. */
export function shortReturnId(returnId: string): string {
  const match = /^(.+)-(R\d+)$/.exec(returnId);
  return match ? `${shortSellerOrderId(match[1]!)}-${match[2]}` : shortOrderId(returnId);
}

/** The purchase and the seller's number of a seller order id; null when it is not one. */
export function parseSellerOrderId(sellerOrderId: string): { orderId: string; n: number } | null {
  const match = /^(.+)-([1-9]\d{0,3})$/.exec(sellerOrderId);
  return match ? { orderId: match[1]!, n: Number(match[2]) } : null;
}

const PROGRESS: readonly OrderStatus[] = ['pending', 'processing', 'shipped', 'delivered'];

/**
 * The status of a purchase as its buyer reads it at a glance: cancelled when every part is,
 * otherwise the least advanced of the parts not cancelled (delivered once all of them are).
 */
export function purchaseStatus(parts: readonly OrderStatus[]): OrderStatus {
  const open = parts.filter((status) => status !== 'cancelled');
  if (open.length === 0) return 'cancelled';
  return PROGRESS[Math.min(...open.map((status) => PROGRESS.indexOf(status)))]!;
}

/**
 * How far a purchase has come, for its badge: the status its parts not cancelled share, or else the furthest one some
 * of them reached, `partly` (one part delivered while another is pending is partly delivered, not pending).
 */
export function purchaseProgress(parts: readonly OrderStatus[]): { status: OrderStatus; partly: boolean } {
  const open = parts.filter((status) => status !== 'cancelled');
  if (open.length === 0) return { status: 'cancelled', partly: false };
  const furthest = PROGRESS[Math.max(...open.map((status) => PROGRESS.indexOf(status)))]!;
  return { status: furthest, partly: open.some((status) => status !== furthest) };
}

/** A purchase as the read side and the SPA show it, as far as folding a seller order into it goes. */
interface ShownPurchase {
  sellerOrders: ReadonlyArray<{ id: string; status: OrderStatus }>;
  status: OrderStatus;
  updatedAt: string;
}

/**
 * The purchase with one of its seller orders as it is now: of that part, the fields the
 * purchase already shows are taken from the seller order; the purchase's status is derived
 * again and its time is the change's. The orders projection and the SPA fold a change so.
 */
export function withSellerOrder<P extends ShownPurchase>(
  purchase: P,
  sellerOrder: P['sellerOrders'][number] & { updatedAt: string },
): P {
  const sellerOrders = purchase.sellerOrders.map((part) =>
    part.id === sellerOrder.id ? shownOf(part, sellerOrder) : part,
  );
  return {
    ...purchase,
    sellerOrders,
    status: purchaseStatus(sellerOrders.map((part) => part.status)),
    updatedAt: sellerOrder.updatedAt,
  };
}

/** The fields `shown` has, as `whole` has them now. */
function shownOf<Part extends object>(shown: Part, whole: Part): Part {
  return Object.fromEntries(Object.keys(shown).map((field) => [field, whole[field as keyof Part]])) as Part;
}
