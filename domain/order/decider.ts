import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { type PurchaseFacts, assertCanBuy, assertNotOwnProduct } from '../catalog/availability.ts';
import { type Decider, DomainError } from '../decider.ts';
import type { LineSettlement, OrderEvent, OrderLine, ReturnLine, ShippingAddress } from './events.ts';
import { assertAddressPlace } from '../delivery/address-place.ts';
import type { ZoneTransit } from '../delivery/promise.ts';
import type { DeliveryMethod, PaymentMethod } from './options.ts';
import {
  type PaymentCommand,
  type PaymentState,
  AWAITING_PAYMENT_MESSAGE,
  decidePayment,
  isPayable,
  paymentAfter,
  placedPayment,
} from './payment.ts';
import { priceOrder } from './pricing.ts';
import {
  type Refund,
  type RefundCommand,
  type RefundFacts,
  decideRefund,
  isRefundEvent,
  refundsAfter,
  refundsDue,
} from './refunds.ts';
import { type ReturnStatus, returnRefused, returnWindowCloses, unitsAskedBack } from './returns.ts';
import { keyFields, lineKey } from './line-key.ts';
import { DEFAULT_VARIANT_ID } from '../product/variants.ts';
import { settleLine, settleReturn } from './settlement.ts';
import { type HelpCommand, type HelpFacts, type HelpState, decideHelp, helpsAfter } from '../dispute/help.ts';
import { isHelpEvent } from '../dispute/events.ts';
import { type OrderStatus, STATUS_AFTER, UNDO_TO, type UndoableStatus, canMove, isUndoable } from './status.ts';
import { type LegacyOrderEvent, sellerOrdersOf, upcast } from './upcast.ts';
import { later } from '../time.ts';
import { sum, type Paise } from '../money.ts';
import { type ShipmentEvent, type TrackingUpdate, isShipmentEvent } from '../shipment/events.ts';
import type { TrackingInput } from '../shipment/schemas.ts';
import {
  type CourierUpdate,
  type ShipmentState,
  NO_SHIPMENT,
  courierUpdate,
  sellerUpdate,
  setTracking,
  shipmentAfter,
  trackingRegistered,
} from '../shipment/shipment.ts';
import { english } from '../i18n/message.ts';

/** A cart line with the product as the API reads it at checkout, and its made-to-order days (null: in stock). */
export interface CheckoutLine {
  product: PurchaseFacts & Omit<OrderLine, 'quantity'> & { madeToOrderDays: number | null };
  quantity: number;
}

/** A line of a return request: the order line's key (lineKey), and how many of its units. */
export interface ReturnRequestLine {
  key: string;
  quantity: number;
}

/** Shipped may carry its tracking (domain/shipment), or have it added after. */
export type StatusChange =
  | { status: 'processing' | 'shipped' | 'delivered'; tracking?: TrackingInput | undefined }
  | { status: 'cancelled'; reason: string };

/** The marketplace's commission on each category in a seller order, in basis points, as the API reads it when the order is delivered. */
export type CommissionRates = Readonly<Record<string, number>>;

/** What the API reads for a return request: the window, and whether each category of the seller order takes returns. */
export interface ReturnPolicy {
  windowDays: number;
  returnable: Readonly<Record<string, boolean>>;
}

/**
 * PlaceOrder decides the purchase only: the API then reserves stock on each product stream
 * (ReserveStock) and appends OrderPlaced when every line is reserved; it releases the stock of
 * a cancelled seller order, and restocks what an accepted return brings back.
 */
