import { createRoute, z } from '@hono/zod-openapi';
import type { OrderLine } from '../../domain/order/events.ts';
import { DELIVERY_METHODS } from '../../domain/order/options.ts';
import { checkoutSchema, orderStatusChangeSchema } from '../../domain/order/schemas.ts';
import { ORDER_STATUSES } from '../../domain/order/status.ts';
import type { OrderDoc, OrderLineDoc } from '../../projections/models.ts';
import { actorOf, guard, requireRole, requireUser } from '../auth/middleware.ts';
import { placeOrder } from '../commands/checkout.ts';
import { type OrderResult, changeOrderStatus } from '../commands/orders.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../http.ts';
import { buyerOrders, sellerOrderLines, visibleOrder } from '../queries/orders.ts';

const money = z.number().int();
const status = z.enum(ORDER_STATUSES);

const orderLineFields = {
  productId: z.string(),
  name: z.string(),
  pricePaise: money,
  quantity: z.number().int(),
  imageUrl: z.string().nullable(),
  sellerId: z.string(),
  sellerName: z.string(),
  categoryId: z.string(),
};

/** A line as the buyer saw it when ordering. */
export const OrderLineSchema = z.object(orderLineFields).openapi('OrderLine') satisfies z.ZodType<OrderLine>;

export const OrderSchema = z
  .object({
    id: z.string(),
    buyerId: z.string(),
    buyerName: z.string(),
    lines: z.array(OrderLineSchema),
    sellerIds: z.array(z.string()),
    shippingAddress: z.object({
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      pincode: z.string(),
    }),
    delivery: z.enum(DELIVERY_METHODS),
    payment: z.literal('cod'),
    subtotalPaise: money,
    deliveryChargePaise: money,
    totalPaise: money,
    status,
    cancelReason: z.string().nullable(),
    placedAt: z.string(),
    updatedAt: z.string(),
    history: z.array(z.object({ status, at: z.string(), by: z.string() })),
  })
  .openapi('Order') satisfies z.ZodType<OrderDoc>;

const IncomingLineSchema = z
  .object({
    ...orderLineFields,
    id: z.string().openapi({ description: '`${orderId}:${productId}`' }),
    orderId: z.string(),
    buyerId: z.string(),
    buyerName: z.string(),
    status,
    placedAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('IncomingOrderLine') satisfies z.ZodType<OrderLineDoc>;

export const OrderChangeSchema = z
  .object({ order: OrderSchema, position: PositionSchema })
  .openapi('OrderChange') satisfies z.ZodType<OrderResult>;

const OrderParams = z.object({ id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' } }) });

const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 200 characters';
const CheckoutHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1, IDEMPOTENCY_KEY_MESSAGE)
    .max(200, IDEMPOTENCY_KEY_MESSAGE)
    .optional()
    .openapi({ description: 'Retrying with the same key returns the first order instead of placing another' }),
});

const orderNotFound = () => new ApiError(404, 'not_found', 'Order not found');

const tags = ['Orders'];

export const orderRoutes = (ctx: AppContext) =>
  router(guard())
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary: 'Place an order for everything in the cart, at current prices; the stock is reserved and the cart emptied',
        request: { headers: CheckoutHeaders, body: jsonBody(checkoutSchema) },
        responses: {
          201: jsonResponse(OrderChangeSchema, 'The order placed (or, for a repeated Idempotency-Key, the one placed first)'),
          ...errors(400, 401, 409, 413, 422),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        const idempotencyKey = c.req.valid('header')['idempotency-key'];
        return c.json(await placeOrder(ctx, actorOf(user), { buyerName: user.fullName, checkout: c.req.valid('json'), idempotencyKey }), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags,
        summary: 'The signed-in buyer’s orders, newest first',
        responses: { 200: jsonResponse(z.array(OrderSchema), 'Orders with their lines'), ...errors(401) },
      }),
      async (c) => c.json(await buyerOrders(ctx.platform.read, requireUser(c).id), 200),
    )
    // Declared before /{id} so "incoming" is not taken for an order id.
    .openapi(
      createRoute({
        method: 'get',
        path: '/incoming',
        tags,
        summary: 'The signed-in seller’s order lines (their products only), newest first',
        responses: { 200: jsonResponse(z.array(IncomingLineSchema), 'Order lines'), ...errors(401, 403) },
      }),
      async (c) => c.json(await sellerOrderLines(ctx.platform.read, requireRole(c, 'seller').id), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        tags,
        summary: 'One order: for its buyer, a seller with a line in it, or an admin',
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
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/status',
        tags,
        summary: 'Move an order: pending, processing, shipped, delivered; cancelled (with a reason) from pending or processing',
        description:
          'Sellers move orders with their products, admins any order; a buyer may cancel their own pending order. ' +
          'Cancelling releases the stock.',
        request: { params: OrderParams, body: jsonBody(orderStatusChangeSchema) },
        responses: { 200: jsonResponse(OrderChangeSchema, 'The order after the change'), ...errors(400, 401, 403, 404, 409, 413) },
      }),
      async (c) => {
        const user = requireUser(c);
        return c.json(await changeOrderStatus(ctx, actorOf(user), c.req.valid('param').id, c.req.valid('json')), 200);
      },
    );
