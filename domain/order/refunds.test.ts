import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { fold } from '../decider.ts';
import { sum } from '../money.ts';
import { actors, given } from '../testing.ts';
import { later } from '../time.ts';
import { type OrderCommand, orderDecider } from './decider.ts';
import type { OrderEvent, OrderLine, RefundEvent } from './events.ts';
import { placed as placedCod } from './events.fixtures.ts';
import { settleLine } from './settlement.ts';
import {
  type Refund,
  type RefundCommand,
  type RefundFacts,
  decideRefund,
  orderIdOfRefund,
  refundsAfter,
  refundsDue,
} from './refunds.ts';

const AT = '2024-05-01T10:00:00.000Z';
const LATE = later(AT, 30 * 60_000);
const orderId = '3f2b9c1e-0000-4000-8000-000000000001';

/** A purchase of two parts, ₹1,000 and ₹600, ₹50 delivery, paid online in full. */
const paid = (changes: Partial<RefundFacts> = {}): RefundFacts => ({
  orderId,
  capturedPaise: 165_000,
  expired: false,
  deliveryChargePaise: 5_000,
  sellerOrders: [
    { sellerOrderId: `${orderId}-1`, subtotalPaise: 100_000, status: 'pending', returns: [], helps: [] },
    { sellerOrderId: `${orderId}-2`, subtotalPaise: 60_000, status: 'pending', returns: [], helps: [] },
  ],
  refunds: [],
  ...changes,
});

const cancelled = (facts: RefundFacts, ...n: number[]): RefundFacts => ({
  ...facts,
  sellerOrders: facts.sellerOrders.map((part, i) => (n.includes(i + 1) ? { ...part, status: 'cancelled' } : part)),
});

/** The facts once `due` is requested. */
const after = (facts: RefundFacts, due: ReturnType<typeof refundsDue>): RefundFacts => ({
  ...facts,
  refunds: [...facts.refunds, ...due.map(({ data }) => data)],
});

const requested = (
  refundId: string,
  amountPaise: number,
  rest: Partial<Extract<RefundEvent, { type: 'RefundRequested' }>['data']> = {},
) => ({
  type: 'RefundRequested' as const,
  data: {
    orderId,
    refundId,
    sellerOrderId: `${orderId}-1`,
    returnId: null,
    amountPaise,
    reason: 'cancelled' as const,
    at: AT,
    ...rest,
  },
});

describe('refundsDue', () => {
  it('owes nothing before a capture (cash on delivery, or not paid yet)', () => {
    expect(refundsDue(cancelled(paid({ capturedPaise: null }), 1, 2), AT)).toEqual([]);
  });

  it("refunds a cancelled part's subtotal, then the rest with the delivery charge once all is cancelled", () => {
    const first = refundsDue(cancelled(paid(), 1), AT);
    expect(first).toEqual([requested(`${orderId}-1-cancel`, 100_000)]);
    const second = refundsDue(cancelled(after(paid(), first), 1, 2), AT);
    expect(second).toEqual([requested(`${orderId}-2-cancel`, 65_000, { sellerOrderId: `${orderId}-2` })]);
    expect(refundsDue(cancelled(after(after(paid(), first), second), 1, 2), AT)).toEqual([]);
  });

  it('refunds the whole capture when every part is cancelled at once', () => {
    const due = refundsDue(cancelled(paid(), 1, 2), AT);
    expect(due.map(({ data }) => data.amountPaise)).toEqual([100_000, 65_000]);
  });

  it("refunds an accepted return's amount, once", () => {
    const facts = paid({
      sellerOrders: [
        {
          sellerOrderId: `${orderId}-1`,
          subtotalPaise: 100_000,
          status: 'delivered',
          returns: [
            { returnId: `${orderId}-1-R1`, status: 'accepted', amountPaise: 50_000 },
            { returnId: `${orderId}-1-R2`, status: 'requested', amountPaise: 0 },
          ],
          helps: [],
        },
      ],
    });
    const due = refundsDue(facts, AT);
    expect(due).toEqual([requested(`${orderId}-1-R1`, 50_000, { returnId: `${orderId}-1-R1`, reason: 'returned' })]);
    expect(refundsDue(after(facts, due), AT)).toEqual([]);
  });

  it('refunds a payment captured after the purchase expired in full, and nothing else', () => {
    expect(refundsDue(cancelled(paid({ expired: true }), 1, 2), AT)).toEqual([
      requested(`${orderId}-late`, 165_000, { sellerOrderId: null, reason: 'late_payment' }),
    ]);
  });

  it('never refunds more than the capture left', () => {
    const short = cancelled(paid({ capturedPaise: 120_000 }), 1, 2);
    expect(refundsDue(short, AT).map(({ data }) => data.amountPaise)).toEqual([100_000, 20_000]);
  });
});

