import type { DeliveryPromise } from '../delivery/promise.ts';
import type { HelpEvent } from '../dispute/events.ts';
import type { Paise } from '../money.ts';
import type { Answer } from '../product/personalisation.ts';
import type { LineKeyFields } from './line-key.ts';
import type { DeliveryMethod, PaymentMethod } from './options.ts';
import type { ShipmentEvent } from '../shipment/events.ts';

/**
 * One stream per purchase: what the buyer paid for in one checkout, and the life of each
 * seller's part of it (its seller order) and of the returns asked of that part.
 */
export const orderStream = (orderId: string): string => `order-${orderId}`;

/**
 * A product as it was bought: later edits of the product do not change the order. A line is
 * named by its line key (line-key.ts); lines written before variants hold no variant fields:
 * the default variant, no SKU, no answers (orderLineOf fills them in).
 */
export interface OrderLine {
  productId: string;
  /** 'default' for a product sold as one thing. */
  variantId?: string;
  /** "Size 8 · Tan" as the product named it then; '' for the default variant. */
  variantLabel?: string;
  /** The variant's SKU then ('' when it had none). */
  sku?: string;
  /** The buyer's answers to the product's questions. */
  personalisation?: Answer[];
  name: string;
  pricePaise: Paise;
  quantity: number;
  imageUrl: string | null;
  sellerId: string;
  sellerName: string;
  categoryId: string;
}

export interface ShippingAddress {
  firstName: string;
  lastName: string;
  /** Ten digits, without +91 or a leading 0. */
  phone: string;
  address: string;
  city: string;
  state: string;
  pincode: string;
}

/** One seller's part of a purchase, as it was placed. Its lines are the purchase's lines of that seller. */
export interface SellerOrderPart {
  /** `${orderId}-${n}`: n counts the purchase's sellers from 1, in the order of their first line. */
  sellerOrderId: string;
  sellerId: string;
  sellerName: string;
  subtotalPaise: Paise;
  /**
   * The UTC day (YYYY-MM-DD) it must be dispatched by: ship-by.ts. Absent in logs written before
   * made to order; `purchaseOf` (upcast.ts) reads those as placed with no made-to-order line.
   */
  shipBy: string;
  /**
   * The delivery window promised at placement for the purchase's delivery option, with the zone
   * it was read from (domain/delivery/promise.ts). Absent in logs written before promises.
   */
  promise?: DeliveryPromise;
}

/**
 * What one line of a delivered seller order (or of an accepted return) moves in the seller's
 * ledger: the sale, the marketplace's commission at the rate in force then, and the rest,
 * the seller's earning. amountPaise = commissionPaise + earningPaise, exactly.
 */
export interface LineSettlement extends LineKeyFields {
  productId: string;
  quantity: number;
  amountPaise: Paise;
  /** Basis points: 1000 is 10%. */
  commissionBps: number;
  commissionPaise: Paise;
  earningPaise: Paise;
}

/** Units of one line of the seller order (its variant and answers only when not the default: keyFields). */
export interface ReturnLine extends LineKeyFields {
  productId: string;
  quantity: number;
}

/** Who moved a seller order and when. */
interface SellerOrderStamp {
  orderId: string;
  sellerOrderId: string;
  sellerId: string;
  by: string;
  at: string;
}

interface ReturnStamp extends SellerOrderStamp {
  /** `${sellerOrderId}-R${n}`, n counting the seller order's returns from 1. */
  returnId: string;
}

export type OrderPlacedEvent = {
  type: 'OrderPlaced';
  data: {
    orderId: string;
    buyerId: string;
    buyerName: string;
    lines: OrderLine[];
    sellerOrders: SellerOrderPart[];
    shippingAddress: ShippingAddress;
    delivery: DeliveryMethod;
    payment: PaymentMethod;
    /** Online only: until when the buyer may pay (placedAt + PAYMENT_WINDOW_MIN); unpaid then, it expires. */
    paymentDueBy?: string;
    subtotalPaise: Paise;
    /** Kept whole on the purchase: the marketplace arranges delivery, so no seller earns it. */
    deliveryChargePaise: Paise;
    totalPaise: Paise;
    placedAt: string;
  };
};

/** A move its seller may undo: until when (absent in logs written before moves could be undone). */
interface UndoableMove extends SellerOrderStamp {
  undoUntil?: string;
}

export type SellerOrderEvent =
  | { type: 'SellerOrderProcessing'; data: UndoableMove }
  | { type: 'SellerOrderShipped'; data: UndoableMove }
  | { type: 'SellerOrderDelivered'; data: SellerOrderStamp & { settlement: LineSettlement[] } }
  | { type: 'SellerOrderCancelled'; data: SellerOrderStamp & { reason: string } };

/** The last move undone within its window: the seller order is back in the status before it. */
export type SellerOrderRevertedEvent = {
  type: 'SellerOrderStatusReverted';
  /** `from`: the status undone; `to`: the one before it (status.ts UNDO_TO). */
  data: SellerOrderStamp & { from: 'processing' | 'shipped'; to: 'pending' | 'processing' };
};

