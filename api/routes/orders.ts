import { createRoute, z } from '@hono/zod-openapi';
import { checkoutSchema } from '../../domain/order/schemas.ts';
import { OrderSchema } from '../../projections/orders/documents.ts';
import { buyerOrders, visibleOrder } from '../../projections/orders/queries.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { limitRequest } from '../auth/too-many-requests.ts';
import { placeOrder } from '../commands/checkout.ts';
import { type PaymentStart, startPayment } from '../commands/payments.ts';
import { PaymentStartSchema, siteOf } from './payments.ts';
import type { OrderResult } from '../commands/orders.ts';
import type { AppContext } from '../roles/context.ts';
import { ApiError } from '../http/errors.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router, pathParam } from '../http/router.ts';

const OrderPlacedSchema = z
  .object({
    order: OrderSchema,
    position: PositionSchema,
    payment: PaymentStartSchema.nullable().openapi({
      description: 'Paid online: what the SPA posts to the hosted page; null for cash on delivery',
    }),
  })
  .openapi('OrderPlacement') satisfies z.ZodType<OrderResult & { payment: PaymentStart | null }>;

export const OrderParams = z.object({
  id: pathParam('id', 100),
});

const IDEMPOTENCY_KEY_MESSAGE = /*i18n*/ 'Idempotency-Key must be 1 to 200 characters';
const CheckoutHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1, IDEMPOTENCY_KEY_MESSAGE)
    .max(200, IDEMPOTENCY_KEY_MESSAGE)
    .optional()
    .openapi({ description: 'Retrying with the same key returns the first order instead of placing another' }),
});

export const orderNotFound = () => new ApiError(404, 'not_found', /*i18n*/ 'Order not found');

const tags = ['Orders'];

export const orderRoutes = (ctx: AppContext) =>
  router(guard())
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        operationId: 'placeOrder',
        tags,
        summary:
          'Place an order for everything in the cart, at current prices: one purchase, one seller order per seller',
        description: 'The stock is reserved and the cart emptied. A seller cannot buy its own products.',
        request: { headers: CheckoutHeaders, body: jsonBody(checkoutSchema) },
        responses: {
          201: jsonResponse(
            OrderPlacedSchema,
            'The order placed (or, for a repeated Idempotency-Key, the one placed first)',
          ),
          ...errors(400, 401, 403, 409, 413, 422, 429, 502),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        await limitRequest(c, ctx.throttles.orders, user.id, 'orders');
        const idempotencyKey = c.req.valid('header')['idempotency-key'];
        const actor = actorOf(user);
        const placed = await placeOrder(ctx, actor, {
          buyerName: user.fullName,
          checkout: c.req.valid('json'),
          idempotencyKey,
        });
        // Paid online: the gateway order is made now (a retry with the same key makes it if this one could not).
        const online = placed.order.paymentStatus === 'awaiting' || placed.order.paymentStatus === 'failed';
        const started = online ? await startPayment(ctx, actor, placed.order.id, siteOf(ctx, c)) : null;
        return c.json(
          {
            order: placed.order,
            position: Math.max(placed.position, started?.position ?? 0),
            payment: started?.payment ?? null,
          },
          201,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listOrders',
        tags,
        summary: 'The signed-in buyer’s orders, newest first',
        responses: { 200: jsonResponse(z.array(OrderSchema), 'Orders with their lines'), ...errors(401) },
      }),
      async (c) => c.json(await buyerOrders(ctx.platform.read, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        operationId: 'getOrder',
        tags,
        summary: 'One purchase: for its buyer or an admin (its sellers read their parts at /api/seller-orders)',
        request: { params: OrderParams },
        responses: { 200: jsonResponse(OrderSchema, 'The order'), ...errors(400, 401, 404) },
      }),
      async (c) => {
        const user = requireUser(c);
        // Someone else's order answers like a missing one.
        const order = await visibleOrder(ctx.platform.read, c.req.valid('param').id, actorOf(user));
        if (!order) throw orderNotFound();
        return c.json(order, 200);
      },
    );
