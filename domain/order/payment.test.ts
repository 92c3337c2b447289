import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { fold } from '../decider.ts';
import { AT, actors, given } from '../testing.ts';
import { later } from '../time.ts';
import { type OrderCommand, orderDecider } from './decider.ts';
import type { OrderEvent, OrderLine } from './events.ts';
import { placed as placedCod } from './events.fixtures.ts';
import { PAYMENT_EXPIRED_REASON, PAYMENT_EXPIRY_BY } from './payment.ts';

const { buyer, seller, otherSeller, admin } = actors;
const orderId = 'o-1';
const line = (productId: string, sellerId: string, pricePaise: number): OrderLine => ({
  productId,
  name: `Product ${productId}`,
  pricePaise,
  quantity: 1,
  imageUrl: null,
  sellerId,
  sellerName: `Seller ${sellerId}`,
  categoryId: 'textiles',
});
const cod = placedCod(orderId, [line('p-1', seller.userId, 100_000), line('p-2', otherSeller.userId, 20_000)], AT);
const dueBy = later(AT, 30 * 60_000);
const placed: OrderEvent = { type: 'OrderPlaced', data: { ...cod.data, payment: 'online', paymentDueBy: dueBy } };
const total = cod.data.totalPaise;
const LATER = later(AT, 60_000);

const requested: OrderEvent = {
  type: 'PaymentRequested',
  data: { orderId, gatewayOrderId: 'order_1', amountPaise: total, currency: 'INR', at: AT },
};
const request: OrderCommand = {
  type: 'RequestPayment',
  gatewayOrderId: 'order_1',
  amountPaise: total,
  currency: 'INR',
  at: AT,
};
const capture = (changes: Partial<Extract<OrderCommand, { type: 'RecordPaymentCapture' }>> = {}): OrderCommand => ({
  type: 'RecordPaymentCapture',
  gatewayOrderId: 'order_1',
  paymentId: 'pay_2',
  method: 'upi',
  amountPaise: total,
  currency: 'INR',
  via: 'webhook',
  at: LATER,
  ...changes,
});
const captured = (late = false): OrderEvent => ({
  type: 'PaymentCaptured',
  data: {
    orderId,
    gatewayOrderId: 'order_1',
    paymentId: 'pay_2',
    method: 'upi',
    amountPaise: total,
    via: 'webhook',
    late,
    at: LATER,
  },
});
const fail: OrderCommand = {
  type: 'RecordPaymentFailure',
  gatewayOrderId: 'order_1',
  paymentId: 'pay_1',
  code: 'BAD_REQUEST_ERROR',
  description: 'Payment was declined',
  at: LATER,
};
const failed: OrderEvent = {
  type: 'PaymentFailed',
  data: {
    orderId,
    gatewayOrderId: 'order_1',
    paymentId: 'pay_1',
    code: 'BAD_REQUEST_ERROR',
    description: 'Payment was declined',
    at: LATER,
  },
};
const expired: OrderEvent[] = [
  { type: 'PaymentExpired', data: { orderId, at: dueBy } },
  ...[1, 2].map(
    (n): OrderEvent => ({
      type: 'SellerOrderCancelled',
      data: {
        orderId,
        sellerOrderId: `${orderId}-${n}`,
        sellerId: n === 1 ? seller.userId : otherSeller.userId,
        by: PAYMENT_EXPIRY_BY,
        at: dueBy,
        reason: PAYMENT_EXPIRED_REASON,
      },
    }),
  ),
];
const move = (actor: Actor, status: 'processing' | 'cancelled'): OrderCommand => ({
  type: 'ChangeSellerOrderStatus',
  actor,
  sellerOrderId: `${orderId}-1`,
  commission: {},
  undoWindowMs: 0,
  at: LATER,
  ...(status === 'cancelled' ? { status, reason: 'Changed my mind' } : { status }),
});

describe('RequestPayment', () => {
  it('records the gateway order for the purchase total once; asking again reuses it', () => {
    given(orderDecider, [placed]).when(request).then([requested]);
    given(orderDecider, [placed, requested]).when(request).then([]);
    given(orderDecider, [placed, requested])
      .when({ ...request, gatewayOrderId: 'order_9' })
      .then({ code: 'payment_mismatch', kind: 'conflict' });
  });

  it('refuses another amount, a paid or expired purchase, and one paid on delivery', () => {
    given(orderDecider, [placed])
      .when({ ...request, amountPaise: total - 1 })
      .then({ code: 'payment_mismatch', kind: 'conflict' });
    given(orderDecider, [placed, requested, captured()]).when(request).then({ code: 'already_paid', kind: 'conflict' });
    given(orderDecider, [placed, requested, ...expired])
      .when(request)
      .then({ code: 'payment_expired', kind: 'conflict' });
    given(orderDecider, [cod]).when(request).then({ code: 'not_online', kind: 'conflict' });
  });
});

