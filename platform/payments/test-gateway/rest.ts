/**
 * The REST subset of Razorpay's API that MIBI's adapter calls, with its JSON shapes and errors,
 * behind HTTP Basic auth with the gateway's key.
 */
import { timingSafeEqual } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { Operations, Refused } from './operations.ts';

export interface Keys {
  keyId: string;
  keySecret: string;
}

/** Razorpay's error body. */
export function errorBody(code: string, description: string, field: string | null = null) {
  return {
    error: {
      code,
      description,
      source: 'business',
      step: 'payment_initiation',
      reason: 'input_validation_failed',
      metadata: {},
      field,
    },
  };
}

/** The request's JSON or form body, as Razorpay takes both. */
export async function bodyOf<S extends z.ZodType>(c: Context, shape: S): Promise<z.output<S>> {
  const type = c.req.header('content-type') ?? '';
  let raw: unknown;
  try {
    raw = type.includes('application/json') ? await c.req.json() : await c.req.parseBody({ dot: false, all: false });
  } catch {
    throw new Refused('The request body is not valid JSON');
  }
  const parsed = shape.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = issue.path.join('.') || null;
    throw new Refused(field ? `The ${field} field is invalid: ${issue.message}` : issue.message, 400, field);
  }
  return parsed.data;
}

/** Refusals as Razorpay words them; anything else is the server's fault. */
export function answerErrors(app: Hono): void {
  app.onError((error, c) => {
    if (error instanceof Refused) {
      return c.json(errorBody('BAD_REQUEST_ERROR', error.description, error.field), error.status as 400);
    }
    return c.json(
      errorBody('SERVER_ERROR', 'The server encountered an error. The incident has been reported to admins'),
      500,
    );
  });
  app.notFound((c) => c.json(errorBody('BAD_REQUEST_ERROR', 'The requested URL was not found on the server.'), 404));
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Basic auth with the gateway's key id and secret, as Razorpay's API asks. */
export function basicAuth(keys: Keys) {
  const expected = `${keys.keyId}:${keys.keySecret}`;
  return async (c: Context, next: () => Promise<void>) => {
    const header = c.req.header('authorization') ?? '';
    const given = header.startsWith('Basic ') ? Buffer.from(header.slice(6), 'base64').toString('utf8') : '';
    if (!same(given, expected)) return c.json(errorBody('BAD_REQUEST_ERROR', 'Authentication failed'), 401);
    await next();
  };
}

const amount = z.coerce.number().int('must be an integer in paise');
const notes = z.record(z.string(), z.union([z.string(), z.number()])).default({});
const onHold = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['0', '1', 'true', 'false'])])
  .transform((v) => [true, 1, '1', 'true'].includes(v));
const collection = <T>(items: T[]) => ({ entity: 'collection', count: items.length, items });

/** Razorpay's paging of a list: `count` (10 unless asked, at most 100) from `skip`. */
function page<T>(items: T[], query: Record<string, string>): T[] {
  const count = Math.min(Math.max(Math.trunc(Number(query.count ?? 10)) || 10, 1), 100);
  const skip = Math.max(Math.trunc(Number(query.skip ?? 0)) || 0, 0);
  return items.slice(skip, skip + count);
}

