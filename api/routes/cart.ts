import { createRoute, z } from '@hono/zod-openapi';
import { type CartCommand, cartDecider } from '../../domain/cart/decider.ts';
import { cartStream } from '../../domain/cart/events.ts';
import { addToCartSchema, setCartQuantitySchema } from '../../domain/cart/schemas.ts';
import { subtotal } from '../../domain/order/pricing.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import type { AppContext } from '../context.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../http.ts';
import { isForSale, loadCart, loadProduct, purchaseFacts } from '../product-facts.ts';

const CartProductSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    pricePaise: z.number().int(),
    imageUrl: z.string().nullable(),
    stockQuantity: z.number().int(),
    available: z.boolean().openapi({ description: 'Verified, still listed and its seller not suspended: false for a product delisted since it was added' }),
  })
  .openapi('CartProduct');

const CartSchema = z
  .object({
    lines: z.array(z.object({ productId: z.string(), quantity: z.number().int(), product: CartProductSchema }).openapi('CartLine')),
    count: z.number().int().openapi({ description: 'Units in the cart (the badge)' }),
    subtotalPaise: z.number().int().openapi({ description: 'Sum of current price x quantity' }),
  })
  .openapi('Cart');

const CartChangeSchema = z.object({ cart: CartSchema, position: PositionSchema }).openapi('CartChange');

const ProductParams = z.object({ productId: z.string().min(1).max(100).openapi({ param: { name: 'productId', in: 'path' } }) });

type Cart = z.infer<typeof CartSchema>;

/** The cart from the write side, so it is current the moment a command returns. */
async function cartView(ctx: AppContext, userId: string): Promise<Cart> {
  const { lines } = await loadCart(ctx, userId);
  const shown = lines.map(({ productId, quantity, product }) => ({
    productId,
    quantity,
    product: {
      id: productId,
      name: product.details.name,
      pricePaise: product.details.pricePaise,
      imageUrl: product.details.imageUrl,
      stockQuantity: product.stockQuantity,
      available: isForSale(product),
    },
  }));
  return {
    lines: shown,
    count: lines.reduce((units, line) => units + line.quantity, 0),
    subtotalPaise: subtotal(shown.map((line) => ({ pricePaise: line.product.pricePaise, quantity: line.quantity }))),
  };
}

const tags = ['Cart'];

export function cartRoutes(ctx: AppContext) {
  const app = router();
  app.use('*', guard());

  /** Runs a command on the user's cart and answers with the cart after it. */
  async function changeCart(userId: string, command: CartCommand) {
    const { position } = await ctx.streams.decide(cartStream(userId), cartDecider, command, { actor: userId });
    return { cart: await cartView(ctx, userId), position };
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'The signed-in user’s cart with current product prices and stock',
      responses: { 200: jsonResponse(CartSchema, 'The cart'), ...errors(401) },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(await cartView(ctx, user.id), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/items',
      tags,
      summary: 'Add a product (one unit unless told otherwise); a product already in the cart gets the quantity added',
      request: { body: jsonBody(addToCartSchema) },
      responses: { 200: jsonResponse(CartChangeSchema, 'The cart after adding'), ...errors(400, 401, 404, 409, 413) },
    }),
    async (c) => {
      const user = requireUser(c);
      const { productId, quantity } = c.req.valid('json');
      const product = purchaseFacts(await loadProduct(ctx, productId));
      return c.json(await changeCart(user.id, { type: 'AddToCart', actor: actorOf(user), productId, product, quantity }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/items/{productId}',
      tags,
      summary: 'Set the quantity of a line, from 1 to the stock; zero or less removes the line',
      request: { params: ProductParams, body: jsonBody(setCartQuantitySchema) },
      responses: { 200: jsonResponse(CartChangeSchema, 'The cart after the change'), ...errors(400, 401, 404, 409, 413) },
    }),
    async (c) => {
      const user = requireUser(c);
      const { productId } = c.req.valid('param');
      const { quantity } = c.req.valid('json');
      const product = purchaseFacts(await loadProduct(ctx, productId));
      return c.json(await changeCart(user.id, { type: 'SetCartQuantity', actor: actorOf(user), productId, product, quantity }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/items/{productId}',
      tags,
      summary: 'Remove a line (removing a line that is not there changes nothing)',
      request: { params: ProductParams },
      responses: { 200: jsonResponse(CartChangeSchema, 'The cart after removing'), ...errors(400, 401) },
    }),
    async (c) => {
      const user = requireUser(c);
      const { productId } = c.req.valid('param');
      return c.json(await changeCart(user.id, { type: 'RemoveFromCart', actor: actorOf(user), productId }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/',
      tags,
      summary: 'Empty the cart',
      responses: { 200: jsonResponse(CartChangeSchema, 'The empty cart'), ...errors(401) },
    }),
    async (c) => {
      const user = requireUser(c);
      return c.json(await changeCart(user.id, { type: 'ClearCart', actor: actorOf(user), orderId: null }), 200);
    },
  );

  return app;
}
