/**
 * What MIBI does with the gateway's word on a purchase paid online, wherever it comes from (the
 * buyer's return from the payment page, a webhook, the reconciliation): an authorized payment is
 * captured at the gateway, then recorded; a captured one recorded; a failed one recorded. The
 * gateway answers a capture of a captured payment with it as it is, and the order decider records
 * a capture once, so any of these repeated, in any order, after any crash, records one capture.
 * Past its due time an unpaid purchase expires and its stock goes back on sale.
 */
import { orderDecider } from '../domain/order/decider.ts';
import { type OrderEvent, type PaymentSource, orderStream } from '../domain/order/events.ts';
import { later } from '../domain/time.ts';
import { productDecider } from '../domain/product/decider.ts';
import { productStream } from '../domain/product/events.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import { type Streams, isOneOf } from '../platform/eventstore/streams.ts';
import type { Projection } from '../platform/projection/projection.ts';
import type { Doc, ReadStore, UnitOfWork } from '../platform/readstore/port.ts';
import { logger } from '../platform/log.ts';
import type { GatewayPayment, PaymentGateway } from '../platform/payments/port.ts';

const log = logger('payments');

/** What settling a payment needs: the write side, the gateway and the clock. */
export interface PaymentsContext {
  streams: Streams;
  payments: PaymentGateway;
  now(): string;
}

const metadataOf = (orderId: string) => ({ actor: null, correlationId: orderId });

/**
 * Records what the gateway says of `payment`, an attempt on the purchase `orderId`'s gateway
 * order (checked against the purchase's own record, never taken from the caller), capturing it
 * first when only authorized. Answers the log position reached, or null when the payment is
 * not the purchase's or does not match it (logged: it needs a person).
 */
export async function settlePayment(
  cx: PaymentsContext,
  orderId: string,
  payment: GatewayPayment,
  via: PaymentSource,
): Promise<number | null> {
  const stream = orderStream(orderId);
  const { state, position } = await cx.streams.load(stream, orderDecider);
  if (state === null || state.payment.gatewayOrderId !== payment.orderId) {
    log.warn({ orderId, paymentId: payment.id }, 'a payment for a gateway order that is not the purchase’s');
    return null;
  }
  const metadata = metadataOf(orderId);
  const { gatewayOrderId } = state.payment;
  switch (payment.status) {
    case 'failed': {
      const { code, description } = payment.error ?? { code: 'PAYMENT_FAILED', description: 'Payment failed' };
      const command = {
        type: 'RecordPaymentFailure',
        gatewayOrderId,
        paymentId: payment.id,
        code,
        description,
        at: cx.now(),
      } as const;
      return (await cx.streams.handle(stream, orderDecider, command, metadata)).position;
    }
    case 'authorized':
    case 'captured':
    case 'refunded': {
      if (payment.amountPaise !== state.payment.totalPaise || payment.currency !== 'INR') {
        log.warn(
          { orderId, paymentId: payment.id, amountPaise: payment.amountPaise, totalPaise: state.payment.totalPaise },
          'a payment that does not match its purchase: not captured',
        );
        return null;
      }
      if (state.payment.paymentId !== null) return position;
      const captured =
        payment.status === 'authorized'
          ? await cx.payments.capture(payment.id, payment.amountPaise, payment.currency)
          : payment;
      const command = {
        type: 'RecordPaymentCapture',
        gatewayOrderId,
        paymentId: captured.id,
        method: captured.method,
        amountPaise: captured.amountPaise,
        currency: captured.currency,
        via,
        at: cx.now(),
      } as const;
      return (await cx.streams.handle(stream, orderDecider, command, metadata)).position;
    }
    case 'created':
      return position;
  }
}

/** Expires the purchase if it is still unpaid past its due time, then releases its stock (also when repeated, so one that stopped half-way finishes). */
export async function expirePayment(cx: PaymentsContext, orderId: string): Promise<number> {
  const stream = orderStream(orderId);
  const at = cx.now();
  const metadata = metadataOf(orderId);
  const expired = await cx.streams.handle(stream, orderDecider, { type: 'ExpirePayment', at }, metadata);
  const { state } = await cx.streams.load(stream, orderDecider);
  if (state?.payment.status !== 'expired') return expired.position;
  let position = expired.position;
  const productIds = new Set(state.sellerOrders.flatMap((part) => part.lines.map((line) => line.productId)));
  for (const productId of productIds) {
    const command = { type: 'ReleaseStock', orderId, reason: 'order_cancelled', at } as const;
    const released = await cx.streams.handle(productStream(productId), productDecider, command, metadata);
    position = Math.max(position, released.position);
  }
  return position;
}

/** What one reconciliation of a purchase awaiting payment (or expired lately) did. */
export type PaymentCheck = 'captured' | 'late' | 'expired' | 'unchanged';

/**
 * How long after its expiry the reconciliation still asks the gateway about a purchase: the
 * buyer may finish paying on the gateway's page after MIBI gave up (a UPI collect approved late,
 * a bank's slow answer), and when that webhook is lost only this check records the capture, so
 * the late payment is refunded. Gateways settle an attempt within hours; 3 days covers that with
 * room for MIBI being down, and keeps the passes from asking about every expired purchase forever.
 */
