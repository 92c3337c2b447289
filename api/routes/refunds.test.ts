/**
 * Refunds of purchases paid online, through the test gateway (its refunds ended by hand): a
 * cancelled part refunds its subtotal, the last with the delivery charge; an accepted return its
 * units; the gateway's word comes by webhook, applied once however duplicated or reordered, or
 * from the reconciliation when the webhook is lost. Cash on delivery refunds nothing.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { orderStream } from '../../domain/order/events.ts';
import { reconcileRefunds } from '../../workers/refunds-in-flight.ts';
import { workerContext } from '../../workers/worker.ts';
import { type Client, ok, startTestApi } from '../testing/harness.ts';
import { signInAdmin } from './catalog.fixtures.ts';
import { checkoutBody, listedProduct, partOf, signedIn } from './orders.fixtures.ts';
import { movedOrder } from './purchases.fixtures.ts';

const api = await startTestApi({}, { gateway: { refunds: 'manual' } });
afterAll(() => api.close());
const { control } = api.gateway;
const gateway = api.platform.payments;
const admin = await signInAdmin(api);
const weaves = await signedIn(api, 'seller', 'Meera Weaves');
const spices = await signedIn(api, 'seller', 'Kerala Spice Co');

/** A buyer checks out `items` (₹499 a unit), paying online or on delivery, and pays on the gateway's page. */
async function bought(items: Array<{ seller: Client; quantity: number }>, payment: 'online' | 'cod' = 'online') {
  const buyer = await signedIn(api);
  const productIds: string[] = [];
  for (const { seller, quantity } of items) {
    const productId = await listedProduct(api, seller);
    productIds.push(productId);
    ok(await buyer.api.cart.items.$post({ json: { productId, quantity } }));
  }
  const placed = ok(await buyer.api.orders.$post({ header: {}, json: checkoutBody({ payment }) }));
  let paymentId = '';
  if (placed.payment) {
    const paid = await control.pay(placed.payment.gatewayOrderId);
    const back = await api.anonymous().api.payments.return[':id'].$post({ param: { id: placed.order.id }, form: paid });
    expect(back.status).toBe(303);
    paymentId = paid.razorpay_payment_id;
  }
  await api.settle();
  return { buyer, order: placed.order, paymentId, productIds };
}

const cancel = async (client: Client, sellerOrderId: string) => {
  ok(
    await client.api['seller-orders'][':id'].status.$post({
      param: { id: sellerOrderId },
      json: { status: 'cancelled', reason: 'Out of stock' },
    }),
  );
  await api.settle();
};

const refundsShown = async (buyer: Client, orderId: string) =>
  ok(await buyer.api.orders[':id'].$get({ param: { id: orderId } })).refunds;

const refundEvents = async (orderId: string) =>
  (await api.platform.events.readStream(orderStream(orderId)))
    .map((event) => event.type)
    .filter((type) => type.startsWith('Refund'));

/** The gateway ends a refund; its webhook reaches MIBI (unless dropped or held). */
async function bankSays(paymentId: string, receipt: string, outcome: 'processed' | 'failed' = 'processed') {
  const refund = (await gateway.refundsOf(paymentId)).find((r) => r.receipt === receipt);
  await control.settleRefund(refund!.id, outcome);
  await api.settle();
}

