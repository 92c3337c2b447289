/**
 * Paying a purchase online (issue 24): the buyer is sent to the gateway's hosted page for the
 * gateway order of the purchase (created once, receipt = orderId, every attempt reuses it), comes
 * back to the return route, and the gateway's webhooks tell the same again. Whatever arrives,
 * in whatever order, is checked against the purchase's own record and settled by
 * workers/payments.ts, so the purchase is captured once.
 */
import type { Actor } from '../../domain/actor.ts';
import { DomainError } from '../../domain/decider.ts';
import { gatewayEventDecider, gatewayEventStream } from '../../domain/gateway-event/decider.ts';
import { type Order, orderDecider } from '../../domain/order/decider.ts';
import { orderStream } from '../../domain/order/events.ts';
import { shortOrderId } from '../../domain/order/status.ts';
import type { GatewayPayment, PaymentGateway } from '../../platform/payments/port.ts';
import { orderIdOfRefund } from '../../domain/order/refunds.ts';
import { settlePayment } from '../../workers/payments.ts';
import { recordGatewayRefund } from '../../workers/refund.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandContext } from './context.ts';

export interface PaymentCommandContext extends CommandContext {
  payments: PaymentGateway;
}

/** What the SPA posts to the gateway's hosted page to pay a purchase. */
export interface PaymentStart {
  /** The form's action. */
  checkoutUrl: string;
  keyId: string;
  gatewayOrderId: string;
  amountPaise: number;
  currency: 'INR';
  /** Where the hosted page posts the outcome (POST /api/payments/return/{orderId}). */
  callbackUrl: string;
  /** Where the page's cancel link leads: the buyer's orders, the payment left pending. */
  cancelUrl: string;
  name: string;
  description: string;
  /** 'test': the local test gateway, no money moves. */
  gateway: 'razorpay' | 'test';
}

const notFound = () => new ApiError(404, 'not_found', /*i18n*/ 'Order not found');

/** The purchase as the write side holds it, for its buyer only (anyone else finds none). */
async function buyersPurchase(cx: CommandContext, actor: Actor, orderId: string): Promise<Order> {
  const { state } = await cx.streams.load(orderStream(orderId), orderDecider);
  if (state === null || state.buyerId !== actor.userId) throw notFound();
  return state;
}

/** The purchase paid online named by a gateway order's receipt (our order id); null for one that is not ours. */
async function purchaseOfGatewayOrder(cx: PaymentCommandContext, gatewayOrderId: string): Promise<Order | null> {
  const { receipt } = await cx.payments.fetchOrder(gatewayOrderId);
  const { state } = await cx.streams.load(orderStream(receipt), orderDecider);
  return state?.payment.gatewayOrderId === gatewayOrderId ? state : null;
}

/**
 * Opens the payment of a purchase awaiting it, for its buyer: at checkout, and again after an
 * attempt failed or was left. The gateway order is created once (the adapter finds the one of
 * the receipt on a retry) and recorded once; later calls reuse it.
 */
export async function startPayment(
  cx: PaymentCommandContext,
  actor: Actor,
  orderId: string,
  site: { baseUrl: string },
): Promise<{ payment: PaymentStart; position: number }> {
  const order = await buyersPurchase(cx, actor, orderId);
  const { payment } = order;
  if (payment.method !== 'online')
    throw new DomainError('not_online', /*i18n*/ 'This order is paid on delivery', 'conflict');
  if (payment.status === 'paid')
    throw new DomainError('already_paid', /*i18n*/ 'This order is already paid', 'conflict');
  if (payment.status === 'expired' || (payment.dueBy !== null && cx.now() >= payment.dueBy)) {
    throw new DomainError('payment_expired', /*i18n*/ 'The time to pay for this order has passed', 'conflict');
  }
  const gatewayOrder =
    payment.gatewayOrderId === null
      ? await cx.payments.createOrder({ amountPaise: payment.totalPaise, currency: 'INR', receipt: orderId })
      : await cx.payments.fetchOrder(payment.gatewayOrderId);
  const command = {
    type: 'RequestPayment',
    gatewayOrderId: gatewayOrder.id,
    amountPaise: gatewayOrder.amountPaise,
    currency: gatewayOrder.currency,
    at: cx.now(),
  } as const;
  const { position } = await cx.streams.handle(orderStream(orderId), orderDecider, command, {
    actor: actor.userId,
    correlationId: orderId,
  });
  const { url, keyId } = cx.payments.checkout;
  return {
    payment: {
      checkoutUrl: url,
      keyId,
      gatewayOrderId: gatewayOrder.id,
      amountPaise: gatewayOrder.amountPaise,
      currency: 'INR',
      callbackUrl: `${site.baseUrl}/api/payments/return/${encodeURIComponent(orderId)}`,
      cancelUrl: `${site.baseUrl}/dashboard/buyer`,
      name: 'MIBI',
      description: `Order #${shortOrderId(orderId)}`,
      gateway: cx.payments.kind,
    },
    position,
  };
}

/** What the hosted page posts back: a payment's id and signature, or an error naming the attempt. */
export type PaymentReturn =
  | { outcome: 'paid'; paymentId: string; signature: string }
  | { outcome: 'failed'; paymentId: string | null };

