/**
 * A payment captured at the gateway survives MIBI dying before it records it: the real server
 * (embedded default, its test gateway beside it) is killed with SIGKILL between the gateway's
 * capture and PaymentCaptured, its webhooks held back; after a restart the reconciliation finds
 * the capture, and the purchase has one captured payment, each seller one notification and one
 * e-mail, and no refund.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { expect, it } from 'vitest';
import { PUNE_ADDRESS } from '../domain/order/addresses.fixtures.ts';
import { embeddedAddress, embeddedKeys, gatewayFolder } from '../platform/payments/embedded.ts';
import { RazorpayGateway } from '../platform/payments/razorpay.ts';
import { TestGatewayControl } from '../platform/payments/test-gateway/control-client.ts';
import { expectEachNotifiedOnce, marketplace } from './load.fixtures.ts';
import { crashableServers } from './crash.fixtures.ts';

const servers = crashableServers();

/** The embedded test gateway of `dir` as MIBI speaks to it, once it runs (its address is written when it listens). */
async function gatewayOf(dir: string) {
  const folder = gatewayFolder(dir);
  for (let waited = 0; ; waited += 100) {
    try {
      const url = embeddedAddress(folder);
      const keys = embeddedKeys(folder);
      return {
        control: new TestGatewayControl(url, keys),
        gateway: new RazorpayGateway({ kind: 'test', baseUrl: url, ...keys }),
      };
    } catch (error) {
      if (waited > 20_000) throw error;
      await sleep(100);
    }
  }
}

it('after a SIGKILL between the capture and its record, the purchase is paid once and each seller told once', async () => {
  const dir = servers.dataDir('payments');
  const server = await servers.serve(dir);
  const market = await marketplace(server.base, dir);
  const before = await gatewayOf(dir);
  const buyer = market.buyers[0]!;
  for (const productId of market.products) await buyer.send('POST', '/api/cart/items', { productId });
  const placed = await buyer.send('POST', '/api/orders', { shippingAddress: PUNE_ADDRESS, payment: 'online' });
  expect(placed.status).toBe(201);
  const orderId: string = placed.body.order.id;
  const gatewayOrderId: string = placed.body.payment.gatewayOrderId;

  // The buyer pays; MIBI captures at the gateway and dies before recording it (its webhooks held back).
  await before.control.chaos({ hold: true });
  await before.control.pay(gatewayOrderId);
  const [authorized] = await before.gateway.paymentsOf(gatewayOrderId);
  await before.gateway.capture(authorized!.id, authorized!.amountPaise, 'INR');
  server.child.kill('SIGKILL');
  await server.exited;

  const second = await servers.serve(dir);
  const again = buyer.at(second.base);
  for (let waited = 0; ; waited += 250) {
    const order = await again.send('GET', `/api/orders/${orderId}`);
    if (order.body?.paymentStatus === 'paid') break;
    if (waited > 30_000) throw new Error(`not paid after 30 s: ${JSON.stringify(order.body)}`);
    await sleep(250);
  }
  // The webhooks held back arrive now, late: they change nothing.
  const after = await gatewayOf(dir);
  await after.control.chaos({ hold: false });
  await after.control.release(true);

  await expectEachNotifiedOnce(dir, market, second.base, [orderId]);
  const payments = await after.gateway.paymentsOf(gatewayOrderId);
  expect(payments.map(({ status, refundedPaise }) => ({ status, refundedPaise }))).toEqual([
    { status: 'captured', refundedPaise: 0 },
  ]);
  const order = await again.send('GET', `/api/orders/${orderId}`);
  expect(order.body).toMatchObject({ paymentStatus: 'paid', refunds: [] });
}, 180_000);