export type OrderCommand =
  | {
      type: 'PlaceOrder';
      actor: Actor;
      /** From the request's idempotency key, so a retried request finds the order it placed. */
      orderId: string;
      buyerName: string;
      lines: CheckoutLine[];
      shippingAddress: ShippingAddress;
      delivery: DeliveryMethod;
      payment: PaymentMethod;
      /** How long an online purchase waits for its payment (PAYMENT_WINDOW_MIN). */
      paymentWindowMs: number;
      /** Each seller's parcel: its zone and the delivery option's transit days (none: nothing promised). */
      transits?: Record<string, ZoneTransit>;
      at: string;
    }
  | PaymentCommand
  | ({
      type: 'ChangeSellerOrderStatus';
      actor: Actor;
      sellerOrderId: string;
      commission: CommissionRates;
      /** How long after it a move to processing or shipped may be undone (the configuration's). */
      undoWindowMs: number;
      at: string;
    } & StatusChange)
  | {
      /** Undoes the last move of a seller order, named by the status it reached, within its window. */
      type: 'UndoSellerOrderStatus';
      actor: Actor;
      sellerOrderId: string;
      status: UndoableStatus;
      at: string;
    }
  | {
      type: 'RequestReturn';
      actor: Actor;
      sellerOrderId: string;
      /** Units of each line asked back, the line named by its line key. */
      lines: ReturnRequestLine[];
      reason: string;
      policy: ReturnPolicy;
      at: string;
    }
  | {
      type: 'DecideReturn';
      actor: Actor;
      sellerOrderId: string;
      returnId: string;
      accept: boolean;
      reason: string;
      at: string;
    }
  | RefundCommand
  | HelpCommand
  | ShipmentCommand;

/** A seller order's shipment (domain/shipment/shipment.ts has the rules). */
export type ShipmentCommand =
  | { type: 'SetTracking'; actor: Actor; sellerOrderId: string; tracking: TrackingInput; at: string }
  | {
      type: 'RecordShipmentUpdate';
      actor: Actor;
      sellerOrderId: string;
      update: TrackingUpdate;
      location: string;
      /** Read for "delivered", which delivers the order. */
      commission: CommissionRates;
      at: string;
    }
  | { type: 'RecordTrackingRegistration'; sellerOrderId: string; awb: string; at: string }
  | {
      /** What the courier's webhook told; no user acts. */
      type: 'RecordCourierUpdate';
      sellerOrderId: string;
      courier: CourierUpdate;
      commission: CommissionRates;
      at: string;
    };

export interface ReturnState {
  returnId: string;
  status: ReturnStatus;
  lines: ReturnLine[];
  /** What an accepted return's settlement reverses (0 until accepted): its refund. */
  amountPaise: Paise;
}

export interface SellerOrder {
  sellerOrderId: string;
  sellerId: string;
  status: OrderStatus;
  lines: OrderLine[];
  subtotalPaise: Paise;
  /** The last day (YYYY-MM-DD) of the delivery window promised at placement; null in logs before promises. */
  promisedBy: string | null;
  /** When it was last shipped (null before, or once that move was undone). */
  shippedAt: string | null;
  deliveredAt: string | null;
  /** The rates the delivery settled each line at: returns are reversed at the same rate. */
  settlement: LineSettlement[];
  returns: ReturnState[];
  /** The last move, while it may still be undone: the status it reached and until when. */
  undo: { status: UndoableStatus; until: string } | null;
  /** The move last undone, until the next move: a retried undo changes nothing. */
  undone: UndoableStatus | null;
  /** Its help requests, oldest first (domain/dispute/help.ts). */
  helps: HelpState[];
  shipment: ShipmentState;
}

export interface Order {
  orderId: string;
  buyerId: string;
  deliveryChargePaise: Paise;
  sellerOrders: SellerOrder[];
  refunds: Refund[];
  payment: PaymentState;
}

export type OrderState = Order | null;

export const CART_EMPTY_MESSAGE = /*i18n*/ 'Your cart is empty';
export const OWN_PURCHASE_MESSAGE = /*i18n*/ 'You cannot manage an order you bought: its buyer is you';
export const BUYER_CANCEL_ONLY_MESSAGE = /*i18n*/ 'Only the seller or an admin can change the status of an order';
export const BUYER_CANCEL_PENDING_MESSAGE = /*i18n*/ 'You can cancel your order only while it is pending';
export const RETURN_BUYER_ONLY_MESSAGE = /*i18n*/ 'Only the buyer can ask to return items';
export const RETURN_NOT_DELIVERED_MESSAGE = /*i18n*/ 'Items can be returned only once they are delivered';
export const RETURN_LINES_MESSAGE = /*i18n*/ 'Choose at least one item to return';
export const UNDO_LAST_ONLY_MESSAGE = /*i18n*/ 'Only the last move of an order can be undone, once';
export const UNDO_CLOSED_MESSAGE = /*i18n*/ 'The time to undo this move has passed';

/** Days after delivery until which a return may be asked, by default. */
export const RETURN_WINDOW_DAYS = 7;

