import { describe, expect, it } from 'vitest';
import { actors } from '../domain/testing.ts';
import { orderDecider } from '../domain/order/decider.ts';
import { type OrderEvent, type OrderLine, orderStream } from '../domain/order/events.ts';
import { placed as placedCod } from '../domain/order/events.fixtures.ts';
import { REFUND, refund, refundEffect } from './refund.ts';
import { REFUNDS_IN_FLIGHT, reconcileRefunds } from './refunds-in-flight.ts';
import { EFFECTS } from './effect.ts';
import { LINKS, testBedPerTest } from './workers.fixtures.ts';
import { workerContext } from './worker.ts';

const AT = '2024-05-01T10:00:00.000Z';
const { seller, otherSeller, admin } = actors;

const bed = testBedPerTest([]);
const cx = () => workerContext(bed.platform, LINKS);
const system = { actor: null };

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

/** A purchase of two parts (₹1,000 and ₹200, ₹50 delivery) paid online at the test gateway: its id and the payment's. */
async function paidPurchase(): Promise<{ orderId: string; paymentId: string }> {
  const orderId = crypto.randomUUID();
  const cod = placedCod(orderId, [line('p-1', seller.userId, 100_000), line('p-2', otherSeller.userId, 20_000)], AT);
  const { totalPaise } = cod.data;
  const placed: OrderEvent = { type: 'OrderPlaced', data: { ...cod.data, payment: 'online', paymentDueBy: AT } };
  const { streams } = cx();
  const stream = orderStream(orderId);
  await bed.platform.events.append(stream, [placed], 'no_stream');
  const { payments } = bed.platform;
  const order = await payments.createOrder({ amountPaise: totalPaise, currency: 'INR', receipt: orderId });
  const request = {
    type: 'RequestPayment',
    gatewayOrderId: order.id,
    amountPaise: totalPaise,
    currency: 'INR',
    at: AT,
  };
  await streams.handle(stream, orderDecider, request as never, system);
  const { razorpay_payment_id: paymentId } = await bed.gateway.pay(order.id);
  await payments.capture(paymentId, totalPaise, 'INR');
  const capture = {
    type: 'RecordPaymentCapture',
    gatewayOrderId: order.id,
    paymentId,
    method: 'upi',
    amountPaise: totalPaise,
    currency: 'INR',
    via: 'return',
    at: AT,
  } as const;
  await streams.handle(stream, orderDecider, capture, system);
  return { orderId, paymentId };
}

/** An admin cancels the purchase's n-th part: the decider asks for its refund. */
async function cancel(orderId: string, n: number) {
  const command = {
    type: 'ChangeSellerOrderStatus',
    actor: admin,
    sellerOrderId: `${orderId}-${n}`,
    status: 'cancelled',
    reason: 'Out of stock',
    commission: {},
    undoWindowMs: 0,
    at: AT,
  } as const;
  await cx().streams.handle(orderStream(orderId), orderDecider, command, { actor: admin.userId });
}

const refundsOf = async (orderId: string) =>
  (await cx().streams.load(orderStream(orderId), orderDecider)).state!.refunds;

