import { describe, expect, it } from 'vitest';
import { orderStream } from '../../domain/order/events.ts';
import { later } from '../../domain/time.ts';
import { NOTIFY_SELLER } from '../../workers/notify-seller.ts';
import { LATE_PAYMENT_WATCH_MS, reconcilePayments } from '../../workers/payments.ts';
import { type Client, expectStatus, ok } from '../testing/harness.ts';
import { fileApi, signInAdmin } from './catalog.fixtures.ts';
import { buyerWith, checkoutBody, listedProduct, productState, signedIn } from './orders.fixtures.ts';

const api = await fileApi();
const seller = await signedIn(api, 'seller', 'Meera Crafts');
const admin = await signInAdmin(api);
const { control } = api.gateway;

const eventTypes = async (orderId: string) =>
  (await api.platform.events.readStream(orderStream(orderId))).map((event) => event.type);
const count = (types: string[], type: string) => types.filter((t) => t === type).length;
const stockOf = async (productId: string) => (await productState(api, productId)).stockQuantity;
const orderOf = async (buyer: Client, orderId: string) =>
  ok(await buyer.api.orders[':id'].$get({ param: { id: orderId } }));
const newOrderNotices = async (orderId: string) => {
  const { items } = ok(await seller.api.notifications.$get({ query: {} }));
  return items.filter((notice) => notice.orderId === orderId && notice.title.startsWith('New order'));
};

/** A buyer checks out 2 units of a new product of the seller (stock 5), paying online; MIBI has done what follows. */
async function onlineCheckout() {
  const productId = await listedProduct(api, seller, { stockQuantity: 5 });
  const buyer = await buyerWith(api, productId, 2);
  const placed = await buyer.api.orders.$post({ header: {}, json: checkoutBody({ payment: 'online' }) });
  expectStatus(placed, 201);
  const { order, payment } = placed.body;
  if (!payment) throw new Error('no payment to make');
  // The reconciliation asks about the purchases its reactor has listed: once it has this one.
  await api.settle();
  return { buyer, productId, orderId: order.id, order, payment };
}

/** The buyer's browser posts what the hosted page gave it back to MIBI (no session: a cross-site form post). */
const returnFromPage = (orderId: string, form: Record<string, string>) =>
  api.anonymous().api.payments.return[':id'].$post({ param: { id: orderId }, form });

/** One reconciliation pass, at `now` (the process's clock unless given). */
const reconcile = (now?: string) =>
  reconcilePayments(
    { streams: api.ctx.streams, payments: api.ctx.payments, now: () => now ?? api.ctx.now() },
    api.platform.read,
  );