function placeOrder(command: Extract<OrderCommand, { type: 'PlaceOrder' }>, state: OrderState): OrderEvent[] {
  const { actor, orderId, buyerName, shippingAddress, delivery, payment, at } = command;
  if (state !== null) {
    if (state.buyerId === actor.userId) return [];
    throw new DomainError('already_exists', /*i18n*/ 'Order already exists', 'conflict');
  }
  if (command.lines.length === 0) throw new DomainError('cart_empty', CART_EMPTY_MESSAGE, 'rule_broken');
  assertAddressPlace(shippingAddress, 'shippingAddress.');
  for (const { product, quantity } of command.lines) {
    assertNotOwnProduct(actor.userId, product);
    assertCanBuy(product, quantity);
  }
  const lines = command.lines.map(({ product, quantity }): OrderLine => {
    const { productId, name, pricePaise, imageUrl, sellerId, sellerName, categoryId } = product;
    const { variantId = DEFAULT_VARIANT_ID, variantLabel = '', sku = '', personalisation = [] } = product;
    const variant = { variantId, variantLabel, sku, personalisation };
    return { productId, ...variant, name, pricePaise, quantity, imageUrl, sellerId, sellerName, categoryId };
  });
  return [
    {
      type: 'OrderPlaced',
      data: {
        orderId,
        buyerId: actor.userId,
        buyerName,
        lines,
        sellerOrders: sellerOrdersOf(
          orderId,
          lines,
          at,
          command.lines.map(({ product }) => product.madeToOrderDays),
          command.transits,
        ),
        shippingAddress,
        delivery,
        payment,
        ...(payment === 'online' && { paymentDueBy: later(at, command.paymentWindowMs) }),
        ...priceOrder(lines, delivery),
        placedAt: at,
      },
    },
  ];
}

function sellerOrderOf(order: Order, sellerOrderId: string): SellerOrder {
  const part = order.sellerOrders.find((p) => p.sellerOrderId === sellerOrderId);
  if (!part) throw new DomainError('not_found', /*i18n*/ 'Order not found', 'not_found');
  return part;
}

/** Admins manage every seller order; a seller its own, unless it bought it (no self-dealing, whatever an old log holds). */
function manages(actor: Actor, order: Order, part: SellerOrder): boolean {
  return isAdmin(actor) || (part.sellerId === actor.userId && order.buyerId !== actor.userId);
}

/** Sellers move their own seller orders, admins any; the buyer may only cancel a part while it is pending. */
function changeStatus(command: Extract<OrderCommand, { type: 'ChangeSellerOrderStatus' }>, order: Order): OrderEvent[] {
  const { actor, at } = command;
  const part = sellerOrderOf(order, command.sellerOrderId);
  const isManager = manages(actor, order, part);
  const isBuyer = actor.userId === order.buyerId;
  if (!isManager && !isBuyer) throw new DomainError('not_found', /*i18n*/ 'Order not found', 'not_found');
  if (!isManager && command.status !== 'cancelled') {
    throw forbidden(part.sellerId === actor.userId ? OWN_PURCHASE_MESSAGE : BUYER_CANCEL_ONLY_MESSAGE);
  }
  // Before it is paid, its sellers know nothing of it; the buyer (or an admin) may still call it off.
  const mayCancelUnpaid = command.status === 'cancelled' && (isBuyer || isAdmin(actor));
  if (!isPayable(order.payment) && !mayCancelUnpaid) {
    throw new DomainError('awaiting_payment', AWAITING_PAYMENT_MESSAGE, 'conflict');
  }
  // The same change retried.
  if (command.status === part.status) return [];
  if (!canMove(part.status, command.status)) {
    throw new DomainError(
      'invalid_transition',
      english(/*i18n*/ 'Cannot move an order from {from} to {to}', { from: part.status, to: command.status }),
      'conflict',
    );
  }
  if (!isManager && part.status !== 'pending') throw forbidden(BUYER_CANCEL_PENDING_MESSAGE);
  const data = {
    orderId: order.orderId,
    sellerOrderId: part.sellerOrderId,
    sellerId: part.sellerId,
    by: actor.userId,
    at,
  };
  const undoUntil = later(at, command.undoWindowMs);
  switch (command.status) {
    case 'processing':
      return [{ type: 'SellerOrderProcessing', data: { ...data, undoUntil } }];
    case 'shipped': {
      const shipped: OrderEvent = { type: 'SellerOrderShipped', data: { ...data, undoUntil } };
      if (!command.tracking) return [shipped];
      return [shipped, ...setTracking('shipped', part.shipment, command.tracking, data)];
    }
    case 'delivered':
      return [delivery(part, command.commission, data)];
    case 'cancelled':
      return [{ type: 'SellerOrderCancelled', data: { ...data, reason: command.reason } }];
  }
}

