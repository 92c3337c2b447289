/**
 * Razorpay's hosted checkout (`POST /v1/checkout/embedded`) as the test gateway plays it: the
 * buyer picks UPI, card or netbanking and chooses Pay or Fail; the outcome is posted back to the
 * shop's callback_url with the fields Razorpay posts. Leaving the page leaves the order unpaid.
 */
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { METHODS, type Operations, Refused } from './operations.ts';
import {
  ASSETS,
  CHECKOUT_CSP,
  CHECKOUT_CSS,
  RETURN_JS,
  checkoutPage,
  problemPage,
  returnPage,
} from './checkout-page.ts';

const httpUrl = z
  .string()
  .url()
  .refine((url) => /^https?:\/\//.test(url), 'must be an http(s) address');

const started = z.object({
  key_id: z.string(),
  order_id: z.string(),
  callback_url: httpUrl,
  cancel_url: httpUrl.optional(),
  name: z.string().max(100).optional(),
  description: z.string().max(255).optional(),
  'prefill[email]': z.string().max(254).optional(),
  'prefill[contact]': z.string().max(20).optional(),
});
const chosen = started.extend({ method: z.enum(METHODS) });

export function checkoutRoutes(ops: Operations, keyId: string): Hono {
  const app = new Hono();
  app.use('/v1/checkout/*', async (c, next) => {
    await next();
    c.header('content-security-policy', CHECKOUT_CSP);
    c.header('x-content-type-options', 'nosniff');
    c.header('cache-control', 'no-store');
  });

  /** The posted form, checked: a known key and an order that can still be paid. */
  async function form<S extends typeof started>(c: Context, shape: S) {
    const parsed = shape.safeParse(await c.req.parseBody({ dot: false }));
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new Refused(`${issue.path.join('.') || 'The form'} ${issue.message}`);
    }
    const fields = parsed.data as z.output<S>;
    if (fields.key_id !== keyId) throw new Refused('The key_id is not this gateway’s key.');
    const order = ops.find('order', fields.order_id);
    if (order.status === 'paid') throw new Refused('This order has already been paid.');
    return { fields, order };
  }
  const carried = (fields: z.output<typeof started>) =>
    Object.fromEntries(
      Object.entries(fields).filter(([name, value]) => name !== 'method' && value !== undefined),
    ) as Record<string, string>;

  app.onError((error, c) =>
    c.html(
      problemPage(error instanceof Refused ? error.description : 'Something went wrong.'),
      error instanceof Refused ? 400 : 500,
    ),
  );

  app.post('/v1/checkout/embedded', async (c) => {
    const { fields, order } = await form(c, started);
    return c.html(checkoutPage(order, carried(fields)));
  });

  app.post('/v1/checkout/embedded/pay', async (c) => {
    const { fields, order } = await form(c, chosen);
    const payment = ops.attempt(order.id, {
      authorized: true,
      method: fields.method,
      ...(fields['prefill[email]'] && { email: fields['prefill[email]'] }),
      ...(fields['prefill[contact]'] && { contact: fields['prefill[contact]'] }),
    });
    return c.html(
      returnPage(fields.callback_url, fields.name || 'the shop', 'Payment authorized', {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: ops.signatureOf(payment),
      }),
    );
  });

  app.post('/v1/checkout/embedded/fail', async (c) => {
    const { fields, order } = await form(c, chosen);
    const payment = ops.attempt(order.id, {
      authorized: false,
      method: fields.method,
      code: 'BAD_REQUEST_ERROR',
      description: 'Payment failed',
    });
    return c.html(
      returnPage(fields.callback_url, fields.name || 'the shop', 'Payment failed', failureFields(payment.id, order.id)),
    );
  });

  app.get(`${ASSETS}/checkout.css`, (c) => c.body(CHECKOUT_CSS, 200, { 'content-type': 'text/css; charset=utf-8' }));
  app.get(`${ASSETS}/return.js`, (c) => c.body(RETURN_JS, 200, { 'content-type': 'text/javascript; charset=utf-8' }));
  return app;
}

/** The fields Razorpay's checkout posts to the callback for a failed attempt. */
export function failureFields(
  paymentId: string,
  orderId: string,
  code = 'BAD_REQUEST_ERROR',
  description = 'Payment failed',
) {
  return {
    'error[code]': code,
    'error[description]': description,
    'error[source]': 'customer',
    'error[step]': 'payment_authorization',
    'error[reason]': 'payment_failed',
    'error[metadata]': JSON.stringify({ payment_id: paymentId, order_id: orderId }),
  };
}
