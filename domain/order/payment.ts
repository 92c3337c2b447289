/**
 * The payment of a purchase (issue 24): cash on delivery needs nothing before the sellers act;
 * a purchase paid online waits for the gateway's captured payment until its paymentDueBy, its
 * stock reserved and its sellers not told, then is paid or expires. The order decider folds and
 * decides it here. The gateway's answers come in verified (the callback's signature, the
 * webhook's); these decisions only keep them in order and exactly once, whatever their order.
 */
import { DomainError } from '../decider.ts';
import type { OrderEvent, PaymentEvent, PaymentSource } from './events.ts';
import type { PaymentMethod } from './options.ts';
import type { OrderStatus } from './status.ts';
import { english } from '../i18n/message.ts';

/**
 * cod: nothing to wait for; awaiting: online and not paid yet; paid: captured; expired: unpaid
 * past its due time (a payment captured after that leaves it expired, and goes back whole).
 */
export type PaymentStatus = 'cod' | 'awaiting' | 'paid' | 'expired';

export interface PaymentState {
  method: PaymentMethod;
  status: PaymentStatus;
  totalPaise: number;
  /** Online only. */
  dueBy: string | null;
  gatewayOrderId: string | null;
  /** The captured payment, and what it captured (refunds never give back more). */
  paymentId: string | null;
  capturedPaise: number | null;
  /** Attempts recorded as failed (a webhook retried finds its attempt here). */
  failed: readonly string[];
}

/** Who an expiry's cancels are by: no person, the payment window. */
export const PAYMENT_EXPIRY_BY = 'payment-expiry';
export const PAYMENT_EXPIRED_REASON = 'Payment expired';
export const AWAITING_PAYMENT_MESSAGE =
  /*i18n*/ 'This order is waiting for its payment: it can be prepared once it is paid';

export type PaymentCommand =
  | { type: 'RequestPayment'; gatewayOrderId: string; amountPaise: number; currency: string; at: string }
  | {
      type: 'RecordPaymentFailure';
      gatewayOrderId: string;
      paymentId: string;
      code: string;
      description: string;
      at: string;
    }
  | {
      type: 'RecordPaymentCapture';
      gatewayOrderId: string;
      paymentId: string;
      method: string;
      amountPaise: number;
      currency: string;
      via: PaymentSource;
      at: string;
    }
  | { type: 'ExpirePayment'; at: string };

/** What the payment decisions read of the purchase. */
export interface PaidPurchase {
  orderId: string;
  payment: PaymentState;
  sellerOrders: ReadonlyArray<{ sellerOrderId: string; sellerId: string; status: OrderStatus }>;
}

export function placedPayment(method: PaymentMethod, totalPaise: number, dueBy: string | undefined): PaymentState {
  return {
    method,
    status: method === 'online' ? 'awaiting' : 'cod',
    totalPaise,
    dueBy: dueBy ?? null,
    gatewayOrderId: null,
    paymentId: null,
    capturedPaise: null,
    failed: [],
  };
}

/** Whether sellers may act on the purchase (and be told of it): paid, or cash on delivery. */
export const isPayable = (payment: PaymentState): boolean => payment.status === 'cod' || payment.status === 'paid';

const notOnline = () => new DomainError('not_online', /*i18n*/ 'This order is paid on delivery', 'conflict');
const mismatch = (what: string) =>
  new DomainError(
    'payment_mismatch',
    english(/*i18n*/ 'The payment does not match the order: {what}', { what }),
    'conflict',
  );

function checkGatewayOrder(payment: PaymentState, gatewayOrderId: string): void {
  if (payment.gatewayOrderId !== gatewayOrderId) throw mismatch('another gateway order');
}

function closed(payment: PaymentState): DomainError {
  return payment.status === 'paid'
    ? new DomainError('already_paid', /*i18n*/ 'This order is already paid', 'conflict')
    : new DomainError('payment_expired', /*i18n*/ 'The time to pay for this order has passed', 'conflict');
}

export function decidePayment(command: PaymentCommand, order: PaidPurchase): OrderEvent[] {
  const { payment, orderId } = order;
  if (payment.method !== 'online') throw notOnline();
  const { at } = command;
  switch (command.type) {
    case 'RequestPayment': {
      if (payment.status !== 'awaiting') throw closed(payment);
      // Razorpay orders take many attempts: the first gateway order stays the purchase's.
      if (payment.gatewayOrderId !== null) {
        checkGatewayOrder(payment, command.gatewayOrderId);
        return [];
      }
      if (command.amountPaise !== payment.totalPaise || command.currency !== 'INR') throw mismatch('amount');
      const { gatewayOrderId, amountPaise } = command;
      return [{ type: 'PaymentRequested', data: { orderId, gatewayOrderId, amountPaise, currency: 'INR', at } }];
    }
    case 'RecordPaymentFailure': {
      checkGatewayOrder(payment, command.gatewayOrderId);
      // A failure told after the capture or the expiry, or told again, changes nothing.
      if (payment.status !== 'awaiting' || payment.failed.includes(command.paymentId)) return [];
      const { gatewayOrderId, paymentId, code, description } = command;
      return [{ type: 'PaymentFailed', data: { orderId, gatewayOrderId, paymentId, code, description, at } }];
    }
    case 'RecordPaymentCapture': {
      checkGatewayOrder(payment, command.gatewayOrderId);
      if (payment.paymentId !== null) return [];
      if (command.amountPaise !== payment.totalPaise) throw mismatch('amount');
      if (command.currency !== 'INR') throw mismatch('currency');
      const { gatewayOrderId, paymentId, method, amountPaise, via } = command;
      const late = payment.status === 'expired';
      return [
        { type: 'PaymentCaptured', data: { orderId, gatewayOrderId, paymentId, method, amountPaise, via, late, at } },
      ];
    }
    case 'ExpirePayment': {
      if (payment.status !== 'awaiting') return [];
      if (payment.dueBy === null || Date.parse(at) < Date.parse(payment.dueBy)) {
        throw new DomainError('payment_not_due', /*i18n*/ 'The time to pay for this order has not passed', 'conflict');
      }
      const cancels = order.sellerOrders
        .filter((part) => part.status !== 'cancelled')
        .map(
          ({ sellerOrderId, sellerId }): OrderEvent => ({
            type: 'SellerOrderCancelled',
            data: { orderId, sellerOrderId, sellerId, by: PAYMENT_EXPIRY_BY, at, reason: PAYMENT_EXPIRED_REASON },
          }),
        );
      return [{ type: 'PaymentExpired', data: { orderId, at } }, ...cancels];
    }
  }
}

/** The payment after one of its events. */
export function paymentAfter(payment: PaymentState, event: PaymentEvent): PaymentState {
  switch (event.type) {
    case 'PaymentRequested':
      return { ...payment, gatewayOrderId: event.data.gatewayOrderId };
    case 'PaymentFailed':
      return { ...payment, failed: [...payment.failed, event.data.paymentId] };
    case 'PaymentCaptured': {
      const { paymentId, amountPaise, late } = event.data;
      return { ...payment, status: late ? payment.status : 'paid', paymentId, capturedPaise: amountPaise };
    }
    case 'PaymentExpired':
      return { ...payment, status: 'expired' };
  }
}