describe('cancelling a part of a purchase paid online', () => {
  it("refunds that part's subtotal, then the rest with the delivery charge once everything is cancelled", async () => {
    const { buyer, order, paymentId } = await bought([
      { seller: weaves, quantity: 2 },
      { seller: spices, quantity: 1 },
    ]);
    const spicesPart = partOf(order, spices).id;
    await cancel(spices, spicesPart);
    expect(await gateway.refundsOf(paymentId)).toMatchObject([
      { receipt: `${spicesPart}-cancel`, amountPaise: 499_00, status: 'pending' },
    ]);
    expect(await refundsShown(buyer, order.id)).toMatchObject([
      { sellerOrderId: spicesPart, amountPaise: 499_00, reason: 'cancelled', status: 'initiated' },
    ]);
    await bankSays(paymentId, `${spicesPart}-cancel`);
    expect(await refundsShown(buyer, order.id)).toMatchObject([{ status: 'processed' }]);

    // The buyer cancels the rest: its subtotal and the delivery charge go back, the whole capture in all.
    const weavesPart = partOf(order, weaves).id;
    await cancel(buyer, weavesPart);
    const refunds = await gateway.refundsOf(paymentId);
    expect(refunds.map((r) => [r.receipt, r.amountPaise])).toEqual([
      [`${spicesPart}-cancel`, 499_00],
      [`${weavesPart}-cancel`, 998_00 + order.deliveryChargePaise],
    ]);
    expect((await gateway.fetchPayment(paymentId)).refundedPaise).toBe(order.totalPaise);
    await api.settle();
    const listed = ok(await admin.api.admin.payments.$get({ query: {} })).items.find((doc) => doc.id === order.id);
    expect(listed?.refunds.map((r) => [r.refundId, r.amountPaise, r.status])).toEqual([
      [`${spicesPart}-cancel`, 499_00, 'processed'],
      [`${weavesPart}-cancel`, 998_00 + order.deliveryChargePaise, 'initiated'],
    ]);
    expect(await refundEvents(order.id)).toEqual([
      'RefundRequested',
      'RefundInitiated',
      'RefundProcessed',
      'RefundRequested',
      'RefundInitiated',
    ]);
  });

  it('refunds nothing when paid on delivery', async () => {
    const { order } = await bought([{ seller: weaves, quantity: 1 }], 'cod');
    await cancel(weaves, partOf(order, weaves).id);
    expect(await refundEvents(order.id)).toEqual([]);
  });
});

describe('an accepted return of a purchase paid online', () => {
  it('refunds the returned units', async () => {
    const { buyer, order, paymentId, productIds } = await bought([{ seller: weaves, quantity: 3 }]);
    const sellerOrderId = partOf(order, weaves).id;
    await movedOrder(api, order.id, 'delivered');
    const asked = ok(
      await buyer.api['seller-orders'][':id'].returns.$post({
        param: { id: sellerOrderId },
        json: { lines: [{ productId: productIds[0]!, quantity: 2 }], reason: 'Two arrived torn' },
      }),
    );
    const { returnId } = asked.sellerOrder.returns[0]!;
    ok(
      await weaves.api['seller-orders'][':id'].returns[':returnId'].decision.$post({
        param: { id: sellerOrderId, returnId },
        json: { accept: true, reason: 'Sorry about that' },
      }),
    );
    await api.settle();
    expect(await gateway.refundsOf(paymentId)).toMatchObject([{ receipt: returnId, amountPaise: 998_00 }]);
    expect(await refundsShown(buyer, order.id)).toMatchObject([
      { returnId, sellerOrderId, amountPaise: 998_00, reason: 'returned', status: 'initiated' },
    ]);
  });
});

describe("the gateway's word on a refund", () => {
  it('is applied once when its webhooks come duplicated and in reverse order', async () => {
    const { buyer, order, paymentId } = await bought([{ seller: spices, quantity: 1 }]);
    const part = partOf(order, spices).id;
    await cancel(spices, part);
    await control.chaos({ hold: true, duplicateNext: 10 });
    await bankSays(paymentId, `${part}-cancel`);
    await control.chaos({ hold: false, duplicateNext: 0 });
    await control.release(true);
    await api.settle();
    expect(await refundsShown(buyer, order.id)).toMatchObject([{ status: 'processed' }]);
    expect(await refundEvents(order.id)).toEqual(['RefundRequested', 'RefundInitiated', 'RefundProcessed']);
  });

  it('is recorded by the reconciliation when its webhook is dropped', async () => {
    const { buyer, order, paymentId } = await bought([{ seller: weaves, quantity: 1 }]);
    const part = partOf(order, weaves).id;
    await cancel(admin, part);
    await control.chaos({ dropNext: 10 });
    await bankSays(paymentId, `${part}-cancel`, 'failed');
    await control.chaos({ dropNext: 0 });
    expect(await refundsShown(buyer, order.id)).toMatchObject([{ status: 'initiated' }]);

    const found = await reconcileRefunds(workerContext(api.platform, api.ctx.config));
    expect(found.settled).toBeGreaterThanOrEqual(1);
    await api.settle();
    expect(await refundsShown(buyer, order.id)).toMatchObject([{ status: 'failed' }]);
    expect(await refundEvents(order.id)).toEqual(['RefundRequested', 'RefundInitiated', 'RefundFailed']);
  });
});