/**
 * The buyer's browser back from the hosted page. A payment counts only with a signature that
 * holds for the gateway order of our record (whatever order id the browser sends) and as the
 * gateway reports it; a failure is recorded as the gateway reports the attempt (the browser's
 * words are never taken for it). Answers the position reached, or null when nothing could be
 * recorded (the buyer's order page then shows the purchase still awaiting payment).
 */
export async function returnFromCheckout(
  cx: PaymentCommandContext,
  orderId: string,
  back: PaymentReturn,
): Promise<number | null> {
  const { state } = await cx.streams.load(orderStream(orderId), orderDecider);
  const gatewayOrderId = state?.payment.gatewayOrderId;
  if (!gatewayOrderId) throw notFound();
  if (back.outcome === 'paid' && !cx.payments.verifyPayment(gatewayOrderId, back.paymentId, back.signature)) {
    throw new ApiError(400, 'invalid_signature', /*i18n*/ 'The payment could not be verified');
  }
  if (back.paymentId === null) return null;
  const payment = await cx.payments.fetchPayment(back.paymentId);
  if (payment.orderId !== gatewayOrderId)
    throw new ApiError(400, 'invalid_payment', /*i18n*/ 'This payment is not for this order');
  if (back.outcome === 'failed' && payment.status !== 'failed') return null;
  return settlePayment(cx, orderId, payment, 'return');
}

/** A webhook's handler: what it records of the event, answering the purchase it was about (null for none). */
export type WebhookHandler = (cx: PaymentCommandContext, webhook: VerifiedWebhook) => Promise<string | null>;

/** A webhook whose signature held, as the port parses it. */
export type VerifiedWebhook = NonNullable<ReturnType<PaymentGateway['readWebhook']>>;

/** A payment event: the payment settled against the purchase its gateway order is for. */
async function onPayment(cx: PaymentCommandContext, { payment }: VerifiedWebhook): Promise<string | null> {
  if (!payment) return null;
  const order = await purchaseOfGatewayOrder(cx, payment.orderId);
  if (!order) return null;
  // The webhook's copy of the payment may be older than the gateway's: ask for it as it is now.
  const current: GatewayPayment = await cx.payments.fetchPayment(payment.id);
  await settlePayment(cx, order.orderId, current, 'webhook');
  return order.orderId;
}

/** order.paid names the order and its payment: settled as the payment's own event. */
async function onOrderPaid(cx: PaymentCommandContext, webhook: VerifiedWebhook): Promise<string | null> {
  if (webhook.payment) return onPayment(cx, webhook);
  if (!webhook.order) return null;
  const paid = (await cx.payments.paymentsOf(webhook.order.id)).find((p) => p.status === 'captured');
  return paid ? onPayment(cx, { ...webhook, payment: paid }) : null;
}

/**
 * A refund event: the gateway's word on one of the purchase's refunds, which it names by its
 * receipt (MIBI's refundId), recorded once whatever order the events come in. A refund MIBI
 * never asked (made at the gateway by hand) is acknowledged only.
 */
async function onRefund(cx: PaymentCommandContext, { refund }: VerifiedWebhook): Promise<string | null> {
  const orderId = refund && orderIdOfRefund(refund.receipt);
  if (!refund || !orderId) return null;
  try {
    await recordGatewayRefund(cx, orderId, refund, { actor: null, correlationId: orderId });
  } catch (error) {
    if (error instanceof DomainError && error.kind === 'not_found') return null;
    throw error;
  }
  return orderId;
}

/**
 * The webhook events MIBI acts on, by name; any other is acknowledged and recorded only. Settlement
 * adds its transfer.* handlers here.
 */
export const WEBHOOK_HANDLERS: Readonly<Record<string, WebhookHandler>> = {
  'payment.authorized': onPayment,
  'payment.captured': onPayment,
  'payment.failed': onPayment,
  'order.paid': onOrderPaid,
  'refund.processed': onRefund,
  'refund.failed': onRefund,
};

/** What the webhook route answers: whether the event was new. */
export interface WebhookReceipt {
  received: true;
  duplicate: boolean;
  position: number | null;
}

/**
 * A webhook as delivered: its signature checked on the raw bytes (a forged or malformed one is
 * refused, nothing recorded), its event id looked up (a delivery seen before changes nothing),
 * its handler run, and its id recorded after, so a delivery that stopped half-way is handled
 * again when the gateway retries it.
 */
export async function receiveWebhook(
  cx: PaymentCommandContext,
  raw: Uint8Array,
  signature: string | undefined,
  eventId: string | undefined,
): Promise<WebhookReceipt> {
  const webhook = cx.payments.readWebhook(raw, signature, eventId);
  if (!webhook) throw new ApiError(400, 'invalid_webhook', /*i18n*/ 'The webhook signature does not hold');
  const stream = gatewayEventStream(webhook.id);
  if ((await cx.streams.load(stream, gatewayEventDecider)).state)
    return { received: true, duplicate: true, position: null };
  const handler = WEBHOOK_HANDLERS[webhook.event];
  const orderId = handler ? await handler(cx, webhook) : null;
  const record = {
    type: 'RecordGatewayEvent',
    eventId: webhook.id,
    event: webhook.event,
    orderId,
    at: cx.now(),
  } as const;
  const { position } = await cx.streams.handle(stream, gatewayEventDecider, record, {
    actor: null,
    correlationId: orderId ?? webhook.id,
  });
  return { received: true, duplicate: false, position };
}
