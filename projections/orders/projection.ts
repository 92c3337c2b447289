/**
 * Purchases for buyers and admins, seller orders for sellers. Both are folded from the
 * purchase's stream by the pure functions below, which the write side also uses to answer
 * a command with the documents as they are right after it.
 */
import {
  type OrderEvent,
  type OrderPlacedEvent,
  type PaymentEvent,
  type RefundEvent,
  isTransferEvent,
} from '../../domain/order/events.ts';
import { STATUS_AFTER, isUndoable, shortSellerOrderId, withSellerOrder } from '../../domain/order/status.ts';
import { type LegacyOrderEvent, purchaseOf, upcast } from '../../domain/order/upcast.ts';
import { REFUND_EVENT_TYPES, isRefundEvent } from '../../domain/order/refunds.ts';
import { lineKey } from '../../domain/order/line-key.ts';
import { type HelpEvent, isHelpEvent } from '../../domain/dispute/events.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import { legacyOrders } from '../legacy-orders.ts';
import { refundDocsAfter } from './refunds.ts';
import type { OrderDoc, ReturnDoc, SellerOrderDoc, SellerOrderSummary, ShipmentDoc } from './documents.ts';
import {
  SHIPMENT_EVENT_TYPES,
  type ShipmentEvent,
  TRACKING_UPDATE_LABELS,
  isShipmentEvent,
} from '../../domain/shipment/events.ts';

export const ORDERS = 'orders';
export const SELLER_ORDERS = 'seller_orders';

/** The events of one seller order. */
/** Help requests are their own read model's (projections/help). */
type PartEvent = Exclude<OrderEvent, OrderPlacedEvent | PaymentEvent | RefundEvent | HelpEvent>;

const PAYMENT_EVENTS: ReadonlySet<string> = new Set<PaymentEvent['type']>([
  'PaymentFailed',
  'PaymentCaptured',
  'PaymentExpired',
]);
const isPaymentEvent = (event: OrderEvent): event is PaymentEvent => event.type.startsWith('Payment');

/** What a payment event changes of the purchase as shown (a gateway order asked for shows nothing). */
function paymentShown(
  event: PaymentEvent,
): (Pick<OrderDoc, 'paymentStatus'> & Partial<Pick<OrderDoc, 'paymentFailure'>>) | null {
  switch (event.type) {
    case 'PaymentRequested':
      return null;
    case 'PaymentFailed':
      return { paymentStatus: 'failed', paymentFailure: event.data.description };
    case 'PaymentCaptured':
      // A late payment leaves the purchase expired: its refund shows beside it.
      return event.data.late ? null : { paymentStatus: 'paid', paymentFailure: null };
    case 'PaymentExpired':
      return { paymentStatus: 'expired' };
  }
}

function paidDocs(docs: PurchaseDocs, event: PaymentEvent): PurchaseDocs {
  const shown = paymentShown(event);
  if (!shown) return docs;
  const { paymentStatus } = shown;
  return {
    order: { ...docs.order, ...shown, updatedAt: event.data.at },
    sellerOrders: docs.sellerOrders.map((doc) => ({ ...doc, paymentStatus })),
  };
}

export interface PurchaseDocs {
  order: OrderDoc;
  sellerOrders: SellerOrderDoc[];
}

/** What a purchase shows of a seller order; the summary's schema holds the compiler to these fields. */
function summaryOf(doc: SellerOrderDoc): SellerOrderSummary {
  const {
    id,
    shortId,
    sellerId,
    sellerName,
    subtotalPaise,
    status,
    shipBy,
    promise,
    cancelReason,
    deliveredAt,
    history,
    returns,
    shipment,
  } = doc;
  return {
    id,
    shortId,
    sellerId,
    sellerName,
    subtotalPaise,
    status,
    shipBy,
    promise,
    cancelReason,
    deliveredAt,
    history,
    returns,
    shipment,
  };
}

/** The purchase as it was placed, every part pending, with the buyer as the author of each part's first history entry. */
function placedDocs(event: OrderPlacedEvent): PurchaseDocs {
  // A purchase placed before made to order ships by the day every seller has; lines before variants are of the default one.
  const data = purchaseOf(event);
  const { orderId, buyerId, buyerName, lines, shippingAddress, delivery, payment, placedAt } = data;
  const paymentStatus = payment === 'online' ? 'awaiting' : 'cod';
  const sellerOrders = data.sellerOrders.map(
    ({ sellerOrderId, sellerId, sellerName, subtotalPaise, shipBy, promise }): SellerOrderDoc => ({
      id: sellerOrderId,
      shortId: shortSellerOrderId(sellerOrderId),
      orderId,
      buyerId,
      buyerName,
      sellerId,
      sellerName,
      lines: lines.filter((line) => line.sellerId === sellerId),
      subtotalPaise,
      shippingAddress,
      delivery,
      payment,
      paymentStatus,
      status: 'pending',
      shipBy,
      promise: promise ?? null,
      cancelReason: null,
      placedAt,
      updatedAt: placedAt,
      deliveredAt: null,
      history: [{ status: 'pending', at: placedAt, by: buyerId }],
      returns: [],
      openReturns: 0,
      undo: null,
      shipment: null,
    }),
  );
  const order: OrderDoc = {
    id: orderId,
    buyerId,
    buyerName,
    lines,
    sellerIds: sellerOrders.map((part) => part.sellerId),
    sellerOrders: sellerOrders.map(summaryOf),
    shippingAddress,
    delivery,
    payment,
    paymentStatus,
    paymentDueBy: data.paymentDueBy ?? null,
    paymentFailure: null,
    subtotalPaise: data.subtotalPaise,
    deliveryChargePaise: data.deliveryChargePaise,
    totalPaise: data.totalPaise,
    refunds: [],
    status: 'pending',
    placedAt,
    updatedAt: placedAt,
  };
  return { order, sellerOrders };
}