describe('the refund effect', () => {
  it('refunds a cancelled part at the gateway once, under its refund id, and records it initiated', async () => {
    await bed.startWorkers();
    const { orderId, paymentId } = await paidPurchase();
    await cancel(orderId, 2);
    await bed.settled();
    const [taken, ...more] = await bed.platform.payments.refundsOf(paymentId);
    expect(more).toEqual([]);
    expect(taken).toMatchObject({ amountPaise: 20_000, receipt: `${orderId}-2-cancel`, status: 'pending' });
    expect(await refundsOf(orderId)).toEqual([
      {
        refundId: `${orderId}-2-cancel`,
        sellerOrderId: `${orderId}-2`,
        returnId: null,
        amountPaise: 20_000,
        reason: 'cancelled',
        status: 'initiated',
        gatewayRefundId: taken!.id,
      },
    ]);
    // Cancelling the rest refunds it with the delivery charge: the whole capture is back.
    await cancel(orderId, 1);
    await bed.settled();
    const refunds = await bed.platform.payments.refundsOf(paymentId);
    expect(refunds.map((r) => [r.receipt, r.amountPaise])).toEqual([
      [`${orderId}-2-cancel`, 20_000],
      [`${orderId}-1-cancel`, 105_000],
    ]);
    expect((await bed.platform.payments.fetchPayment(paymentId)).refundedPaise).toBe(125_000);
  });

  it('refunds once when the job runs again after a crash between the gateway and the record', async () => {
    const { orderId, paymentId } = await paidPurchase();
    await cancel(orderId, 2);
    const refundId = `${orderId}-2-cancel`;
    // The first run reached the gateway and died before recording: the gateway has the refund, the log does not.
    const first = await bed.platform.payments.refund(paymentId, { amountPaise: 20_000, receipt: refundId });
    expect((await refundsOf(orderId))[0]!.status).toBe('requested');
    const [requested] = (await bed.platform.events.readStream(orderStream(orderId))).filter(
      (e) => e.type === 'RefundRequested',
    );
    const [effectJob] = await refundEffect.jobsOf(requested as never, cx().streams);
    const { job, options } = effectJob!;
    expect(options.jobId).toBe(`${REFUND}:${refundId}`);
    for (let attempt = 1; attempt <= 2; attempt++)
      await refund.handle({ id: options.jobId, name: REFUND, data: job, attempt }, cx());
    expect(await bed.platform.payments.refundsOf(paymentId)).toHaveLength(1);
    expect(await refundsOf(orderId)).toMatchObject([{ status: 'initiated', gatewayRefundId: first.id }]);
    expect(await refundEffect.done(cx().streams, job)).toBe(true);
  });
  it('records a refund the gateway refuses as failed, in its words, instead of retrying it', async () => {
    const { orderId, paymentId } = await paidPurchase();
    // The whole capture went back another way: the gateway refuses any more.
    await bed.platform.payments.refund(paymentId, { amountPaise: 125_000, receipt: 'elsewhere' });
    await cancel(orderId, 2);
    const refundId = `${orderId}-2-cancel`;
    const [requested] = (await bed.platform.events.readStream(orderStream(orderId))).filter(
      (e) => e.type === 'RefundRequested',
    );
    const [effectJob] = await refundEffect.jobsOf(requested as never, cx().streams);
    const { job, options } = effectJob!;
    await refund.handle({ id: options.jobId, name: REFUND, data: job, attempt: 1 }, cx());
    expect(await refundsOf(orderId)).toMatchObject([{ refundId, status: 'failed', gatewayRefundId: null }]);
    const failed = (await bed.platform.events.readStream(orderStream(orderId))).find((e) => e.type === 'RefundFailed');
    expect(failed?.data).toMatchObject({
      refundId,
      gatewayRefundId: null,
      description: 'The refund amount provided is greater than amount captured',
    });
    expect(await refundEffect.done(cx().streams, job)).toBe(true);
  });
});

describe('the reconciliation of refunds in flight', () => {
  it('asks the gateway about each refund initiated and not settled, records the settled ones, and waits for the rest', async () => {
    await bed.startWorkers();
    const first = await paidPurchase();
    const second = await paidPurchase();
    await cancel(first.orderId, 2);
    await cancel(second.orderId, 2);
    await bed.settled();
    const pass = () => reconcileRefunds(cx());
    expect(await pass()).toMatchObject({ checked: 2, settled: 0 });

    // The bank pays the first back; its webhook is lost (the bed's gateway sends none).
    const [gatewayRefund] = await bed.platform.payments.refundsOf(first.paymentId);
    await bed.gateway.settleRefund(gatewayRefund!.id, 'processed');
    const found = await pass();
    expect(found).toMatchObject({ checked: 2, settled: 1 });
    expect(await refundsOf(first.orderId)).toMatchObject([{ status: 'processed' }]);
    expect(await refundsOf(second.orderId)).toMatchObject([{ status: 'initiated' }]);

    // The second fails at the bank; then nothing is left in flight and the watermark passes them.
    const [other] = await bed.platform.payments.refundsOf(second.paymentId);
    await bed.gateway.settleRefund(other!.id, 'failed');
    expect(await pass()).toMatchObject({ checked: 1, settled: 1 });
    expect(await refundsOf(second.orderId)).toMatchObject([{ status: 'failed' }]);
    const last = await pass();
    expect(last).toMatchObject({ checked: 0, settled: 0, confirmedThrough: await bed.platform.events.lastPosition() });
    expect(await bed.platform.read.collection(EFFECTS).get(REFUNDS_IN_FLIGHT)).toMatchObject({ settled: 0 });
  });
});
