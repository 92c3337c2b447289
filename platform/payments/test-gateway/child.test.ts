/**
 * The test gateway as the embedded default runs it: a real child process on a free port, found
 * by MIBI's platform through its folder, posting signed webhooks, keeping its state over a restart.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { type IncomingMessage, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../../config/config.ts';
import { embeddedKeys, gatewayFolder } from '../embedded.ts';
import { openPayments } from '../open.ts';
import { GatewayUnavailable } from '../port.ts';
import { startGatewayProcess } from './child.ts';
import { TestGatewayControl } from './control-client.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'mibi-gateway-'));
const folder = gatewayFolder(dataDir);
const hooks: Array<{ body: Buffer; headers: IncomingMessage['headers'] }> = [];
const receiver = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    hooks.push({ body: Buffer.concat(chunks), headers: request.headers });
    response.writeHead(200).end();
  });
});
let webhookUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payments/webhook`;
});
afterAll(() => {
  receiver.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function until<T>(find: () => T | undefined): Promise<T> {
  for (let waited = 0; waited < 5000; waited += 20) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('waited in vain');
}

it('runs as a child process that the platform finds, and keeps its orders over a restart', async () => {
  const payments = openPayments(loadConfig({ DATA_DIR: dataDir }), dataDir);
  expect(payments.kind).toBe('test');
  await expect(payments.fetchOrder('order_Nothing0000001')).rejects.toThrow(GatewayUnavailable);

  let gateway = await startGatewayProcess({ folder, webhookUrl });
  const order = await payments.createOrder({ amountPaise: 25_000, currency: 'INR', receipt: 'purchase-1' });
  expect(payments.checkout.url).toBe(`${gateway.url}/v1/checkout/embedded`);
  const paid = await new TestGatewayControl(gateway.url, embeddedKeys(folder)).pay(order.id, 'netbanking');
  expect(payments.verifyPayment(order.id, paid.razorpay_payment_id, paid.razorpay_signature)).toBe(true);

  const hook = await until(() => hooks.find((h) => h.body.includes('payment.authorized')));
  const read = payments.readWebhook(
    hook.body,
    hook.headers['x-razorpay-signature'] as string,
    hook.headers['x-razorpay-event-id'] as string,
  );
  expect(read).toMatchObject({
    event: 'payment.authorized',
    payment: { id: paid.razorpay_payment_id, method: 'netbanking' },
  });

  await gateway.stop();
  expect(gateway.child.exitCode).toBe(0);
  await expect(payments.fetchOrder(order.id)).rejects.toThrow(GatewayUnavailable);

  gateway = await startGatewayProcess({ folder, webhookUrl });
  try {
    expect(await payments.createOrder({ amountPaise: 25_000, currency: 'INR', receipt: 'purchase-1' })).toMatchObject({
      id: order.id,
      status: 'attempted',
    });
    const captured = await payments.capture(paid.razorpay_payment_id, 25_000, 'INR');
    expect(captured.status).toBe('captured');
  } finally {
    await gateway.stop();
  }
});

it('ends by itself when its parent goes (the IPC channel closes)', async () => {
  const gateway = await startGatewayProcess({ folder, webhookUrl });
  const exited = new Promise((resolve) => gateway.child.once('exit', resolve));
  gateway.child.disconnect();
  expect(await exited).toBe(0);
});