describe('paying online', () => {
  it('places the order awaiting payment with its gateway order, then Paid once the buyer pays; the seller is told once', async () => {
    const { buyer, orderId, order, payment, productId } = await onlineCheckout();
    expect(order).toMatchObject({ payment: 'online', paymentStatus: 'awaiting', paymentFailure: null });
    expect(payment).toMatchObject({
      gatewayOrderId: expect.stringMatching(/^order_/),
      amountPaise: order.totalPaise,
      currency: 'INR',
      keyId: api.gateway.keys.keyId,
      checkoutUrl: expect.stringContaining(api.gateway.url),
      callbackUrl: expect.stringMatching(new RegExp(`/api/payments/return/${orderId}$`)),
      gateway: 'test',
    });
    expect(await stockOf(productId)).toBe(3);
    await api.settle();
    expect(await newOrderNotices(orderId)).toEqual([]);

    // The webhooks come after the buyer's return (they are held until then).
    await control.chaos({ hold: true });
    const back = await returnFromPage(orderId, await control.pay(payment.gatewayOrderId, 'card'));
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe('/dashboard/buyer');
    await control.chaos({ hold: false });
    await control.release();
    await api.settle();

    expect(await orderOf(buyer, orderId)).toMatchObject({ paymentStatus: 'paid' });
    const types = await eventTypes(orderId);
    expect(count(types, 'PaymentRequested')).toBe(1);
    expect(count(types, 'PaymentCaptured')).toBe(1);
    expect(await newOrderNotices(orderId)).toHaveLength(1);
    const [gatewayPayment] = await api.ctx.payments.paymentsOf(payment.gatewayOrderId);
    expect(gatewayPayment).toMatchObject({ status: 'captured', method: 'card' });
    const payments = ok(await admin.api.admin.payments.$get({ query: {} })).items;
    expect(payments.find((doc) => doc.id === orderId)).toMatchObject({
      status: 'paid',
      method: 'card',
      capturedVia: 'return',
      amountPaise: order.totalPaise,
    });
  });

  it('records a failed attempt (as the gateway tells it), and lets the buyer try again on the same gateway order', async () => {
    const { buyer, orderId, payment } = await onlineCheckout();
    const failed = await control.fail(payment.gatewayOrderId, { description: 'Your bank declined the payment' });
    expect((await returnFromPage(orderId, failed)).status).toBe(303);
    await api.settle();
    expect(await orderOf(buyer, orderId)).toMatchObject({
      paymentStatus: 'failed',
      paymentFailure: 'Your bank declined the payment',
    });

    const again = await buyer.api.orders[':id'].payment.$post({ param: { id: orderId } });
    expectStatus(again, 200);
    expect(again.body.payment.gatewayOrderId).toBe(payment.gatewayOrderId);
    expect((await returnFromPage(orderId, await control.pay(payment.gatewayOrderId))).status).toBe(303);
    await api.settle();
    expect(await orderOf(buyer, orderId)).toMatchObject({ paymentStatus: 'paid', paymentFailure: null });
    const types = await eventTypes(orderId);
    expect(count(types, 'PaymentFailed')).toBe(1);
    expect(count(types, 'PaymentCaptured')).toBe(1);
    expect(await newOrderNotices(orderId)).toHaveLength(1);

    // Paid: nothing left to pay; and only the buyer may pay at all.
    expectStatus(await buyer.api.orders[':id'].payment.$post({ param: { id: orderId } }), 409);
    expectStatus(await (await signedIn(api)).api.orders[':id'].payment.$post({ param: { id: orderId } }), 404);
  });

  it('refuses a forged return: a signature that does not hold for our gateway order records nothing', async () => {
    const { buyer, orderId, payment } = await onlineCheckout();
    const other = await onlineCheckout();
    // A real payment of another order, sent back as if it were this one's.
    const paidElsewhere = await control.pay(other.payment.gatewayOrderId);
    const forged = await returnFromPage(orderId, { ...paidElsewhere, razorpay_order_id: payment.gatewayOrderId });
    expectStatus(forged, 400);
    const tampered = await returnFromPage(orderId, { ...paidElsewhere, razorpay_signature: 'f'.repeat(64) });
    expectStatus(tampered, 400);
    expect(await eventTypes(orderId)).toEqual(['OrderPlaced', 'PaymentRequested']);
    expect(await orderOf(buyer, orderId)).toMatchObject({ paymentStatus: 'awaiting' });
  });

  it('keeps sellers off a purchase until it is paid: no moves, no notice; the buyer may still cancel it', async () => {
    const { buyer, orderId } = await onlineCheckout();
    const part = `${orderId}-1`;
    const move = await seller.api['seller-orders'][':id'].status.$post({
      param: { id: part },
      json: { status: 'processing' },
    });
    expectStatus(move, 409);
    expect(move.body.error.code).toBe('awaiting_payment');
    await api.settle();
    expect(ok(await seller.api['seller-orders'].$get()).map((doc) => doc.id)).not.toContain(part);
    expectStatus(await seller.api['seller-orders'][':id'].$get({ param: { id: part } }), 404);
    const cancel = await buyer.api['seller-orders'][':id'].status.$post({
      param: { id: part },
      json: { status: 'cancelled', reason: 'Changed my mind' },
    });
    expectStatus(cancel, 200);
    await api.settle();
    const { items } = ok(await seller.api.notifications.$get({ query: {} }));
    expect(items.filter((notice) => notice.orderId === orderId)).toEqual([]);
  });
});