/**
 * Its seller (or an admin) undoes the last move of a seller order, to processing or shipped,
 * until the time the move set. Delivered and cancelled are final, and the buyer cannot undo.
 */
function undoStatus(command: Extract<OrderCommand, { type: 'UndoSellerOrderStatus' }>, order: Order): OrderEvent[] {
  const { actor, at, status } = command;
  const part = sellerOrderOf(order, command.sellerOrderId);
  if (!manages(actor, order, part)) {
    if (actor.userId !== order.buyerId) throw new DomainError('not_found', /*i18n*/ 'Order not found', 'not_found');
    throw forbidden(part.sellerId === actor.userId ? OWN_PURCHASE_MESSAGE : BUYER_CANCEL_ONLY_MESSAGE);
  }
  // The same undo retried.
  if (part.undone === status && part.status === UNDO_TO[status]) return [];
  if (part.status !== status || part.undo?.status !== status) {
    throw new DomainError('not_undoable', UNDO_LAST_ONLY_MESSAGE, 'conflict');
  }
  if (Date.parse(at) > Date.parse(part.undo.until)) {
    throw new DomainError('undo_window_closed', UNDO_CLOSED_MESSAGE, 'conflict');
  }
  const stamp = {
    orderId: order.orderId,
    sellerOrderId: part.sellerOrderId,
    sellerId: part.sellerId,
    by: actor.userId,
    at,
  };
  return [{ type: 'SellerOrderStatusReverted', data: { ...stamp, from: status, to: UNDO_TO[status] } }];
}

/** The delivery of a seller order, settling each line at the commission given: by its seller's move or its courier's word. */
function delivery(
  part: SellerOrder,
  commission: CommissionRates,
  stamp: { orderId: string; sellerOrderId: string; sellerId: string; by: string; at: string },
): OrderEvent {
  const settlement = part.lines.map((line) => settleLine(line, line.quantity, rateFor(commission, line.categoryId)));
  return { type: 'SellerOrderDelivered', data: { ...stamp, settlement } };
}

/**
 * Tracking and updates of a seller order's shipment: by its seller (or an admin), or by its
 * courier. "Delivered" on a shipped order delivers it, in the same decision.
 */
function decideShipment(command: ShipmentCommand, order: Order): OrderEvent[] {
  const part = sellerOrderOf(order, command.sellerOrderId);
  const stamp = { orderId: order.orderId, sellerOrderId: part.sellerOrderId, sellerId: part.sellerId, at: command.at };
  if (command.type === 'RecordTrackingRegistration') return trackingRegistered(part.shipment, command.awb, stamp);
  if (command.type === 'RecordCourierUpdate') {
    const recorded = courierUpdate(part.shipment, command.courier, stamp);
    return [...recorded, ...deliveredBy(recorded, part, command.commission)];
  }
  const { actor } = command;
  if (!manages(actor, order, part)) {
    if (actor.userId !== order.buyerId) throw new DomainError('not_found', /*i18n*/ 'Order not found', 'not_found');
    throw forbidden(part.sellerId === actor.userId ? OWN_PURCHASE_MESSAGE : BUYER_CANCEL_ONLY_MESSAGE);
  }
  if (!isPayable(order.payment)) throw new DomainError('awaiting_payment', AWAITING_PAYMENT_MESSAGE, 'conflict');
  const by = { ...stamp, by: actor.userId };
  if (command.type === 'SetTracking') return setTracking(part.status, part.shipment, command.tracking, by);
  const { update, location } = command;
  const recorded = sellerUpdate(part.status, part.shipment, { update, location }, by);
  return [...recorded, ...deliveredBy(recorded, part, command.commission)];
}

