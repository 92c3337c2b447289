/**
 * The Razorpay adapter against the test gateway: every port method over the REST protocol,
 * receipts making creation idempotent, refusals and unavailability, and both signatures.
 */
import { createHmac } from 'node:crypto';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayRefusal, GatewayUnavailable } from './port.ts';
import { RazorpayGateway } from './razorpay.ts';
import { TestGatewayControl } from './test-gateway/control-client.ts';
import { type TestGateway, startTestGateway } from './test-gateway/server.ts';

interface Received {
  body: string;
  signature: string | undefined;
  eventId: string | undefined;
}

let gateway: TestGateway;
let rzp: RazorpayGateway;
let control: TestGatewayControl;
const received: Received[] = [];

beforeAll(async () => {
  gateway = await startTestGateway({
    refunds: 'manual',
    webhookUrl: 'http://mibi.test/api/payments/webhook',
    send: async (_url, init) => {
      const headers = new Headers(init.headers);
      received.push({
        body: String(init.body),
        signature: headers.get('x-razorpay-signature') ?? undefined,
        eventId: headers.get('x-razorpay-event-id') ?? undefined,
      });
      return new Response(null, { status: 200 });
    },
  });
  rzp = new RazorpayGateway({ kind: 'test', baseUrl: gateway.url, ...gateway.keys });
  control = new TestGatewayControl(gateway.url, gateway.keys);
});
afterAll(() => gateway.close());

const receipt = () => `r-${Math.random().toString(36).slice(2)}`;

/** A captured payment of `amountPaise` on a fresh order. */
async function capturedPayment(amountPaise = 50_000) {
  const order = await rzp.createOrder({ amountPaise, currency: 'INR', receipt: receipt() });
  const paid = await control.pay(order.id, 'card');
  return rzp.capture(paid.razorpay_payment_id, amountPaise, 'INR');
}

async function webhooksOf(event: string, entityId: string) {
  await gateway.webhooks.idle();
  return received.filter((w) => {
    const body = JSON.parse(w.body);
    return body.event === event && JSON.stringify(body.payload).includes(entityId);
  });
}

describe('orders and payments', () => {
  it('creates one order per receipt, however often asked', async () => {
    const r = receipt();
    const first = await rzp.createOrder({ amountPaise: 123_45, currency: 'INR', receipt: r });
    const again = await rzp.createOrder({ amountPaise: 123_45, currency: 'INR', receipt: r });
    const other = await rzp.createOrder({ amountPaise: 123_45, currency: 'INR', receipt: receipt() });
    expect(first).toMatchObject({ amountPaise: 12_345, currency: 'INR', receipt: r, status: 'created' });
    expect(first.id).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(again).toEqual(first);
    expect(other.id).not.toBe(first.id);
    expect(await rzp.fetchOrder(first.id)).toEqual(first);
  });

  it('pays, verifies the signature, captures once, and lists every attempt', async () => {
    const order = await rzp.createOrder({ amountPaise: 99_900, currency: 'INR', receipt: receipt() });
    const failed = await control.fail(order.id, { description: 'Payment declined by bank' });
    const paid = await control.pay(order.id, 'upi');
    expect(paid.razorpay_order_id).toBe(order.id);
    expect(rzp.verifyPayment(order.id, paid.razorpay_payment_id, paid.razorpay_signature)).toBe(true);

    const attempts = await rzp.paymentsOf(order.id);
    expect(attempts.map((p) => p.status)).toEqual(['failed', 'authorized']);
    expect(attempts[0]!.id).toBe(JSON.parse(failed['error[metadata]']).payment_id);
    expect(attempts[0]!.error).toEqual({ code: 'BAD_REQUEST_ERROR', description: 'Payment declined by bank' });
    expect(await rzp.fetchOrder(order.id)).toMatchObject({ status: 'attempted' });

    const captured = await rzp.capture(paid.razorpay_payment_id, 99_900, 'INR');
    expect(captured).toMatchObject({
      status: 'captured',
      method: 'upi',
      amountPaise: 99_900,
      error: null,
      orderId: order.id,
    });
    expect(await rzp.capture(paid.razorpay_payment_id, 99_900, 'INR')).toEqual(captured);
    expect(await rzp.fetchPayment(captured.id)).toEqual(captured);
    expect(await rzp.fetchOrder(order.id)).toMatchObject({ status: 'paid' });
  });

  it('refuses what Razorpay refuses, in its words', async () => {
    const small = rzp.createOrder({ amountPaise: 99, currency: 'INR', receipt: receipt() });
    await expect(small).rejects.toThrow(GatewayRefusal);
    await expect(small).rejects.toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });
    await expect(rzp.fetchPayment('pay_NoSuchPayment01')).rejects.toMatchObject({
      description: 'The id provided does not exist',
    });
    const order = await rzp.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: receipt() });
    const paid = await control.pay(order.id);
    await expect(rzp.capture(paid.razorpay_payment_id, 9_000, 'INR')).rejects.toMatchObject({
      description: 'Capture amount must be equal to the amount authorized',
    });
    const wrongKey = new RazorpayGateway({ kind: 'test', baseUrl: gateway.url, ...gateway.keys, keySecret: 'wrong' });
    await expect(wrongKey.fetchOrder(order.id)).rejects.toMatchObject({
      status: 401,
      description: 'Authentication failed',
    });
  });
});