function withReturns(doc: SellerOrderDoc, returns: ReturnDoc[], at: string): SellerOrderDoc {
  return { ...doc, returns, openReturns: returns.filter((r) => r.status === 'requested').length, updatedAt: at };
}

/**
 * The seller order after one of its events. A seller order reaches each status at most once on
 * its path (an undone move leaves the history) and a return is decided once, so an event
 * already folded in is a replay and changes nothing.
 */
function sellerOrderAfter(doc: SellerOrderDoc, event: PartEvent): SellerOrderDoc {
  // Money moved to the seller is the ledger's: the seller order stays as it is.
  if (isTransferEvent(event)) return doc;
  if (isShipmentEvent(event)) return shippedDoc(doc, event);
  const { at, by } = event.data;
  switch (event.type) {
    case 'SellerOrderStatusReverted': {
      const { from, to } = event.data;
      if (doc.status !== from) return doc;
      const history = doc.history.slice(
        0,
        doc.history.findLastIndex((entry) => entry.status === from),
      );
      return { ...doc, status: to, undo: null, updatedAt: at, history };
    }
    case 'ReturnRequested': {
      const { returnId, lines, reason } = event.data;
      if (doc.returns.some((r) => r.returnId === returnId)) return doc;
      const shown = lines.map(({ productId, quantity, ...named }) => {
        const key = lineKey({ productId, ...named });
        const { variantId, variantLabel, name, pricePaise } = doc.lines.find((l) => lineKey(l) === key)!;
        return { lineKey: key, productId, variantId, variantLabel, quantity, name, pricePaise };
      });
      const request: ReturnDoc = {
        returnId,
        lines: shown,
        reason,
        status: 'requested',
        decisionReason: null,
        requestedAt: at,
        decidedAt: null,
      };
      return withReturns(doc, [...doc.returns, request], at);
    }
    case 'ReturnAccepted':
    case 'ReturnRejected': {
      const status: ReturnDoc['status'] = event.type === 'ReturnAccepted' ? 'accepted' : 'rejected';
      const { returnId, reason } = event.data;
      if (!doc.returns.some((r) => r.returnId === returnId && r.status === 'requested')) return doc;
      const returns = doc.returns.map((r) =>
        r.returnId === returnId ? { ...r, status, decisionReason: reason, decidedAt: at } : r,
      );
      return withReturns(doc, returns, at);
    }
    default: {
      const status = STATUS_AFTER[event.type];
      if (doc.history.some((entry) => entry.status === status)) return doc;
      const until = 'undoUntil' in event.data ? event.data.undoUntil : undefined;
      return {
        ...doc,
        status,
        undo: until !== undefined && isUndoable(status) ? { status, until } : null,
        cancelReason: event.type === 'SellerOrderCancelled' ? event.data.reason : doc.cancelReason,
        deliveredAt: event.type === 'SellerOrderDelivered' ? at : doc.deliveredAt,
        updatedAt: at,
        history: [...doc.history, { status, at, by }],
      };
    }
  }
}

/**
 * The seller order after an event of its shipment. An update is placed by when it happened
 * (couriers' webhooks may come out of order); one already there is a replay.
 */
function shippedDoc(doc: SellerOrderDoc, event: ShipmentEvent): SellerOrderDoc {
  const { at } = event.data;
  // Registered with the tracking service: nothing a person is shown.
  if (event.type === 'ShipmentTrackingRegistered') return doc;
  if (event.type !== 'ShipmentUpdateRecorded') {
    const { carrier, carrierName, awb, trackingUrl } = event.data;
    const tracking = { carrier, carrierName, awb, trackingUrl };
    const shipment: ShipmentDoc = doc.shipment
      ? { ...doc.shipment, ...tracking, correctedAt: at }
      : { ...tracking, addedAt: at, correctedAt: null, updates: [] };
    return { ...doc, shipment, updatedAt: at };
  }
  if (!doc.shipment) return doc;
  const { update, location, happenedAt, source } = event.data;
  const told = { update, label: TRACKING_UPDATE_LABELS[update], location, happenedAt, source };
  const { updates } = doc.shipment;
  if (updates.some((u) => u.happenedAt === happenedAt && u.update === update && u.source === source)) return doc;
  const after = updates.findIndex((u) => u.happenedAt > happenedAt);
  const placed = after === -1 ? [...updates, told] : [...updates.slice(0, after), told, ...updates.slice(after)];
  return { ...doc, shipment: { ...doc.shipment, updates: placed }, updatedAt: at };
}