/** The delivery an update recorded makes: "delivered" of a shipped order. */
function deliveredBy(recorded: ShipmentEvent[], part: SellerOrder, commission: CommissionRates): OrderEvent[] {
  const told = recorded.find((event) => event.type === 'ShipmentUpdateRecorded');
  if (told?.data.update !== 'delivered' || !canMove(part.status, 'delivered')) return [];
  const { orderId, sellerOrderId, sellerId, by, at } = told.data;
  return [delivery(part, commission, { orderId, sellerOrderId, sellerId, by, at })];
}

function rateFor(rates: CommissionRates, categoryId: string): number {
  const rate = rates[categoryId];
  if (rate === undefined) throw new Error(`No commission rate given for category ${categoryId}`);
  return rate;
}

/** Units of a line (by its key) of a seller order whose return was accepted. */
const unitsReturned = (part: SellerOrder, key: string): number => unitsAskedBack(part.returns, key, 'accepted');

/** Why none of `line`'s units can be asked back: a return of them was refused, or is open or done. */
const noneLeftMessage = (part: SellerOrder, line: OrderLine): string =>
  returnRefused(part.returns, lineKey(line))
    ? `The return of "${line.name}" was refused, and cannot be asked again`
    : `"${line.name}" is already being returned`;

/** A line named several times counts once, with all its units; lines of no units drop out. */
function unitsByLine(lines: readonly ReturnRequestLine[]): ReturnRequestLine[] {
  const units = new Map<string, number>();
  for (const { key, quantity } of lines) units.set(key, (units.get(key) ?? 0) + quantity);
  return [...units].filter(([, quantity]) => quantity > 0).map(([key, quantity]) => ({ key, quantity }));
}

function requestReturn(command: Extract<OrderCommand, { type: 'RequestReturn' }>, order: Order): OrderEvent[] {
  const { actor, at, policy, reason } = command;
  const part = sellerOrderOf(order, command.sellerOrderId);
  if (actor.userId !== order.buyerId) {
    if (manages(actor, order, part)) throw forbidden(RETURN_BUYER_ONLY_MESSAGE);
    throw new DomainError('not_found', /*i18n*/ 'Order not found', 'not_found');
  }
  if (part.status !== 'delivered' || part.deliveredAt === null) {
    throw new DomainError('not_delivered', RETURN_NOT_DELIVERED_MESSAGE, 'conflict');
  }
  const closes = returnWindowCloses(part.deliveredAt, policy.windowDays);
  if (Date.parse(at) > Date.parse(closes)) {
    throw new DomainError(
      'return_window_closed',
      english(/*i18n*/ 'Returns closed on {date}, {days} days after delivery', {
        date: closes.slice(0, 10),
        days: policy.windowDays,
      }),
      'conflict',
    );
  }
  const asked = unitsByLine(command.lines);
  if (asked.length === 0)
    throw new DomainError('validation_failed', RETURN_LINES_MESSAGE, 'rule_broken', { lines: RETURN_LINES_MESSAGE });
  const lines: ReturnLine[] = [];
  for (const { key, quantity } of asked) {
    const line = part.lines.find((l) => lineKey(l) === key);
    if (!line) throw new DomainError('not_in_order', /*i18n*/ 'This product is not in this order', 'rule_broken');
    if (policy.returnable[line.categoryId] !== true) {
      throw new DomainError(
        'not_returnable',
        english(/*i18n*/ '"{name}" cannot be returned: its category takes no returns', { name: line.name }),
        'rule_broken',
      );
    }
    const left = line.quantity - unitsAskedBack(part.returns, key);
    if (quantity > left) {
      throw new DomainError(
        'return_quantity',
        left === 0
          ? noneLeftMessage(part, line)
          : english(/*i18n*/ 'You can return at most {left} of "{name}"', { left, name: line.name }),
        'rule_broken',
      );
    }
    lines.push({ productId: line.productId, ...keyFields(line), quantity });
  }
  const returnId = `${part.sellerOrderId}-R${part.returns.length + 1}`;
  const stamp = {
    orderId: order.orderId,
    sellerOrderId: part.sellerOrderId,
    sellerId: part.sellerId,
    returnId,
    by: actor.userId,
    at,
  };
  return [{ type: 'ReturnRequested', data: { ...stamp, lines, reason } }];
}

