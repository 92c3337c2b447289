import { createRoute, z } from '@hono/zod-openapi';
import { addToCartSchema, setCartQuantitySchema } from '../../domain/cart/schemas.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { type CartView, addToCart, cartView, clearCart, removeFromCart, setCartQuantity } from '../commands/cart.ts';
import type { AppContext } from '../roles/context.ts';
import { TranslatedNamesSchema } from '../../projections/catalog/documents.ts';
import { AnswerSchema } from '../../projections/orders/documents.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router, pathParam } from '../http/router.ts';

const CartProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    names: TranslatedNamesSchema,
    pricePaise: z.number().int(),
    imageUrl: z.string().nullable(),
    stockQuantity: z.number().int(),
    available: z.boolean().openapi({
      description:
        'Verified, still listed and its seller not suspended: false for a product delisted since it was added',
    }),
    madeToOrderDays: z
      .number()
      .int()
      .nullable()
      .openapi({ description: 'Made to order: days to make it once ordered; null when it ships from stock' }),
  })
  .openapi('CartProduct');

const LineShortageSchema = z
  .object({
    left: z.number().int().openapi({
      description: 'Units that can be ordered now: the stock, or 0 when sold out or no longer for sale',
    }),
  })
  .openapi('CartLineShortage');

const CartSchema = z
  .object({
    lines: z.array(
      z
        .object({
          lineKey: z.string().openapi({
            description: "The line's key, which the line's routes take: the product id for a product sold as one thing",
          }),
          productId: z.string(),
          variantId: z.string().openapi({ description: "'default' for a product sold as one thing" }),
          variantLabel: z.string().openapi({ description: "e.g. 'Size 8 · Tan'; '' for a product sold as one thing" }),
          sku: z.string(),
          personalisation: z.array(AnswerSchema),
          quantity: z.number().int(),
          product: CartProductSchema,
          shortage: z.union([LineShortageSchema, z.null()]).openapi({
            description:
              'Null while the whole quantity can be ordered; else the line must be lowered to `left` (or removed at 0) before checkout',
          }),
        })
        .openapi('CartLine'),
    ),
    count: z.number().int().openapi({ description: 'Units in the cart (the badge)' }),
    subtotalPaise: z.number().int().openapi({ description: 'Sum of current price x quantity' }),
    dispatchBy: z.string().nullable().openapi({
      description:
        'Ordered now, the UTC day (YYYY-MM-DD) by which its last seller order would be dispatched (made-to-order time included); null when empty',
    }),
  })
  .openapi('Cart') satisfies z.ZodType<CartView>;

const CartChangeSchema = z.object({ cart: CartSchema, position: PositionSchema }).openapi('CartChange');

const LineParams = z.object({
  lineKey: pathParam('lineKey', 200, {
    description: "The line's key (`lineKey` of the cart's line): the product id for a product sold as one thing",
  }),
});

const tags = ['Cart'];

export const cartRoutes = (ctx: AppContext) =>
  router(guard())
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'getCart',
        tags,
        summary: 'The signed-in user’s cart with current product prices and stock',
        responses: { 200: jsonResponse(CartSchema, 'The cart'), ...errors(401) },
      }),
      async (c) => c.json(await cartView(ctx, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/items',
        operationId: 'addToCart',
        tags,
        summary:
          'Add a variant of a product (one unit unless told otherwise; the default variant of a product sold as one thing), with the answers to its questions; a line already in the cart (same variant, same answers) gets the quantity added',
        request: { body: jsonBody(addToCartSchema) },
        responses: {
          200: jsonResponse(CartChangeSchema, 'The cart after adding'),
          ...errors(400, 401, 403, 404, 409, 413),
        },
      }),
      async (c) => c.json(await addToCart(ctx, actorOf(requireUser(c)), c.req.valid('json')), 200),
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/items/{lineKey}',
        operationId: 'setCartQuantity',
        tags,
        summary: 'Set the quantity of a line, from 1 to the stock; zero or less removes the line',
        request: { params: LineParams, body: jsonBody(setCartQuantitySchema) },
        responses: {
          200: jsonResponse(CartChangeSchema, 'The cart after the change'),
          ...errors(400, 401, 403, 404, 409, 413),
        },
      }),
      async (c) => {
        const { lineKey } = c.req.valid('param');
        return c.json(await setCartQuantity(ctx, actorOf(requireUser(c)), lineKey, c.req.valid('json').quantity), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/items/{lineKey}',
        operationId: 'removeFromCart',
        tags,
        summary: 'Remove a line (removing a line that is not there changes nothing)',
        request: { params: LineParams },
        responses: { 200: jsonResponse(CartChangeSchema, 'The cart after removing'), ...errors(400, 401) },
      }),
      async (c) => c.json(await removeFromCart(ctx, actorOf(requireUser(c)), c.req.valid('param').lineKey), 200),
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/',
        operationId: 'clearCart',
        tags,
        summary: 'Empty the cart',
        responses: { 200: jsonResponse(CartChangeSchema, 'The empty cart'), ...errors(401) },
      }),
      async (c) => c.json(await clearCart(ctx, actorOf(requireUser(c))), 200),
    );
