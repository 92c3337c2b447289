/**
 * The test-only control API (`/_test/...`, behind the same Basic auth as the REST API): pay or
 * fail an order without a browser, end a pending refund, and hold, release in reverse, drop,
 * duplicate or resend webhooks. Razorpay has nothing like it; MIBI's adapter never calls it.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { failureFields } from './checkout.ts';
import { METHODS, type Operations, Refused } from './operations.ts';
import { bodyOf } from './rest.ts';
import type { WebhookOutbox } from './webhooks.ts';

export function controlRoutes(ops: Operations, webhooks: WebhookOutbox): Hono {
  const app = new Hono();
  const method = z.enum(METHODS).default('upi');

  /** Pay: the fields checkout would post to the callback (razorpay_payment_id, _order_id, _signature). */
  app.post('/_test/orders/:id/pay', async (c) => {
    const body = await bodyOf(c, z.object({ method }));
    const payment = ops.attempt(c.req.param('id'), { authorized: true, method: body.method });
    return c.json({
      razorpay_payment_id: payment.id,
      razorpay_order_id: payment.order_id,
      razorpay_signature: ops.signatureOf(payment),
    });
  });

  /** Fail: the `error[...]` fields checkout would post to the callback. */
  app.post('/_test/orders/:id/fail', async (c) => {
    const body = await bodyOf(
      c,
      z.object({
        method,
        code: z.string().default('BAD_REQUEST_ERROR'),
        description: z.string().default('Payment failed'),
      }),
    );
    const payment = ops.attempt(c.req.param('id'), { authorized: false, ...body });
    return c.json(failureFields(payment.id, c.req.param('id'), body.code, body.description));
  });

  app.post('/_test/refunds/:id/:outcome{processed|failed}', (c) =>
    c.json(ops.settleRefund(c.req.param('id'), c.req.param('outcome') as 'processed' | 'failed')),
  );

  app.get('/_test/webhooks', (c) =>
    c.json({
      target: webhooks.target ?? null,
      chaos: webhooks.chaos(),
      deliveries: webhooks.list().map(({ body: _, rank: __, ...delivery }) => delivery),
    }),
  );
  app.put('/_test/webhooks/target', async (c) => {
    const { url } = await bodyOf(c, z.object({ url: z.string().url() }));
    webhooks.setTarget(url);
    return c.json({ target: url });
  });
  app.post('/_test/webhooks/chaos', async (c) => {
    const change = await bodyOf(
      c,
      z.object({
        hold: z.boolean().optional(),
        dropNext: z.number().int().min(0).optional(),
        duplicateNext: z.number().int().min(0).optional(),
      }),
    );
    return c.json(webhooks.setChaos(change));
  });
  app.post('/_test/webhooks/release', async (c) => {
    const { reverse } = await bodyOf(c, z.object({ reverse: z.boolean().default(false) }));
    return c.json({ released: webhooks.release(reverse) });
  });
  app.post('/_test/webhooks/:id/redeliver', (c) => {
    if (!webhooks.redeliver(c.req.param('id'))) throw new Refused('The id provided does not exist');
    return c.json({ redelivered: c.req.param('id') });
  });
  return app;
}