describe('signatures', () => {
  it('accepts only HMAC-SHA256 of order_id|payment_id under the key secret', async () => {
    const order = await rzp.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: receipt() });
    const { razorpay_payment_id: paymentId, razorpay_signature: signature } = await control.pay(order.id);
    const expected = createHmac('sha256', gateway.keys.keySecret).update(`${order.id}|${paymentId}`).digest('hex');
    expect(signature).toBe(expected);
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`;
    expect(rzp.verifyPayment(order.id, paymentId, flipped)).toBe(false);
    expect(rzp.verifyPayment('order_SomeoneElse001', paymentId, signature)).toBe(false);
    expect(rzp.verifyPayment(paymentId, order.id, signature)).toBe(false);
    expect(rzp.verifyPayment(order.id, paymentId, signature.slice(0, 32))).toBe(false);
    expect(rzp.verifyPayment(order.id, paymentId, 'not hex at all')).toBe(false);
    const forged = createHmac('sha256', 'guessed').update(`${order.id}|${paymentId}`).digest('hex');
    expect(rzp.verifyPayment(order.id, paymentId, forged)).toBe(false);
  });

  it('reads signed webhooks and refuses forged, tampered or unnamed ones', async () => {
    const payment = await capturedPayment(20_000);
    const [captured] = await webhooksOf('payment.captured', payment.id);
    expect(captured).toBeDefined();
    const raw = new TextEncoder().encode(captured!.body);
    const read = rzp.readWebhook(raw, captured!.signature, captured!.eventId);
    expect(read).toMatchObject({ id: captured!.eventId, event: 'payment.captured', payment, order: null });
    expect(captured!.signature).toBe(createHmac('sha256', gateway.keys.webhookSecret).update(raw).digest('hex'));

    const tampered = new TextEncoder().encode(captured!.body.replace('"amount":20000', '"amount":2000'));
    expect(rzp.readWebhook(tampered, captured!.signature, captured!.eventId)).toBeNull();
    const forged = createHmac('sha256', 'not-the-secret').update(raw).digest('hex');
    expect(rzp.readWebhook(raw, forged, captured!.eventId)).toBeNull();
    expect(rzp.readWebhook(raw, undefined, captured!.eventId)).toBeNull();
    expect(rzp.readWebhook(raw, captured!.signature, undefined)).toBeNull();
    const garbage = new TextEncoder().encode('{not json');
    const signedGarbage = createHmac('sha256', gateway.keys.webhookSecret).update(garbage).digest('hex');
    expect(rzp.readWebhook(garbage, signedGarbage, 'evt_1')).toBeNull();

    const [paid] = await webhooksOf('order.paid', payment.id);
    expect(rzp.readWebhook(new TextEncoder().encode(paid!.body), paid!.signature, paid!.eventId)).toMatchObject({
      event: 'order.paid',
      order: { id: payment.orderId, status: 'paid' },
      payment: { id: payment.id, status: 'captured' },
    });
  });
});

describe('refunds', () => {
  it('refunds in parts, once per receipt, and tells of each state', async () => {
    const payment = await capturedPayment(50_000);
    const first = await rzp.refund(payment.id, { amountPaise: 20_000, receipt: 'so-1-cancel' });
    expect(first).toMatchObject({
      paymentId: payment.id,
      amountPaise: 20_000,
      receipt: 'so-1-cancel',
      status: 'pending',
    });
    expect(first.id).toMatch(/^rfnd_/);
    expect(await rzp.refund(payment.id, { amountPaise: 20_000, receipt: 'so-1-cancel' })).toEqual(first);
    const second = await rzp.refund(payment.id, { amountPaise: 30_000, receipt: 'ret-1' });
    expect(await rzp.fetchPayment(payment.id)).toMatchObject({ status: 'refunded', refundedPaise: 50_000 });
    await expect(rzp.refund(payment.id, { amountPaise: 1, receipt: 'one-too-many' })).rejects.toThrow(GatewayRefusal);

    await control.settleRefund(first.id, 'processed');
    await control.settleRefund(second.id, 'failed');
    const refunds = await rzp.refundsOf(payment.id);
    expect(refunds.map((r) => [r.id, r.status])).toEqual([
      [first.id, 'processed'],
      [second.id, 'failed'],
    ]);
    expect(await rzp.fetchPayment(payment.id)).toMatchObject({ status: 'captured', refundedPaise: 20_000 });
    for (const event of ['refund.created', 'refund.processed']) {
      const [hook] = await webhooksOf(event, first.id);
      expect(
        rzp.readWebhook(new TextEncoder().encode(hook!.body), hook!.signature, hook!.eventId)?.refund,
      ).toMatchObject({
        id: first.id,
      });
    }
    expect(await webhooksOf('refund.failed', second.id)).toHaveLength(1);
  });

  it("finds a receipt past the first page of a payment's refunds", async () => {
    const payment = await capturedPayment(20_000);
    const made = [];
    for (let n = 1; n <= 105; n++) made.push(await rzp.refund(payment.id, { amountPaise: 100, receipt: `part-${n}` }));
    expect(await rzp.refund(payment.id, { amountPaise: 100, receipt: 'part-104' })).toEqual(made[103]);
    expect((await rzp.refundsOf(payment.id)).map((r) => r.id)).toEqual(made.map((r) => r.id));
    // Razorpay's own page is 10 unless asked for more.
    const auth = `Basic ${Buffer.from(`${gateway.keys.keyId}:${gateway.keys.keySecret}`).toString('base64')}`;
    const raw = await fetch(`${gateway.url}/v1/payments/${payment.id}/refunds`, { headers: { authorization: auth } });
    expect((await raw.json()).count).toBe(10);
  });
});

describe('Route', () => {
  const seller = (reference: string) => ({
    reference,
    email: `${reference}@sellers.test`,
    businessName: 'Jaipur Blue Pottery',
    contactName: 'Asha Verma',
    bank: { beneficiaryName: 'Asha Verma', accountNumber: '000123456789', ifsc: 'HDFC0000317' },
  });

  it('onboards a linked account once per reference', async () => {
    const account = await rzp.createLinkedAccount(seller('seller-a1'));
    expect(account).toMatchObject({ reference: 'seller-a1', status: 'activated' });
    expect(account.id).toMatch(/^acc_/);
    expect(await rzp.createLinkedAccount(seller('seller-a1'))).toEqual(account);
    // Someone else's account under the same e-mail is not taken for ours.
    await expect(rzp.createLinkedAccount({ ...seller('seller-a2'), email: 'seller-a1@sellers.test' })).rejects.toThrow(
      GatewayRefusal,
    );
    await expect(
      rzp.createLinkedAccount({ ...seller('seller-a3'), bank: { ...seller('x').bank, ifsc: 'NOT-AN-IFSC' } }),
    ).rejects.toThrow(GatewayRefusal);
  });

  it('transfers on hold once per receipt, releases and reverses once per receipt', async () => {
    const account = await rzp.createLinkedAccount(seller('seller-b1'));
    const payment = await capturedPayment(100_000);
    const input = { account: account.id, amountPaise: 60_000, receipt: 'so-b1', onHoldUntil: null };
    const transfer = await rzp.transfer(payment.id, input);
    expect(transfer).toMatchObject({
      paymentId: payment.id,
      account: account.id,
      amountPaise: 60_000,
      reversedPaise: 0,
      receipt: 'so-b1',
      onHold: true,
      onHoldUntil: null,
      status: 'processed',
    });
    expect(await rzp.transfer(payment.id, input)).toEqual(transfer);
    await expect(rzp.transfer(payment.id, { ...input, amountPaise: 50_000, receipt: 'so-b2' })).rejects.toThrow(
      GatewayRefusal,
    );
    const until = '2030-01-01T00:00:00.000Z';
    const later = await rzp.transfer(payment.id, {
      ...input,
      amountPaise: 10_000,
      receipt: 'so-b3',
      onHoldUntil: until,
    });
    expect(later).toMatchObject({ onHold: true, onHoldUntil: until });
    expect((await rzp.transfersOf(payment.id)).map((t) => t.id)).toEqual([transfer.id, later.id]);

    expect(await rzp.release(transfer.id)).toMatchObject({ id: transfer.id, onHold: false });
    const reversal = await rzp.reverse(transfer.id, { amountPaise: 25_000, receipt: 'return-1' });
    expect(reversal).toMatchObject({ transferId: transfer.id, amountPaise: 25_000, receipt: 'return-1' });
    expect(reversal.id).toMatch(/^rvrsl_/);
    expect(await rzp.reverse(transfer.id, { amountPaise: 25_000, receipt: 'return-1' })).toEqual(reversal);
    await expect(rzp.reverse(transfer.id, { amountPaise: 40_000, receipt: 'return-2' })).rejects.toThrow(
      GatewayRefusal,
    );
    const [after] = (await rzp.transfersOf(payment.id)).filter((t) => t.id === transfer.id);
    expect(after).toMatchObject({ reversedPaise: 25_000, status: 'partially_reversed' });

    const [processed] = await webhooksOf('transfer.processed', transfer.id);
    const [reversed] = await webhooksOf('transfer.reversed', transfer.id);
    for (const hook of [processed, reversed]) {
      expect(rzp.readWebhook(new TextEncoder().encode(hook!.body), hook!.signature, hook!.eventId)?.transfer?.id).toBe(
        transfer.id,
      );
    }
  });

  it('ends a hold by itself once its time has come', async () => {
    let now = Date.parse('2026-11-27T10:00:00Z');
    const clocked = await startTestGateway({ now: () => now });
    try {
      const rzp = new RazorpayGateway({ kind: 'test', baseUrl: clocked.url, ...clocked.keys });
      const account = await rzp.createLinkedAccount(seller('seller-c1'));
      const order = await rzp.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: 'p-c1' });
      const paid = await new TestGatewayControl(clocked.url, clocked.keys).pay(order.id);
      const payment = await rzp.capture(paid.razorpay_payment_id, 10_000, 'INR');
      const until = '2026-12-04T10:00:00.000Z';
      const input = { account: account.id, amountPaise: 9_000, receipt: 'so-c1', onHoldUntil: until };
      expect(await rzp.transfer(payment.id, input)).toMatchObject({ onHold: true, onHoldUntil: until });
      now = Date.parse(until) - 1000;
      expect((await rzp.transfersOf(payment.id))[0]).toMatchObject({ onHold: true });
      now = Date.parse(until);
      expect((await rzp.transfersOf(payment.id))[0]).toMatchObject({ onHold: false, onHoldUntil: null });
    } finally {
      await clocked.close();
    }
  });

  it('refuses a transfer from a payment not captured, or to an unknown account', async () => {
    const order = await rzp.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: receipt() });
    const paid = await control.pay(order.id);
    const input = { account: 'acc_NoSuchAccount01', amountPaise: 5_000, receipt: 'x', onHoldUntil: null };
    await expect(rzp.transfer(paid.razorpay_payment_id, input)).rejects.toThrow(GatewayRefusal);
    const payment = await rzp.capture(paid.razorpay_payment_id, 10_000, 'INR');
    await expect(rzp.transfer(payment.id, input)).rejects.toMatchObject({ status: 400 });
  });
});

describe('an unavailable provider', () => {
  async function serve(handler: Parameters<typeof createServer>[1]): Promise<{ url: string; server: Server }> {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
  }
  const client = (baseUrl: string) => new RazorpayGateway({ kind: 'test', baseUrl, ...gateway.keys, timeoutMs: 200 });

  it('is GatewayUnavailable on a 5xx, a timeout, no answer, or an answer of the wrong shape', async () => {
    const failing = await serve((_req, res) =>
      res.writeHead(503).end('{"error":{"code":"SERVER_ERROR","description":"down"}}'),
    );
    const silent = await serve(() => {});
    const odd = await serve((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"id":1}'));
    try {
      await expect(client(failing.url).fetchOrder('order_1')).rejects.toThrow(GatewayUnavailable);
      await expect(client(silent.url).fetchOrder('order_1')).rejects.toThrow(GatewayUnavailable);
      await expect(client(odd.url).fetchOrder('order_1')).rejects.toThrow(GatewayUnavailable);
      await expect(client('http://127.0.0.1:9').fetchOrder('order_1')).rejects.toThrow(GatewayUnavailable);
    } finally {
      for (const { server } of [failing, silent, odd]) {
        server.closeAllConnections();
        server.close();
      }
    }
  });
});
