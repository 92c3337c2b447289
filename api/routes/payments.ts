/**
 * Paying online: the buyer's payment of a purchase (pay again), the return from the gateway's
 * hosted page (a cross-site form post, authenticated by the payment's signature, not a session)
 * and the gateway's webhooks (authenticated by their signature on the raw body).
 */
import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { publicBaseUrl } from '../../platform/config/links.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import {
  type PaymentReturn,
  type PaymentStart,
  type WebhookReceipt,
  receiveWebhook,
  returnFromCheckout,
  startPayment,
} from '../commands/payments.ts';
import type { AppContext } from '../roles/context.ts';
import { type AppEnv, PositionSchema, errors, jsonResponse, pathParam, router } from '../http/router.ts';

export const PaymentStartSchema = z
  .object({
    checkoutUrl: z.string().openapi({ description: 'The hosted page: POST the fields below to it as a form' }),
    keyId: z.string().openapi({ description: 'The form field key_id' }),
    gatewayOrderId: z.string().openapi({ description: 'The form field order_id' }),
    amountPaise: z.number().int(),
    currency: z.literal('INR'),
    callbackUrl: z.string().openapi({ description: 'The form field callback_url' }),
    cancelUrl: z.string().openapi({ description: 'The form field cancel_url' }),
    name: z.string(),
    description: z.string(),
    gateway: z.enum(['razorpay', 'test']).openapi({ description: 'test: the local test gateway, no money moves' }),
  })
  .openapi('PaymentStart') satisfies z.ZodType<PaymentStart>;

const PaymentChangeSchema = z
  .object({ payment: PaymentStartSchema, position: PositionSchema })
  .openapi('PaymentChange');

/**
 * Where the buyer's browser comes back to: PUBLIC_URL when set, else the origin the buyer used
 * (the page is theirs; a forged Host only sends its own sender elsewhere).
 */
export const siteOf = (ctx: AppContext, c: Context<AppEnv>) => ({
  baseUrl: ctx.config.PUBLIC_URL ? publicBaseUrl(ctx.config) : new URL(c.req.url).origin,
});

/** Where the hosted page posts its outcome (+ the order id): a cross-site form post, with no use for the session. */
export const PAYMENT_RETURN_PATH = '/api/payments/return/';

const OrderIdParams = z.object({ id: pathParam('id', 100) });

/** What the hosted page posts: Razorpay's field names. */
const ReturnForm = z.object({
  razorpay_payment_id: z.string().max(100).optional(),
  razorpay_order_id: z.string().max(100).optional(),
  razorpay_signature: z.string().max(200).optional(),
  'error[code]': z.string().max(100).optional(),
  'error[description]': z.string().max(500).optional(),
  'error[metadata]': z.string().max(2000).optional(),
});

/** The attempt a failure names (error[metadata] is JSON with payment_id); null when it names none. */
function failedAttempt(metadata: string | undefined): string | null {
  try {
    const parsed: unknown = JSON.parse(metadata ?? '');
    const id = (parsed as { payment_id?: unknown } | null)?.payment_id;
    return typeof id === 'string' && id.length > 0 && id.length <= 100 ? id : null;
  } catch {
    return null;
  }
}

function returnOf(form: z.output<typeof ReturnForm>): PaymentReturn | null {
  const { razorpay_payment_id: paymentId, razorpay_signature: signature } = form;
  if (paymentId && signature) return { outcome: 'paid', paymentId, signature };
  if (form['error[code]'] !== undefined)
    return { outcome: 'failed', paymentId: failedAttempt(form['error[metadata]']) };
  return null;
}

const WebhookReceiptSchema = z
  .object({ received: z.literal(true), duplicate: z.boolean(), position: PositionSchema.nullable() })
  .openapi('WebhookReceipt') satisfies z.ZodType<WebhookReceipt>;

const tags = ['Payments'];

export const orderPaymentRoutes = (ctx: AppContext) =>
  router(guard()).openapi(
    createRoute({
      method: 'post',
      path: '/{id}/payment',
      operationId: 'startOrderPayment',
      tags,
      summary: 'Pay (again) for a purchase awaiting its online payment: what to post to the hosted page',
      description: 'For its buyer only, until the payment is due. The gateway order made at checkout is reused.',
      request: { params: OrderIdParams },
      responses: {
        200: jsonResponse(PaymentChangeSchema, 'The fields for the hosted page'),
        ...errors(400, 401, 404, 409, 502),
      },
    }),
    async (c) => {
      const user = requireUser(c);
      const started = await startPayment(ctx, actorOf(user), c.req.valid('param').id, siteOf(ctx, c));
      return c.json(started, 200);
    },
  );

export const paymentRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'post',
        path: '/return/{id}',
        operationId: 'returnFromPayment',
        tags,
        security: [],
        summary: "The gateway's hosted page posts the outcome of an attempt here, then the buyer sees their orders",
        description:
          'A payment counts only if its signature holds for the gateway order of our record, and as the gateway reports it.',
        request: {
          params: OrderIdParams,
          body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: ReturnForm } } },
        },
        responses: {
          303: { description: "To the buyer's orders, which show the payment as it now stands" },
          ...errors(400, 404, 409, 502),
        },
      }),
      async (c) => {
        const back = returnOf(c.req.valid('form'));
        if (back) await returnFromCheckout(ctx, c.req.valid('param').id, back);
        return c.redirect('/dashboard/buyer', 303);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/webhook',
        operationId: 'receivePaymentWebhook',
        tags,
        security: [],
        summary: "The payment gateway's webhooks (Razorpay's events, signed with the webhook secret)",
        description:
          'X-Razorpay-Signature: HMAC-SHA256 (hex) of the raw body. Each event id is handled once, however often delivered.',
        request: {
          headers: z.object({
            'x-razorpay-signature': z.string().max(200).optional(),
            'x-razorpay-event-id': z.string().max(200).optional(),
          }),
        },
        responses: {
          200: jsonResponse(WebhookReceiptSchema, 'Received (a delivery seen before changes nothing)'),
          ...errors(400, 409, 413, 502),
        },
      }),
      async (c) => {
        const headers = c.req.valid('header');
        const raw = new Uint8Array(await c.req.arrayBuffer());
        const receipt = await receiveWebhook(ctx, raw, headers['x-razorpay-signature'], headers['x-razorpay-event-id']);
        return c.json(receipt, 200);
      },
    );