describe('refundsDue over any life of a paid purchase', () => {
  const stepArb = fc.oneof(
    fc.record({ kind: fc.constant('cancel' as const), part: fc.nat(3) }),
    fc.record({ kind: fc.constant('deliver' as const), part: fc.nat(3) }),
    fc.record({ kind: fc.constant('return' as const), part: fc.nat(3), share: fc.integer({ min: 1, max: 100 }) }),
  );
  const purchaseArb = fc.record({
    subtotals: fc.array(fc.integer({ min: 1, max: 10_000_00 }), { minLength: 1, maxLength: 4 }),
    deliveryChargePaise: fc.constantFrom(5_000, 15_000, 30_000),
    expired: fc.boolean(),
    steps: fc.array(stepArb, { maxLength: 12 }),
  });

  it('asks each refund once, never more than the capture in all, and all of it once everything is cancelled', () => {
    fc.assert(
      fc.property(purchaseArb, ({ subtotals, deliveryChargePaise, expired, steps }) => {
        const captured = sum([...subtotals, deliveryChargePaise]);
        let facts: RefundFacts = {
          orderId,
          capturedPaise: captured,
          expired,
          deliveryChargePaise,
          sellerOrders: subtotals.map((subtotalPaise, i) => ({
            sellerOrderId: `${orderId}-${i + 1}`,
            subtotalPaise,
            status: 'pending',
            returns: [],
            helps: [],
          })),
          refunds: [],
        };
        const returned = subtotals.map(() => 0);
        const settle = () => {
          const due = refundsDue(facts, AT);
          facts = after(facts, due);
          expect(refundsDue(facts, AT)).toEqual([]);
        };
        settle();
        for (const step of steps) {
          const i = step.part % subtotals.length;
          const part = facts.sellerOrders[i]!;
          if (step.kind === 'cancel' && part.status === 'pending') {
            facts = cancelled(facts, i + 1);
          } else if (step.kind === 'deliver' && part.status === 'pending') {
            facts = {
              ...facts,
              sellerOrders: facts.sellerOrders.map((p, j) => (j === i ? { ...p, status: 'delivered' } : p)),
            };
          } else if (step.kind === 'return' && part.status === 'delivered' && returned[i]! < part.subtotalPaise) {
            const amountPaise = Math.max(1, Math.floor(((part.subtotalPaise - returned[i]!) * step.share) / 100));
            returned[i]! += amountPaise;
            const accepted = {
              returnId: `${part.sellerOrderId}-R${part.returns.length + 1}`,
              status: 'accepted' as const,
              amountPaise,
            };
            facts = {
              ...facts,
              sellerOrders: facts.sellerOrders.map((p, j) =>
                j === i ? { ...p, returns: [...p.returns, accepted] } : p,
              ),
            };
          } else continue;
          settle();
        }
        const ids = facts.refunds.map((r) => r.refundId);
        expect(new Set(ids).size).toBe(ids.length);
        const refunded = sum(facts.refunds.map((r) => r.amountPaise));
        expect(refunded).toBeLessThanOrEqual(captured);
        if (expired) {
          expect(refunded).toBe(captured);
          return;
        }
        // Each cause gets exactly its amount: a cancelled part its subtotal, a return its units.
        const allCancelled = facts.sellerOrders.every((p) => p.status === 'cancelled');
        const owed = sum(facts.sellerOrders.map((p, i) => (p.status === 'cancelled' ? p.subtotalPaise : returned[i]!)));
        expect(refunded).toBe(allCancelled ? sum([owed, deliveryChargePaise]) : owed);
        if (allCancelled) expect(refunded).toBe(captured);
      }),
    );
  });
});