function decideReturn(command: Extract<OrderCommand, { type: 'DecideReturn' }>, order: Order): OrderEvent[] {
  const { actor, at, accept, reason } = command;
  const part = sellerOrderOf(order, command.sellerOrderId);
  if (!manages(actor, order, part)) {
    if (actor.userId === order.buyerId && part.sellerId !== actor.userId)
      throw forbidden(/*i18n*/ 'Only the seller or an admin can decide a return');
    if (actor.userId !== order.buyerId) throw new DomainError('not_found', /*i18n*/ 'Order not found', 'not_found');
    throw forbidden(OWN_PURCHASE_MESSAGE);
  }
  const request = part.returns.find((r) => r.returnId === command.returnId);
  if (!request) throw new DomainError('not_found', /*i18n*/ 'Return not found', 'not_found');
  const decided = accept ? 'accepted' : 'rejected';
  if (request.status === decided) return [];
  if (request.status !== 'requested')
    throw new DomainError(
      'already_decided',
      english(/*i18n*/ 'This return was already {status}', { status: request.status }),
      'conflict',
    );
  const stamp = {
    orderId: order.orderId,
    sellerOrderId: part.sellerOrderId,
    sellerId: part.sellerId,
    returnId: request.returnId,
    by: actor.userId,
    at,
  };
  if (!accept) return [{ type: 'ReturnRejected', data: { ...stamp, reason } }];
  const settlement = request.lines.map((returned) => {
    const key = lineKey(returned);
    const line = part.lines.find((l) => lineKey(l) === key)!;
    const delivered = part.settlement.find((s) => lineKey(s) === key);
    return settleReturn(line, returned.quantity, unitsReturned(part, key), delivered?.commissionBps ?? 0);
  });
  return [{ type: 'ReturnAccepted', data: { ...stamp, reason, settlement } }];
}

function withPart(order: Order, sellerOrderId: string, change: (part: SellerOrder) => SellerOrder): Order {
  return { ...order, sellerOrders: order.sellerOrders.map((p) => (p.sellerOrderId === sellerOrderId ? change(p) : p)) };
}

function evolveCurrent(state: OrderState, event: OrderEvent): OrderState {
  if (event.type === 'OrderPlaced') {
    const { orderId, buyerId, lines, sellerOrders, deliveryChargePaise, payment, totalPaise, paymentDueBy } =
      event.data;
    return {
      orderId,
      buyerId,
      deliveryChargePaise,
      refunds: [],
      payment: placedPayment(payment, totalPaise, paymentDueBy),
      sellerOrders: sellerOrders.map(({ sellerOrderId, sellerId, subtotalPaise, promise }) => ({
        sellerOrderId,
        sellerId,
        status: 'pending',
        lines: lines.filter((line) => line.sellerId === sellerId),
        subtotalPaise,
        promisedBy: promise?.to ?? null,
        shippedAt: null,
        deliveredAt: null,
        settlement: [],
        returns: [],
        undo: null,
        undone: null,
        helps: [],
        shipment: NO_SHIPMENT,
      })),
    };
  }
  if (state === null) return state;
  if (isRefundEvent(event)) return { ...state, refunds: refundsAfter(state.refunds, event) };
  if (isHelpEvent(event))
    return withPart(state, event.data.sellerOrderId, (p) => ({ ...p, helps: helpsAfter(p.helps, event) }));
  if (isShipmentEvent(event))
    return withPart(state, event.data.sellerOrderId, (p) => ({ ...p, shipment: shipmentAfter(p.shipment, event) }));
  switch (event.type) {
    case 'PaymentRequested':
    case 'PaymentFailed':
    case 'PaymentCaptured':
    case 'PaymentExpired':
      return { ...state, payment: paymentAfter(state.payment, event) };
  }
  const { data } = event;
  switch (event.type) {
    case 'ReturnRequested': {
      const { returnId, lines } = event.data;
      return withPart(state, data.sellerOrderId, (p) => ({
        ...p,
        returns: [...p.returns, { returnId, status: 'requested', lines, amountPaise: 0 }],
      }));
    }
    case 'ReturnAccepted':
    case 'ReturnRejected': {
      const status = event.type === 'ReturnAccepted' ? 'accepted' : 'rejected';
      const amountPaise = event.type === 'ReturnAccepted' ? sum(event.data.settlement.map((s) => s.amountPaise)) : 0;
      return withPart(state, data.sellerOrderId, (p) => ({
        ...p,
        returns: p.returns.map((r) => (r.returnId === event.data.returnId ? { ...r, status, amountPaise } : r)),
      }));
    }
    // Money moved to the seller (settlement's transfer decider): the seller order itself stays as it is.
    case 'TransferCreated':
    case 'TransferReleased':
    case 'TransferReversed':
      return state;
    case 'SellerOrderStatusReverted':
      return withPart(state, data.sellerOrderId, (p) => ({
        ...p,
        status: event.data.to,
        ...(event.data.from === 'shipped' && { shippedAt: null }),
        undo: null,
        undone: event.data.from,
      }));
    default: {
      const status = STATUS_AFTER[event.type];
      const until = 'undoUntil' in event.data ? event.data.undoUntil : undefined;
      return withPart(state, data.sellerOrderId, (p) => ({
        ...p,
        status,
        undo: until !== undefined && isUndoable(status) ? { status, until } : null,
        undone: null,
        ...(event.type === 'SellerOrderShipped' && { shippedAt: event.data.at }),
        ...(event.type === 'SellerOrderDelivered' && { deliveredAt: event.data.at, settlement: event.data.settlement }),
      }));
    }
  }
}

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent | LegacyOrderEvent> = {
  initialState: null,

  evolve: (state, event) => upcast(event, state?.sellerOrders ?? []).reduce(evolveCurrent, state),

  /** What the command decides, then the refunds the purchase owes once it is decided (refunds.ts). */
  decide(command, state) {
    if (command.type === 'PlaceOrder') return placeOrder(command, state);
    if (state === null) throw new DomainError('not_found', /*i18n*/ 'Order not found', 'not_found');
    const events = decideOn(command, state);
    if (events.length === 0) return events;
    const after = events.reduce(evolveCurrent, state)!;
    return [...events, ...refundsDue(refundFacts(after), command.at)];
  },
};