export function restRoutes(ops: Operations, options: { onRefund: (refundId: string) => void }): Hono {
  const app = new Hono();

  app.post('/v1/orders', async (c) => {
    const body = await bodyOf(
      c,
      z.object({ amount, currency: z.string().default('INR'), receipt: z.string().nullable().default(null), notes }),
    );
    return c.json(ops.createOrder(body));
  });
  app.get('/v1/orders', (c) => c.json(collection(page(ops.orders(c.req.query('receipt')), c.req.query()))));
  app.get('/v1/orders/:id', (c) => c.json(ops.find('order', c.req.param('id'))));
  app.get('/v1/orders/:id/payments', (c) => c.json(collection(ops.paymentsOf(c.req.param('id')))));

  app.get('/v1/payments/:id', (c) => c.json(ops.find('payment', c.req.param('id'))));
  app.post('/v1/payments/:id/capture', async (c) => {
    const body = await bodyOf(c, z.object({ amount, currency: z.string().default('INR') }));
    return c.json(ops.capture(c.req.param('id'), body.amount, body.currency));
  });
  app.post('/v1/payments/:id/refund', async (c) => {
    const body = await bodyOf(
      c,
      z.object({
        amount: amount.optional(),
        receipt: z.string().nullable().default(null),
        speed: z.enum(['normal', 'optimum']).default('normal'),
      }),
    );
    const refund = ops.refund(c.req.param('id'), body);
    options.onRefund(refund.id);
    return c.json(refund);
  });
  app.get('/v1/payments/:id/refunds', (c) => c.json(collection(page(ops.refundsOf(c.req.param('id')), c.req.query()))));
  app.get('/v1/refunds/:id', (c) => c.json(ops.find('refund', c.req.param('id'))));

  app.post('/v1/payments/:id/transfers', async (c) => {
    const transfer = z.object({
      account: z.string(),
      amount,
      currency: z.string().default('INR'),
      notes,
      on_hold: onHold.default(false),
      on_hold_until: z.coerce.number().int().nullable().default(null),
    });
    const body = await bodyOf(c, z.object({ transfers: z.array(transfer).min(1) }));
    return c.json(collection(ops.transfers(c.req.param('id'), body.transfers)));
  });
  app.get('/v1/payments/:id/transfers', (c) => c.json(collection(ops.transfersOf(c.req.param('id')))));
  app.get('/v1/transfers/:id', (c) => c.json(ops.transfer(c.req.param('id'))));
  app.patch('/v1/transfers/:id', async (c) => {
    const body = await bodyOf(
      c,
      z.object({ on_hold: onHold, on_hold_until: z.coerce.number().int().nullable().default(null) }),
    );
    return c.json(ops.holdTransfer(c.req.param('id'), body));
  });
  app.post('/v1/transfers/:id/reversals', async (c) => {
    const body = await bodyOf(c, z.object({ amount: amount.optional(), notes }));
    return c.json(ops.reverse(c.req.param('id'), body));
  });
  app.get('/v1/transfers/:id/reversals', (c) => c.json(collection(ops.reversalsOf(c.req.param('id')))));

  app.post('/v2/accounts', async (c) => {
    const body = await bodyOf(
      c,
      z.object({
        email: z.string().email(),
        type: z.literal('route'),
        reference_id: z.string().nullable().default(null),
        legal_business_name: z.string().min(4).max(200),
        contact_name: z.string().min(1),
      }),
    );
    return c.json(ops.createAccount(body));
  });
  app.get('/v2/accounts/:id', (c) => c.json(ops.find('account', c.req.param('id'))));
  app.post('/v2/accounts/:id/stakeholders', async (c) => {
    const body = await bodyOf(c, z.object({ name: z.string().min(1), email: z.string().email() }));
    return c.json(ops.addStakeholder(c.req.param('id'), body));
  });
  app.post('/v2/accounts/:id/products', async (c) => {
    await bodyOf(c, z.object({ product_name: z.literal('route'), tnc_accepted: z.literal(true) }));
    return c.json(ops.requestRoute(c.req.param('id')));
  });
  app.get('/v2/accounts/:id/products/:product', (c) => c.json(ops.find('product', c.req.param('product'))));
  app.patch('/v2/accounts/:id/products/:product', async (c) => {
    await bodyOf(
      c,
      z.object({
        settlements: z.object({
          account_number: z.string().regex(/^\d{9,18}$/, 'must be 9 to 18 digits'),
          ifsc_code: z.string().regex(/^[A-Z]{4}0[A-Z0-9]{6}$/, 'must be an IFSC'),
          beneficiary_name: z.string().min(1),
        }),
        tnc_accepted: z.literal(true),
      }),
    );
    return c.json(ops.configureRoute(c.req.param('id'), c.req.param('product')));
  });
  return app;
}