describe('a refund recorded', () => {
  const requestedOne: Refund[] = refundsAfter([], requested(`${orderId}-1-cancel`, 100_000));
  const fold = (events: RefundEvent[]) => events.reduce(refundsAfter, requestedOne);
  const initiated: RefundEvent = {
    type: 'RefundInitiated',
    data: { orderId, refundId: `${orderId}-1-cancel`, gatewayRefundId: 'rfnd_1', at: AT },
  };
  const processed: RefundEvent = { ...initiated, type: 'RefundProcessed' };
  const record = (command: RefundCommand, history: RefundEvent[]) => decideRefund(command, orderId, fold(history));
  const initiate: RefundCommand = {
    type: 'RecordRefundInitiated',
    refundId: `${orderId}-1-cancel`,
    gatewayRefundId: 'rfnd_1',
    at: AT,
  };
  const outcome = (result: 'processed' | 'failed'): RefundCommand => ({
    type: 'RecordRefundOutcome',
    refundId: `${orderId}-1-cancel`,
    gatewayRefundId: 'rfnd_1',
    outcome: result,
    description: result === 'failed' ? 'The bank refused the refund' : '',
    at: AT,
  });

  it('is initiated once, then processed or failed once', () => {
    expect(record(initiate, [])).toEqual([initiated]);
    expect(record(initiate, [initiated])).toEqual([]);
    expect(record(outcome('processed'), [initiated])).toEqual([processed]);
    expect(record(outcome('failed'), [initiated])).toEqual([
      {
        type: 'RefundFailed',
        data: { ...initiated.data, description: 'The bank refused the refund' },
      },
    ]);
    expect(fold([initiated, processed])[0]).toMatchObject({ status: 'processed', gatewayRefundId: 'rfnd_1' });
  });

  it('keeps its first outcome whatever comes after, and an outcome before the initiation stands', () => {
    expect(record(outcome('processed'), [initiated, processed])).toEqual([]);
    expect(record(outcome('failed'), [initiated, processed])).toEqual([]);
    expect(record(outcome('processed'), [])).toEqual([processed]);
    expect(record(initiate, [processed])).toEqual([]);
    expect(fold([processed, initiated])[0]!.status).toBe('processed');
  });

  it('is refused for a refund the purchase never asked', () => {
    expect(() => decideRefund(initiate, orderId, [])).toThrow('Refund not found');
  });
});

describe('orderIdOfRefund', () => {
  it('reads the purchase from each kind of refund id', () => {
    expect(orderIdOfRefund(`${orderId}-2-cancel`)).toBe(orderId);
    expect(orderIdOfRefund(`${orderId}-2-R3`)).toBe(orderId);
    expect(orderIdOfRefund(`${orderId}-late`)).toBe(orderId);
    expect(orderIdOfRefund('pay_29QQoUBi66xm2f')).toBeNull();
  });
});