describe('an unpaid purchase', () => {
  it('expires once its time has passed: every part cancelled, its stock back, nothing in the ledger', async () => {
    const { buyer, orderId, order, productId } = await onlineCheckout();
    expect(await stockOf(productId)).toBe(3);
    await reconcile();
    expect(await eventTypes(orderId)).not.toContain('PaymentExpired');

    const found = await reconcile(later(order.paymentDueBy!, 1000));
    expect(found.expired).toBeGreaterThanOrEqual(1);
    await api.settle();
    expect(await stockOf(productId)).toBe(5);
    expect(await orderOf(buyer, orderId)).toMatchObject({
      paymentStatus: 'expired',
      status: 'cancelled',
      sellerOrders: [{ status: 'cancelled', cancelReason: 'Payment expired' }],
    });
    expectStatus(await buyer.api.orders[':id'].payment.$post({ param: { id: orderId } }), 409);
    const ledger = ok(await seller.api.seller.ledger.$get({ query: {} }));
    expect(ledger.entries.items).toEqual([]);
    expect(await newOrderNotices(orderId)).toEqual([]);
  });

  it('is still asked about after its expiry: a payment taken then, its webhooks lost, is recorded late and refunded', async () => {
    const { orderId, order, payment } = await onlineCheckout();
    const dueBy = order.paymentDueBy!;
    await reconcile(later(dueBy, 1000));
    await api.settle();
    await control.chaos({ dropNext: 10 });
    await control.pay(payment.gatewayOrderId);
    await api.settle();
    await control.chaos({ dropNext: 0 });
    expect(await eventTypes(orderId)).not.toContain('PaymentCaptured');

    const found = await reconcile(later(dueBy, 2000));
    expect(found.late).toBe(1);
    await api.settle();
    const events = await api.platform.events.readStream(orderStream(orderId));
    expect(events.find((event) => event.type === 'PaymentCaptured')?.data).toMatchObject({
      late: true,
      via: 'reconciliation',
    });
    expect(events.find((event) => event.type === 'RefundRequested')?.data).toMatchObject({
      refundId: `${orderId}-late`,
      reason: 'late_payment',
      amountPaise: order.totalPaise,
    });
  });

  it('is no longer asked about once its watch after the expiry is over', async () => {
    const { orderId, order, payment } = await onlineCheckout();
    await reconcile(later(order.paymentDueBy!, 1000));
    await api.settle();
    await control.chaos({ dropNext: 10 });
    await control.pay(payment.gatewayOrderId);
    await api.settle();
    await control.chaos({ dropNext: 0 });

    await reconcile(later(order.paymentDueBy!, 1000 + LATE_PAYMENT_WATCH_MS + 1));
    expect(await eventTypes(orderId)).not.toContain('PaymentCaptured');
  });
});

describe('webhooks', () => {
  const webhook = (body: string, headers: Record<string, string>) =>
    api.anonymous().raw.request('POST', '/api/payments/webhook', {
      body,
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('refuses a forged or malformed webhook with 400, appending nothing', async () => {
    const before = await api.platform.events.lastPosition();
    const body = JSON.stringify({ entity: 'event', event: 'payment.captured', payload: {}, created_at: 1 });
    expectStatus(
      await webhook(body, { 'x-razorpay-signature': 'a'.repeat(64), 'x-razorpay-event-id': 'evt_forged' }),
      400,
    );
    expectStatus(await webhook(body, { 'x-razorpay-event-id': 'evt_unsigned' }), 400);
    expectStatus(await webhook('not json', { 'x-razorpay-signature': 'b'.repeat(64) }), 400);
    expect(await api.platform.events.lastPosition()).toBe(before);
  });

  it('applies duplicated and reordered webhooks exactly once', async () => {
    const { buyer, orderId, payment } = await onlineCheckout();
    await control.chaos({ hold: true, duplicateNext: 10 });
    // Paid with the buyer's browser lost on the way back: only the webhooks tell MIBI.
    await control.pay(payment.gatewayOrderId);
    await control.chaos({ hold: false });
    await control.release(true);
    await api.settle();
    expect(await orderOf(buyer, orderId)).toMatchObject({ paymentStatus: 'paid' });
    expect(count(await eventTypes(orderId), 'PaymentCaptured')).toBe(1);
    const { deliveries } = await control.webhooks();
    expect(deliveries.filter((d) => d.event === 'payment.captured').length).toBeGreaterThanOrEqual(1);
    expect(await newOrderNotices(orderId)).toHaveLength(1);
    const jobs = await api.platform.queue.deadLetters(NOTIFY_SELLER);
    expect(jobs).toEqual([]);
  });

  it('recovers a payment whose webhooks were all dropped at the next reconciliation', async () => {
    const { buyer, orderId, payment } = await onlineCheckout();
    await control.chaos({ dropNext: 10 });
    await control.pay(payment.gatewayOrderId);
    await api.settle();
    expect(await orderOf(buyer, orderId)).toMatchObject({ paymentStatus: 'awaiting' });
    await control.chaos({ dropNext: 0 });

    const found = await reconcile();
    expect(found.captured).toBe(1);
    await api.settle();
    expect(await orderOf(buyer, orderId)).toMatchObject({ paymentStatus: 'paid' });
    expect(count(await eventTypes(orderId), 'PaymentCaptured')).toBe(1);
    const payments = ok(await admin.api.admin.payments.$get({ query: { status: 'paid' } })).items;
    expect(payments.find((doc) => doc.id === orderId)).toMatchObject({ capturedVia: 'reconciliation' });
    expect(await newOrderNotices(orderId)).toHaveLength(1);
  });
});
