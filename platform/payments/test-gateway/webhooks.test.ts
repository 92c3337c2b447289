/**
 * The test gateway's webhooks: retried with backoff until a 2xx, given up after the attempts,
 * and on demand duplicated, dropped, held and released in reverse, resent, kept over a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { RazorpayGateway } from '../razorpay.ts';
import { webhookSignature } from '../signatures.ts';
import { TestGatewayControl } from './control-client.ts';
import { type TestGateway, type TestGatewayOptions, startTestGateway } from './server.ts';

interface Sent {
  at: number;
  id: string;
  event: string;
  body: string;
  signature: string;
}

const open: TestGateway[] = [];
afterEach(async () => {
  for (const gateway of open.splice(0)) await gateway.close();
});

/** A gateway whose webhooks reach `answer` (200 unless it says otherwise), kept in `sent`. */
async function gatewayAnswering(
  answer: (n: number, event: string) => number | Error = () => 200,
  options: TestGatewayOptions = {},
) {
  const sent: Sent[] = [];
  const gateway = await startTestGateway({
    webhookUrl: 'http://mibi.test/api/payments/webhook',
    retry: { attempts: 4, baseMs: 10, maxMs: 40 },
    send: async (_url, init) => {
      const headers = new Headers(init.headers);
      const body = String(init.body);
      sent.push({
        at: Date.now(),
        id: headers.get('x-razorpay-event-id')!,
        event: JSON.parse(body).event,
        body,
        signature: headers.get('x-razorpay-signature')!,
      });
      const outcome = answer(sent.length, sent.at(-1)!.event);
      if (outcome instanceof Error) throw outcome;
      return new Response(null, { status: outcome });
    },
    ...options,
  });
  open.push(gateway);
  const rzp = new RazorpayGateway({ kind: 'test', baseUrl: gateway.url, ...gateway.keys });
  const control = new TestGatewayControl(gateway.url, gateway.keys);
  return { gateway, rzp, control, sent };
}

async function until(done: () => boolean, ms = 3000): Promise<void> {
  for (let waited = 0; !done(); waited += 5) {
    if (waited > ms) throw new Error('waited in vain');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

let receipts = 0;
const order = (rzp: RazorpayGateway) =>
  rzp.createOrder({ amountPaise: 10_000, currency: 'INR', receipt: `r${++receipts}` });

describe('test gateway webhooks', () => {
  it('signs each one over its raw body and names its event', async () => {
    const { rzp, control, sent, gateway } = await gatewayAnswering();
    const { id } = await order(rzp);
    await control.pay(id);
    await until(() => sent.length === 1);
    const [hook] = sent;
    expect(hook!.event).toBe('payment.authorized');
    expect(hook!.id).toMatch(/^evt_[0-9A-Za-z]{14}$/);
    expect(hook!.signature).toBe(webhookSignature(gateway.keys.webhookSecret, hook!.body));
    expect(JSON.parse(hook!.body)).toMatchObject({ entity: 'event', contains: ['payment'] });
  });

  it('retries a delivery that failed, waiting longer each time, until a 2xx', async () => {
    const { rzp, control, sent } = await gatewayAnswering((n) =>
      n === 1 ? 500 : n === 2 ? new Error('ECONNREFUSED') : 204,
    );
    await control.pay((await order(rzp)).id);
    await until(() => sent.length === 3);
    expect(new Set(sent.map((s) => s.id)).size).toBe(1);
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(9);
    expect(sent[2]!.at - sent[1]!.at).toBeGreaterThanOrEqual(19);
    const { deliveries } = await control.webhooks();
    expect(deliveries).toEqual([expect.objectContaining({ state: 'delivered', attempts: 3, lastStatus: '204' })]);
  });

  it('gives a delivery up after the last attempt, and sends the others meanwhile', async () => {
    const { rzp, control, sent } = await gatewayAnswering((_, event) => (event === 'payment.authorized' ? 503 : 200));
    const first = await order(rzp);
    await control.pay(first.id);
    await control.fail((await order(rzp)).id);
    await until(() => sent.filter((s) => s.event === 'payment.authorized').length === 4);
    const { deliveries } = await control.webhooks();
    expect(deliveries.map((d) => [d.event, d.state, d.attempts])).toEqual([
      ['payment.authorized', 'failed', 4],
      ['payment.failed', 'delivered', 1],
    ]);
  });

  it('delivers the next one twice on demand, with the same id and body', async () => {
    const { rzp, control, sent } = await gatewayAnswering();
    await control.chaos({ duplicateNext: 1 });
    await control.pay((await order(rzp)).id);
    await control.fail((await order(rzp)).id);
    await until(() => sent.length === 3);
    expect(sent.map((s) => s.event)).toEqual(['payment.authorized', 'payment.authorized', 'payment.failed']);
    expect(sent[1]).toMatchObject({ id: sent[0]!.id, body: sent[0]!.body });
    expect((await control.webhooks()).chaos.duplicateNext).toBe(0);
  });

  it('drops the next ones on demand: never sent, listed as dropped', async () => {
    const { rzp, control, sent, gateway } = await gatewayAnswering();
    await control.chaos({ dropNext: 1 });
    await control.pay((await order(rzp)).id);
    await control.fail((await order(rzp)).id);
    await until(() => sent.length === 1);
    await gateway.webhooks.idle();
    expect(sent.map((s) => s.event)).toEqual(['payment.failed']);
    const dropped = (await control.webhooks()).deliveries.find((d) => d.state === 'dropped');
    expect(dropped?.event).toBe('payment.authorized');
    // ...unless resent by hand, as from Razorpay's dashboard.
    await control.redeliver(dropped!.id);
    await until(() => sent.length === 2);
    expect(sent[1]!.id).toBe(dropped!.id);
  });

  it('holds webhooks and releases them newest first (out of order)', async () => {
    const { rzp, control, sent } = await gatewayAnswering();
    await control.chaos({ hold: true });
    const { id } = await order(rzp);
    const paid = await control.pay(id);
    await rzp.capture(paid.razorpay_payment_id, 10_000, 'INR');
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(sent).toEqual([]);
    expect(await control.release(true)).toBe(3);
    await until(() => sent.length === 3);
    expect(sent.map((s) => s.event)).toEqual(['order.paid', 'payment.captured', 'payment.authorized']);
    expect((await control.webhooks()).chaos.hold).toBe(false);
  });

  it('keeps webhooks until a target is set', async () => {
    const { rzp, control, sent, gateway } = await gatewayAnswering(() => 200, { webhookUrl: undefined });
    await control.pay((await order(rzp)).id);
    await gateway.webhooks.idle();
    expect(sent).toEqual([]);
    await control.setWebhookTarget('http://mibi.test/api/payments/webhook');
    await until(() => sent.length === 1);
  });

  it('keeps what it owes over a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'mibi-gateway-'));
    try {
      const first = await gatewayAnswering(() => 200, { dataDir });
      await first.control.chaos({ hold: true });
      const made = await order(first.rzp);
      await first.control.pay(made.id);
      await first.gateway.close();
      open.splice(0);

      const second = await gatewayAnswering(() => 200, { dataDir, keys: first.gateway.keys });
      expect(await second.rzp.fetchOrder(made.id)).toMatchObject({ status: 'attempted' });
      expect(second.sent).toEqual([]);
      await second.control.release();
      await until(() => second.sent.length === 1);
      expect(second.sent[0]!.event).toBe('payment.authorized');
    } finally {
      for (const gateway of open.splice(0)) await gateway.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