describe('the order decider', () => {
  const { buyer, seller, otherSeller } = actors;
  const id = 'o-1';
  const line = (productId: string, sellerId: string, pricePaise: number, quantity = 1): OrderLine => ({
    productId,
    name: `Product ${productId}`,
    pricePaise,
    quantity,
    imageUrl: null,
    sellerId,
    sellerName: `Seller ${sellerId}`,
    categoryId: 'textiles',
  });
  // ₹1,000 x 2 from one seller, ₹200 from the other, ₹50 delivery: ₹2,250 captured.
  const cod = placedCod(id, [line('p-1', seller.userId, 100_000, 2), line('p-2', otherSeller.userId, 20_000)], AT);
  const total = cod.data.totalPaise;
  const placed: OrderEvent = { type: 'OrderPlaced', data: { ...cod.data, payment: 'online', paymentDueBy: LATE } };
  const gateway = { orderId: id, gatewayOrderId: 'order_1' };
  const paymentRequested: OrderEvent = {
    type: 'PaymentRequested',
    data: { ...gateway, amountPaise: total, currency: 'INR', at: AT },
  };
  const captured = (late = false): OrderEvent => ({
    type: 'PaymentCaptured',
    data: { ...gateway, paymentId: 'pay_1', method: 'upi', amountPaise: total, via: 'webhook', late, at: AT },
  });
  const paid = [placed, paymentRequested, captured()];
  const cancel = (n: number, actor: Actor = buyer): OrderCommand => ({
    type: 'ChangeSellerOrderStatus',
    actor,
    sellerOrderId: `${id}-${n}`,
    status: 'cancelled',
    reason: 'Changed my mind',
    commission: {},
    undoWindowMs: 0,
    at: AT,
  });
  const cancelled = (n: number, by = buyer.userId): OrderEvent => ({
    type: 'SellerOrderCancelled',
    data: {
      orderId: id,
      sellerOrderId: `${id}-${n}`,
      sellerId: n === 1 ? seller.userId : otherSeller.userId,
      by,
      at: AT,
      reason: 'Changed my mind',
    },
  });
  const refund = (n: number, amountPaise: number): OrderEvent => ({
    type: 'RefundRequested',
    data: {
      orderId: id,
      refundId: `${id}-${n}-cancel`,
      sellerOrderId: `${id}-${n}`,
      returnId: null,
      amountPaise,
      reason: 'cancelled',
      at: AT,
    },
  });

  it('refunds a cancelled part of a paid purchase its subtotal, and the rest with the delivery charge', () => {
    given(orderDecider, paid)
      .when(cancel(2))
      .then([cancelled(2), refund(2, 20_000)]);
    given(orderDecider, [...paid, cancelled(2), refund(2, 20_000)])
      .when(cancel(1, seller))
      .then([cancelled(1, seller.userId), refund(1, 205_000)]);
    // Cancelled again: nothing, and no second refund.
    given(orderDecider, [...paid, cancelled(2), refund(2, 20_000)])
      .when(cancel(2))
      .then([]);
  });

  it('refunds nothing of a purchase paid on delivery, or not paid yet', () => {
    given(orderDecider, [cod])
      .when(cancel(2))
      .then([cancelled(2)]);
    given(orderDecider, [placed, paymentRequested])
      .when(cancel(2))
      .then([cancelled(2)]);
  });

  it('refunds, at the capture, the parts the buyer cancelled while paying', () => {
    const capture: OrderCommand = {
      type: 'RecordPaymentCapture',
      ...gateway,
      paymentId: 'pay_1',
      method: 'upi',
      amountPaise: total,
      currency: 'INR',
      via: 'webhook',
      at: AT,
    };
    given(orderDecider, [placed, paymentRequested, cancelled(2)])
      .when(capture)
      .then([captured(), refund(2, 20_000)]);
  });

  it('refunds a payment captured after the purchase expired in full', () => {
    const capture: OrderCommand = {
      type: 'RecordPaymentCapture',
      ...gateway,
      paymentId: 'pay_1',
      method: 'upi',
      amountPaise: total,
      currency: 'INR',
      via: 'webhook',
      at: LATE,
    };
    const expiry = orderDecider.decide(
      { type: 'ExpirePayment', at: LATE },
      fold(orderDecider, [placed, paymentRequested]),
    );
    expect(expiry.some((event) => event.type === 'RefundRequested')).toBe(false);
    const late = { ...(captured(true) as Extract<OrderEvent, { type: 'PaymentCaptured' }>) };
    given(orderDecider, [placed, paymentRequested, ...expiry])
      .when(capture)
      .then([
        { ...late, data: { ...late.data, at: LATE } },
        {
          type: 'RefundRequested',
          data: {
            orderId: id,
            refundId: `${id}-late`,
            sellerOrderId: null,
            returnId: null,
            amountPaise: total,
            reason: 'late_payment',
            at: LATE,
          },
        },
      ]);
  });

  it("refunds an accepted return the returned units' amount from its settlement", () => {
    const stamp = { orderId: id, sellerOrderId: `${id}-1`, sellerId: seller.userId, by: seller.userId, at: AT };
    const delivered: OrderEvent = {
      type: 'SellerOrderDelivered',
      data: { ...stamp, settlement: [settleLine(line('p-1', seller.userId, 100_000), 2, 1_000)] },
    };
    const returnId = `${id}-1-R1`;
    const asked: OrderEvent = {
      type: 'ReturnRequested',
      data: { ...stamp, by: buyer.userId, returnId, lines: [{ productId: 'p-1', quantity: 1 }], reason: 'Torn' },
    };
    const decide: OrderCommand = {
      type: 'DecideReturn',
      actor: seller,
      sellerOrderId: `${id}-1`,
      returnId,
      accept: true,
      reason: 'Sorry',
      at: AT,
    };
    const events = orderDecider.decide(decide, fold(orderDecider, [...paid, delivered, asked]));
    expect(events.map((event) => event.type)).toEqual(['ReturnAccepted', 'RefundRequested']);
    expect(events[1]!.data).toEqual({
      orderId: id,
      refundId: returnId,
      sellerOrderId: `${id}-1`,
      returnId,
      amountPaise: 100_000,
      reason: 'returned',
      at: AT,
    });
  });

  it("records the gateway's word on the purchase's refunds", () => {
    const initiate: OrderCommand = {
      type: 'RecordRefundInitiated',
      refundId: `${id}-2-cancel`,
      gatewayRefundId: 'rfnd_1',
      at: AT,
    };
    given(orderDecider, [...paid, cancelled(2), refund(2, 20_000)])
      .when(initiate)
      .then([
        {
          type: 'RefundInitiated',
          data: { orderId: id, refundId: `${id}-2-cancel`, gatewayRefundId: 'rfnd_1', at: AT },
        },
      ]);
    given(orderDecider, paid)
      .when(initiate)
      .then({ code: 'not_found', kind: 'not_found', message: 'Refund not found' });
  });
});