describe('RecordPaymentFailure and RecordPaymentCapture', () => {
  it('records a failed attempt once, then the capture of the next one once', () => {
    given(orderDecider, [placed, requested]).when(fail).then([failed]);
    given(orderDecider, [placed, requested, failed]).when(fail).then([]);
    given(orderDecider, [placed, requested, failed]).when(capture()).then([captured()]);
    given(orderDecider, [placed, requested, failed, captured()]).when(capture()).then([]);
  });

  it('ignores a failure told after the capture, whatever order the gateway tells them in', () => {
    given(orderDecider, [placed, requested, captured()]).when(fail).then([]);
  });

  it('checks the amount, the currency and the gateway order against the purchase', () => {
    const history = [placed, requested];
    given(orderDecider, history)
      .when(capture({ amountPaise: total - 100 }))
      .then({ code: 'payment_mismatch', kind: 'conflict' });
    given(orderDecider, history)
      .when(capture({ currency: 'USD' }))
      .then({ code: 'payment_mismatch', kind: 'conflict' });
    given(orderDecider, history)
      .when(capture({ gatewayOrderId: 'order_9' }))
      .then({ code: 'payment_mismatch', kind: 'conflict' });
    given(orderDecider, [placed]).when(capture()).then({ code: 'payment_mismatch', kind: 'conflict' });
  });

  it('marks a capture after the expiry late (the money goes back), once; one after the buyer cancelled is not', () => {
    // What the capture leaves owed goes back with it (refunds.ts): all of it when late, else the cancelled parts.
    const refund = (refundId: string, sellerOrderId: string | null, amountPaise: number): OrderEvent => ({
      type: 'RefundRequested',
      data: {
        orderId,
        refundId,
        sellerOrderId,
        returnId: null,
        amountPaise,
        reason: sellerOrderId === null ? 'late_payment' : 'cancelled',
        at: LATER,
      },
    });
    given(orderDecider, [placed, requested, ...expired])
      .when(capture())
      .then([captured(true), refund(`${orderId}-late`, null, total)]);
    given(orderDecider, [placed, requested, ...expired, captured(true)])
      .when(capture())
      .then([]);
    const cancelledBoth = [1, 2].map(
      (n): OrderEvent => ({
        type: 'SellerOrderCancelled',
        data: {
          orderId,
          sellerOrderId: `${orderId}-${n}`,
          sellerId: n === 1 ? seller.userId : otherSeller.userId,
          by: buyer.userId,
          at: AT,
          reason: 'Changed my mind',
        },
      }),
    );
    given(orderDecider, [placed, requested, ...cancelledBoth])
      .when(capture())
      .then([
        captured(false),
        refund(`${orderId}-1-cancel`, `${orderId}-1`, 100_000),
        refund(`${orderId}-2-cancel`, `${orderId}-2`, total - 100_000),
      ]);
    given(orderDecider, [placed, requested, cancelledBoth[0]!])
      .when(capture())
      .then([captured(false), refund(`${orderId}-1-cancel`, `${orderId}-1`, 100_000)]);
  });
});

describe('ExpirePayment', () => {
  it('expires an unpaid purchase once its time has passed, cancelling every open part', () => {
    given(orderDecider, [placed, requested, failed]).when({ type: 'ExpirePayment', at: dueBy }).then(expired);
    given(orderDecider, [placed, requested, ...expired])
      .when({ type: 'ExpirePayment', at: dueBy })
      .then([]);
  });

  it('waits until the due time, and leaves a paid purchase alone', () => {
    given(orderDecider, [placed, requested])
      .when({ type: 'ExpirePayment', at: LATER })
      .then({ code: 'payment_not_due', kind: 'conflict' });
    given(orderDecider, [placed, requested, captured()])
      .when({ type: 'ExpirePayment', at: later(dueBy, 1) })
      .then([]);
  });
});

describe('a purchase awaiting payment', () => {
  it('is closed to its sellers until paid; the buyer or an admin may cancel it', () => {
    const unpaid = [placed, requested];
    given(orderDecider, unpaid).when(move(seller, 'processing')).then({ code: 'awaiting_payment', kind: 'conflict' });
    given(orderDecider, unpaid).when(move(seller, 'cancelled')).then({ code: 'awaiting_payment', kind: 'conflict' });
    given(orderDecider, unpaid).when(move(admin, 'processing')).then({ code: 'awaiting_payment', kind: 'conflict' });
    expect(orderDecider.decide(move(buyer, 'cancelled'), fold(orderDecider, unpaid))).toMatchObject([
      { type: 'SellerOrderCancelled' },
    ]);
    expect(orderDecider.decide(move(admin, 'cancelled'), fold(orderDecider, unpaid))).toMatchObject([
      { type: 'SellerOrderCancelled' },
    ]);
    expect(orderDecider.decide(move(seller, 'processing'), fold(orderDecider, [...unpaid, captured()]))).toMatchObject([
      { type: 'SellerOrderProcessing' },
    ]);
  });

  it('stays closed once expired', () => {
    given(orderDecider, [placed, requested, ...expired])
      .when(move(seller, 'processing'))
      .then({ code: 'awaiting_payment', kind: 'conflict' });
  });

  it('is open to its sellers at once when paid on delivery, as old logs are', () => {
    expect(orderDecider.decide(move(seller, 'processing'), fold(orderDecider, [cod]))).toMatchObject([
      { type: 'SellerOrderProcessing' },
    ]);
  });
});