export type ReturnEvent =
  | { type: 'ReturnRequested'; data: ReturnStamp & { lines: ReturnLine[]; reason: string } }
  /** `settlement` reverses, line by line, what the returned units earned and the commission kept on them. */
  | { type: 'ReturnAccepted'; data: ReturnStamp & { reason: string; settlement: LineSettlement[] } }
  | { type: 'ReturnRejected'; data: ReturnStamp & { reason: string } };

/**
 * The payment of a purchase paid online, through the gateway (platform/payments): the gateway
 * order asked for (receipt = orderId; every attempt reuses it), each failed attempt, the one
 * captured payment, or the expiry of an unpaid purchase past its paymentDueBy (decided with a
 * SellerOrderCancelled per open part, reason "Payment expired").
 */
export type PaymentSource = 'return' | 'webhook' | 'reconciliation';

export type PaymentEvent =
  | {
      type: 'PaymentRequested';
      data: { orderId: string; gatewayOrderId: string; amountPaise: Paise; currency: 'INR'; at: string };
    }
  | {
      type: 'PaymentFailed';
      data: {
        orderId: string;
        gatewayOrderId: string;
        paymentId: string;
        code: string;
        description: string;
        at: string;
      };
    }
  | {
      type: 'PaymentCaptured';
      data: {
        orderId: string;
        gatewayOrderId: string;
        paymentId: string;
        /** upi, card, netbanking, wallet. */
        method: string;
        amountPaise: Paise;
        /** What told MIBI: the buyer's return from the payment page, a webhook, or the reconciliation (a lost webhook). */
        via: PaymentSource;
        /**
         * Captured after the purchase expired: nothing is left to pay for, the money goes back
         * whole (refunds: reason 'late_payment', refundId `${orderId}-late`). Parts the buyer
         * cancelled while paying are refunded as cancelled parts.
         */
        late: boolean;
        at: string;
      };
    }
  | { type: 'PaymentExpired'; data: { orderId: string; at: string } };

/**
 * Why money paid online goes back: a cancelled seller order, an accepted return, a payment
 * captured after the purchase expired, a help request (its seller's refund or MIBI's decision).
 */
export type RefundReason = 'cancelled' | 'returned' | 'late_payment' | 'help';

/**
 * A refund's life (refunds.ts decides them): requested when the purchase owes it, initiated once
 * the gateway took it, then processed or failed as the gateway says. `refundId` is MIBI's stable
 * key, the gateway's receipt: `${sellerOrderId}-cancel`, the returnId, `${orderId}-late`, or a help
 * request's refund id (domain/dispute/events.ts).
 */
export type RefundEvent =
  | {
      type: 'RefundRequested';
      data: {
        orderId: string;
        refundId: string;
        /** Null for a late payment's refund, which is the whole purchase's. */
        sellerOrderId: string | null;
        returnId: string | null;
        amountPaise: Paise;
        reason: RefundReason;
        at: string;
      };
    }
  | { type: 'RefundInitiated'; data: { orderId: string; refundId: string; gatewayRefundId: string; at: string } }
  | { type: 'RefundProcessed'; data: { orderId: string; refundId: string; gatewayRefundId: string; at: string } }
  | {
      type: 'RefundFailed';
      /** `gatewayRefundId` null: the gateway refused to make the refund (its words in `description`). */
      data: { orderId: string; refundId: string; gatewayRefundId: string | null; description: string; at: string };
    };

/**
 * The money of a delivered seller order paid online, moved to its seller's linked account at the
 * gateway (a Route transfer out of the purchase's payment): created on hold, released once its
 * return window closes, reversed by the earning of each return accepted after it.
 */
export type TransferEvent =
  | {
      type: 'TransferCreated';
      data: {
        orderId: string;
        sellerOrderId: string;
        sellerId: string;
        /** The gateway's transfer (trf_...). */
        transferId: string;
        /** The linked account it went to (acc_...). */
        account: string;
        amountPaise: Paise;
        at: string;
      };
    }
  | { type: 'TransferReleased'; data: { orderId: string; sellerOrderId: string; transferId: string; at: string } }
  | {
      type: 'TransferReversed';
      data: {
        orderId: string;
        sellerOrderId: string;
        transferId: string;
        /** The gateway's reversal (rvrsl_...). */
        reversalId: string;
        /** The accepted return whose earning it takes back, or the refund id of a help request's refund. */
        returnId: string;
        amountPaise: Paise;
        at: string;
      };
    };

export const TRANSFER_EVENT_TYPES: ReadonlySet<string> = new Set<TransferEvent['type']>([
  'TransferCreated',
  'TransferReleased',
  'TransferReversed',
]);

export const isTransferEvent = (event: { type: string }): event is TransferEvent =>
  TRANSFER_EVENT_TYPES.has(event.type);

/** The events an order stream holds today. Logs written before seller orders also hold LegacyOrderEvent (see upcast.ts). */
export type OrderEvent =
  | OrderPlacedEvent
  | SellerOrderEvent
  | SellerOrderRevertedEvent
  | ReturnEvent
  | PaymentEvent
  | RefundEvent
  | TransferEvent
  | HelpEvent
  | ShipmentEvent;