/** The purchase after one of its refunds' events. */
function orderAfterRefund(order: OrderDoc, event: RefundEvent): OrderDoc {
  const refunds = refundDocsAfter(order.refunds, event);
  return refunds === order.refunds ? order : { ...order, refunds, updatedAt: event.data.at };
}

/** The docs after one current event (null before the purchase is placed). */
function docsAfter(docs: PurchaseDocs | null, event: OrderEvent): PurchaseDocs | null {
  if (event.type === 'OrderPlaced') return placedDocs(event);
  if (!docs) return null;
  if (isRefundEvent(event)) return { ...docs, order: orderAfterRefund(docs.order, event) };
  if (isPaymentEvent(event)) return paidDocs(docs, event);
  if (isHelpEvent(event)) return docs;
  const sellerOrders = docs.sellerOrders.map((doc) =>
    doc.id === event.data.sellerOrderId ? sellerOrderAfter(doc, event) : doc,
  );
  const changed = sellerOrders.find((doc) => doc.id === event.data.sellerOrderId);
  return { order: changed ? withSellerOrder(docs.order, changed) : docs.order, sellerOrders };
}

/** Folds a purchase stream, old events included, into the documents the projection keeps (null for a missing stream). */
export function purchaseFromEvents(events: ReadonlyArray<OrderEvent | LegacyOrderEvent>): PurchaseDocs | null {
  let docs: PurchaseDocs | null = null;
  for (const event of events) {
    const parts = (docs?.sellerOrders ?? []).map(({ id, sellerId, status, lines }) => ({
      sellerOrderId: id,
      sellerId,
      status,
      lines,
    }));
    for (const current of upcast(event, parts)) docs = docsAfter(docs, current);
  }
  return docs;
}

const legacy = legacyOrders('orders_legacy_orders');

async function applyCurrent(event: OrderEvent, work: UnitOfWork, position: number): Promise<void> {
  if (isHelpEvent(event)) return;
  if (event.type === 'OrderPlaced') {
    const { order, sellerOrders } = placedDocs(event);
    work.put(ORDERS, order);
    for (const doc of sellerOrders) work.put(SELLER_ORDERS, doc);
    return;
  }
  if (isRefundEvent(event)) {
    const order = await work.get<OrderDoc>(ORDERS, event.data.orderId);
    if (!order)
      throw new Error(`${event.type} at position ${position} for a purchase never placed: ${event.data.orderId}`);
    const after = orderAfterRefund(order, event);
    if (after !== order) work.put(ORDERS, after);
    return;
  }
  if (isPaymentEvent(event)) {
    const order = await work.get<OrderDoc>(ORDERS, event.data.orderId);
    if (!order)
      throw new Error(`${event.type} at position ${position} for a purchase never placed: ${event.data.orderId}`);
    const parts = await Promise.all(order.sellerOrders.map(({ id }) => work.get<SellerOrderDoc>(SELLER_ORDERS, id)));
    const after = paidDocs({ order, sellerOrders: parts.filter((doc) => doc !== null) }, event);
    work.put(ORDERS, after.order);
    for (const doc of after.sellerOrders) work.put(SELLER_ORDERS, doc);
    return;
  }
  const before = await work.get<SellerOrderDoc>(SELLER_ORDERS, event.data.sellerOrderId);
  // The order decider refuses changes to a seller order it does not know, so this is a damaged log.
  if (!before)
    throw new Error(
      `${event.type} at position ${position} for a seller order never placed: ${event.data.sellerOrderId}`,
    );
  const after = sellerOrderAfter(before, event);
  if (after === before) return;
  work.put(SELLER_ORDERS, after);
  const order = await work.get<OrderDoc>(ORDERS, after.orderId);
  if (order) work.put(ORDERS, withSellerOrder(order, after));
}

/** Purchases for buyers and admins, seller orders for sellers. */
export const orders: Projection = {
  name: 'orders',
  // 8: seller orders carry their shipment.
  version: 8,
  collections: [
    { name: ORDERS, indexes: [['buyerId', 'placedAt']] },
    { name: SELLER_ORDERS, indexes: [['sellerId', 'placedAt']] },
    legacy.collection,
  ],
  eventTypes: new Set<string>([
    'OrderPlaced',
    ...Object.keys(STATUS_AFTER),
    'SellerOrderStatusReverted',
    'ReturnRequested',
    'ReturnAccepted',
    'ReturnRejected',
    ...REFUND_EVENT_TYPES,
    ...PAYMENT_EVENTS,
    ...SHIPMENT_EVENT_TYPES,
    ...legacy.eventTypes,
  ]),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    for (const event of await legacy.current(recorded, work)) await applyCurrent(event, work, recorded.position);
  },
};