/** What refunds read of the purchase: the payment's capture, and whether it came after the purchase expired. */
const refundFacts = (order: Order): RefundFacts => ({
  ...order,
  capturedPaise: order.payment.capturedPaise,
  expired: order.payment.status === 'expired',
});

function decideOn(command: Exclude<OrderCommand, { type: 'PlaceOrder' }>, state: Order): OrderEvent[] {
  switch (command.type) {
    case 'ChangeSellerOrderStatus':
      return changeStatus(command, state);
    case 'RequestReturn':
      return requestReturn(command, state);
    case 'DecideReturn':
      return decideReturn(command, state);
    case 'UndoSellerOrderStatus':
      return undoStatus(command, state);
    case 'RecordRefundInitiated':
    case 'RecordRefundOutcome':
    case 'RecordRefundRefusal':
      return decideRefund(command, state.orderId, state.refunds);
    case 'RequestPayment':
    case 'RecordPaymentFailure':
    case 'RecordPaymentCapture':
    case 'ExpirePayment':
      return decidePayment(command, state);
    case 'AskForHelp':
    case 'AnswerHelp':
    case 'ResolveHelp':
    case 'EscalateHelp':
    case 'DecideDispute':
      return decideHelp(command, helpFacts(state, sellerOrderOf(state, command.sellerOrderId)));
    case 'SetTracking':
    case 'RecordShipmentUpdate':
    case 'RecordCourierUpdate':
    case 'RecordTrackingRegistration':
      return decideShipment(command, state);
  }
}

/** What the help decisions read of a seller order. */
const helpFacts = (order: Order, part: SellerOrder): HelpFacts => ({
  orderId: order.orderId,
  buyerId: order.buyerId,
  sellerOrderId: part.sellerOrderId,
  sellerId: part.sellerId,
  status: part.status,
  promisedBy: part.promisedBy,
  shippedAt: part.shippedAt,
  deliveredAt: part.deliveredAt,
  subtotalPaise: part.subtotalPaise,
  returnedPaise: sum(part.returns.filter((r) => r.status === 'accepted').map((r) => r.amountPaise)),
  settlement: part.settlement,
  lines: part.lines.map((line) => ({ amountPaise: line.pricePaise * line.quantity, categoryId: line.categoryId })),
  helps: part.helps,
});
