import { createRoute, z } from '@hono/zod-openapi';
import type { OrderLine, ShippingAddress } from '../../domain/order/events.ts';
import { DELIVERY_METHODS } from '../../domain/order/options.ts';
import { checkoutSchema } from '../../domain/order/schemas.ts';
import { ORDER_STATUSES } from '../../domain/order/status.ts';
import type { OrderDoc, ReturnDoc, SellerOrderDoc, SellerOrderSummary } from '../../projections/models.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { limitRequest } from '../auth/too-many-requests.ts';
import { placeOrder } from '../commands/checkout.ts';
import type { OrderResult } from '../commands/orders.ts';
import type { AppContext } from '../roles/context.ts';
import { ApiError } from '../http/errors.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../http/router.ts';
import { buyerOrders, visibleOrder } from '../queries/orders.ts';

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

const historySchema = z.array(z.object({ status, at: z.string(), by: z.string() }));

const ShippingAddressSchema = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string(),
    address: z.string(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
  })
  .openapi('ShippingAddress') satisfies z.ZodType<ShippingAddress>;

export const ReturnSchema = z
  .object({
    returnId: z.string().openapi({ description: '`${sellerOrderId}-R${n}`' }),
    lines: z.array(
      z.object({ productId: z.string(), quantity: z.number().int(), name: z.string(), pricePaise: money }),
    ),
    reason: z.string(),
    status: z.enum(['requested', 'accepted', 'rejected']),
    decisionReason: z.string().nullable(),
    requestedAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .openapi('Return') satisfies z.ZodType<ReturnDoc>;

const sellerOrderSummaryFields = {
  id: z.string().openapi({ description: 'The seller order id, `${orderId}-${n}`' }),
  shortId: z.string().openapi({ description: 'What people are shown, e.g. 3f2b9c1e-2' }),
  sellerId: z.string(),
  sellerName: z.string(),
  subtotalPaise: money,
  status,
  cancelReason: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  history: historySchema,
  returns: z.array(ReturnSchema),
};

const SellerOrderSummarySchema = z
  .object(sellerOrderSummaryFields)
  .openapi('SellerOrderSummary') satisfies z.ZodType<SellerOrderSummary>;

/** One seller's part of a purchase: its lines only, and where to ship them. */
export const SellerOrderSchema = z
  .object({
    ...sellerOrderSummaryFields,
    orderId: z.string(),
    buyerId: z.string(),
    buyerName: z.string(),
    lines: z.array(OrderLineSchema),
    shippingAddress: ShippingAddressSchema,
    delivery: z.enum(DELIVERY_METHODS),
    payment: z.literal('cod'),
    placedAt: z.string(),
    updatedAt: z.string(),
    openReturns: z.number().int().openapi({ description: 'Returns waiting for the seller' }),
  })
  .openapi('SellerOrder') satisfies z.ZodType<SellerOrderDoc>;

/** What the buyer paid for in one checkout, with each seller's part. */
export const OrderSchema = z
  .object({
    id: z.string(),
    buyerId: z.string(),
    buyerName: z.string(),
    lines: z.array(OrderLineSchema),
    sellerIds: z.array(z.string()),
    sellerOrders: z.array(SellerOrderSummarySchema),
    shippingAddress: ShippingAddressSchema,
    delivery: z.enum(DELIVERY_METHODS),
    payment: z.literal('cod'),
    subtotalPaise: money,
    deliveryChargePaise: money.openapi({
      description: 'Kept whole on the purchase: the marketplace arranges delivery',
    }),
    totalPaise: money,
    status: status.openapi({
      description: 'Cancelled when every part is; otherwise the least advanced part not cancelled',
    }),
    placedAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Order') satisfies z.ZodType<OrderDoc>;

export const OrderChangeSchema = z
  .object({ order: OrderSchema, position: PositionSchema })
  .openapi('OrderChange') satisfies z.ZodType<OrderResult>;

export const OrderParams = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 200 characters';
const CheckoutHeaders = z.object({
  'idempotency-key': z
    .string()
    .min(1, IDEMPOTENCY_KEY_MESSAGE)
    .max(200, IDEMPOTENCY_KEY_MESSAGE)
    .optional()
    .openapi({ description: 'Retrying with the same key returns the first order instead of placing another' }),
});

export const orderNotFound = () => new ApiError(404, 'not_found', 'Order not found');

const tags = ['Orders'];

export const orderRoutes = (ctx: AppContext) =>
  router(guard())
    .openapi(
      createRoute({
        method: 'post',
        path: '/',
        tags,
        summary:
          'Place an order for everything in the cart, at current prices: one purchase, one seller order per seller',
        description: 'The stock is reserved and the cart emptied. A seller cannot buy its own products.',
        request: { headers: CheckoutHeaders, body: jsonBody(checkoutSchema) },
        responses: {
          201: jsonResponse(
            OrderChangeSchema,
            'The order placed (or, for a repeated Idempotency-Key, the one placed first)',
          ),
          ...errors(400, 401, 403, 409, 413, 422, 429),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        await limitRequest(c, ctx.throttles.orders, user.id, 'orders');
        const idempotencyKey = c.req.valid('header')['idempotency-key'];
        return c.json(
          await placeOrder(ctx, actorOf(user), {
            buyerName: user.fullName,
            checkout: c.req.valid('json'),
            idempotencyKey,
          }),
          201,
        );
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
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
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