export const LATE_PAYMENT_WATCH_MS = 3 * 24 * 60 * 60 * 1000;

/**
 * Asks the gateway about one purchase awaiting payment, or expired unpaid: a payment captured
 * or authorized there (its webhook lost, or MIBI stopped between the capture and its record) is
 * recorded (late, so refunded, when the purchase had expired); none, and the due time passed,
 * a purchase awaiting payment expires.
 */
export async function reconcilePayment(cx: PaymentsContext, orderId: string): Promise<PaymentCheck> {
  const { state } = await cx.streams.load(orderStream(orderId), orderDecider);
  if (!state || state.payment.paymentId !== null) return 'unchanged';
  const { status, gatewayOrderId, dueBy } = state.payment;
  if (status !== 'awaiting' && status !== 'expired') return 'unchanged';
  if (gatewayOrderId !== null) {
    const attempts = await cx.payments.paymentsOf(gatewayOrderId);
    const paid = attempts.find((attempt) => ['authorized', 'captured', 'refunded'].includes(attempt.status));
    if (paid && (await settlePayment(cx, orderId, paid, 'reconciliation')) !== null) {
      return status === 'expired' ? 'late' : 'captured';
    }
  }
  if (status === 'awaiting' && dueBy !== null && Date.parse(cx.now()) >= Date.parse(dueBy)) {
    await expirePayment(cx, orderId);
    return 'expired';
  }
  return 'unchanged';
}

/**
 * The purchases the reconciliation asks the gateway about (id: the order id): awaiting payment,
 * and expired unpaid until `watchUntil` (null while awaiting).
 */
export const PAYMENTS_AWAITING = 'payments_awaiting';
export const PAYMENTS_AWAITING_INDEX = 'index:payments-awaiting';

interface AwaitingDoc extends Doc {
  dueBy: string;
  watchUntil: string | null;
}

type AwaitingEvent = Extract<OrderEvent, { type: 'OrderPlaced' | 'PaymentCaptured' | 'PaymentExpired' }>;
const AWAITING_EVENTS = new Set<AwaitingEvent['type']>(['OrderPlaced', 'PaymentCaptured', 'PaymentExpired']);

/** Keeps the list of purchases to ask the gateway about, beside the reactors, under their lease. */
export const paymentsAwaiting: Projection = {
  name: PAYMENTS_AWAITING_INDEX,
  // 2: expired purchases stay listed, watched for a late payment.
  version: 2,
  collections: [{ name: PAYMENTS_AWAITING, indexes: [['dueBy']] }],
  eventTypes: AWAITING_EVENTS,
  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    if (!isOneOf<AwaitingEvent>(recorded, AWAITING_EVENTS)) return;
    const { orderId } = recorded.data;
    switch (recorded.type) {
      case 'OrderPlaced':
        if (recorded.data.payment !== 'online' || !recorded.data.paymentDueBy) return;
        return work.put<AwaitingDoc>(PAYMENTS_AWAITING, {
          id: orderId,
          dueBy: recorded.data.paymentDueBy,
          watchUntil: null,
        });
      case 'PaymentExpired': {
        const awaiting = await work.get<AwaitingDoc>(PAYMENTS_AWAITING, orderId);
        if (!awaiting) return;
        const watchUntil = later(recorded.data.at, LATE_PAYMENT_WATCH_MS);
        return work.put<AwaitingDoc>(PAYMENTS_AWAITING, { ...awaiting, watchUntil });
      }
      case 'PaymentCaptured':
        return work.delete(PAYMENTS_AWAITING, orderId);
    }
  },
};

/** What a reconciliation pass of the payments found. */
export interface PaymentsReconciliation {
  checked: number;
  captured: number;
  /** Payments captured after their purchase expired (refunded in full). */
  late: number;
  expired: number;
}

/** One pass over every purchase awaiting payment or lately expired; a purchase the gateway could not answer for waits for the next pass. */
export async function reconcilePayments(cx: PaymentsContext, read: ReadStore): Promise<PaymentsReconciliation> {
  const found = { checked: 0, captured: 0, late: 0, expired: 0 };
  const now = Date.parse(cx.now());
  const listed = await read.collection<AwaitingDoc>(PAYMENTS_AWAITING).find({ sort: [['dueBy', 'asc']] });
  for (const { id, watchUntil } of listed) {
    if (watchUntil !== null && Date.parse(watchUntil) < now) continue;
    found.checked++;
    try {
      const check = await reconcilePayment(cx, id);
      if (check !== 'unchanged') found[check]++;
    } catch (error) {
      log.warn({ err: error, orderId: id }, 'reconciliation of a payment failed; retrying at the next pass');
    }
  }
  if (found.captured > 0 || found.late > 0 || found.expired > 0) {
    log.info(
      `payments reconciliation: ${found.captured} captured, ${found.late} captured late, ${found.expired} expired, of ${found.checked} checked`,
    );
  }
  return found;
}

/** Runs a pass at start and then every `everyMs`; `stop` waits for a pass in flight. */
export function startPaymentsReconciler(cx: PaymentsContext, read: ReadStore, everyMs: number) {
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = running
      .then(() => reconcilePayments(cx, read))
      .catch((error: unknown) => {
        log.error({ err: error }, 'payments reconciliation failed; retrying at the next pass');
      });
  };
  pass();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
