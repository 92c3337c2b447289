import { createRoute, z } from '@hono/zod-openapi';
import type { Actor } from '../../domain/actor.ts';
import { categoryStream } from '../../domain/catalog/events.ts';
import { inventoryValue, isActive } from '../../domain/catalog/status.ts';
import { type ProductCommand, productDecider } from '../../domain/product/decider.ts';
import { productStream } from '../../domain/product/events.ts';
import { adjustStockSchema, productCommandSchema, productUpdateSchema } from '../../domain/product/schemas.ts';
import { assertMayList, sellerDecider } from '../../domain/seller/decider.ts';
import { sellerStream } from '../../domain/seller/events.ts';
import { COLLECTIONS, type ProductDoc } from '../../projections/models.ts';
import { actorOf, requireRole } from '../auth/middleware.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { PositionSchema, type SessionUser, errors, jsonBody, jsonResponse, router } from '../http.ts';
import { ProductIdParamsSchema, ProductSchema } from './products.ts';

/** Verifies new listings when AUTO_VERIFY is on (the demo's default), in place of an admin's review. */
const SYSTEM_ADMIN: Actor = { userId: 'system', roles: ['admin'] };

const UNKNOWN_CATEGORY = 'Choose one of the categories';

const SellerProductsSchema = z
  .object({
    items: z.array(ProductSchema),
    stats: z.object({
      total: z.number().int().openapi({ description: 'Total Products' }),
      active: z.number().int().openapi({ description: 'Active Products: in stock and verified' }),
      inventoryValuePaise: z.number().int().openapi({ description: 'Inventory Value: sum of price x stock, in paise' }),
    }),
  })
  .openapi('SellerProducts');

const ProductCommandResultSchema = z.object({ id: z.string(), position: PositionSchema }).openapi('ProductCommandResult');

const tags = ['Seller'];

export function sellerRoutes(ctx: AppContext) {
  const app = router();
  const products = ctx.platform.read.collection<ProductDoc>(COLLECTIONS.products);

  /** Categories are created before any product names them, so the write side is asked, not the read model. */
  async function assertCategoryExists(categoryId: string): Promise<void> {
    if ((await ctx.platform.events.streamRevision(categoryStream(categoryId))) < 0) {
      throw new ApiError(400, 'validation_failed', UNKNOWN_CATEGORY, { categoryId: UNKNOWN_CATEGORY });
    }
  }

  /** A command on an existing product, by its seller or an admin (the decider checks which). */
  async function decideOnProduct(user: SessionUser, productId: string, command: ProductCommand) {
    const { position } = await ctx.streams.decide(productStream(productId), productDecider, command, { actor: user.id });
    return { id: productId, position };
  }

  app.openapi(
    createRoute({
      method: 'get',
      path: '/products',
      tags,
      summary: "The seller's products, newest first, with the dashboard figures",
      responses: {
        200: jsonResponse(SellerProductsSchema, 'Products not deleted, with Total Products, Active Products and Inventory Value'),
        ...errors(401, 403),
      },
    }),
    async (c) => {
      const user = requireRole(c, 'seller');
      const items = await products.find({ where: { sellerId: user.id, delisted: false }, sort: [['listedAt', 'desc']] });
      const stats = { total: items.length, active: items.filter(isActive).length, inventoryValuePaise: inventoryValue(items) };
      return c.json({ items, stats }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/products',
      tags,
      summary: 'List a new product',
      description:
        'New products wait for review (Pending Review), unless the server verifies them at once (AUTO_VERIFY). ' +
        'A suspended seller cannot list new products.',
      request: { body: jsonBody(productCommandSchema, 'The product, money in paise') },
      responses: {
        201: jsonResponse(ProductCommandResultSchema, 'Listed'),
        ...errors(400, 401, 403, 413),
      },
    }),
    async (c) => {
      const user = requireRole(c, 'seller');
      const product = c.req.valid('json');
      assertMayList((await ctx.streams.load(sellerStream(user.id), sellerDecider)).state);
      await assertCategoryExists(product.categoryId);
      const productId = crypto.randomUUID();
      const at = new Date().toISOString();
      const stream = productStream(productId);
      let { position } = await ctx.streams.decide(
        stream,
        productDecider,
        { type: 'ListProduct', actor: actorOf(user), productId, product, at },
        { actor: user.id },
      );
      if (ctx.config.AUTO_VERIFY) {
        const verify: ProductCommand = { type: 'VerifyProduct', actor: SYSTEM_ADMIN, at };
        ({ position } = await ctx.streams.decide(stream, productDecider, verify, { actor: SYSTEM_ADMIN.userId }));
      }
      return c.json({ id: productId, position }, 201);
    },
  );

  app.openapi(
    createRoute({
      method: 'patch',
      path: '/products/{id}',
      tags,
      summary: 'Edit a product',
      description: 'Only the fields sent are changed; null clears the original price or the image. Its seller or an admin.',
      request: { params: ProductIdParamsSchema, body: jsonBody(productUpdateSchema, 'The fields to change, money in paise') },
      responses: {
        200: jsonResponse(ProductCommandResultSchema, 'Edited (or nothing changed)'),
        ...errors(400, 401, 403, 404, 413),
      },
    }),
    async (c) => {
      const user = requireRole(c, 'seller', 'admin');
      const { id } = c.req.valid('param');
      const changes = c.req.valid('json');
      if (changes.categoryId !== undefined) await assertCategoryExists(changes.categoryId);
      const at = new Date().toISOString();
      return c.json(await decideOnProduct(user, id, { type: 'UpdateProduct', actor: actorOf(user), changes, at }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'put',
      path: '/products/{id}/stock',
      tags,
      summary: 'Set the stock of a product',
      request: { params: ProductIdParamsSchema, body: jsonBody(adjustStockSchema, 'Units in stock') },
      responses: {
        200: jsonResponse(ProductCommandResultSchema, 'Stock set'),
        ...errors(400, 401, 403, 404, 413),
      },
    }),
    async (c) => {
      const user = requireRole(c, 'seller', 'admin');
      const { id } = c.req.valid('param');
      const { stockQuantity } = c.req.valid('json');
      const at = new Date().toISOString();
      return c.json(await decideOnProduct(user, id, { type: 'AdjustStock', actor: actorOf(user), stockQuantity, at }), 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'delete',
      path: '/products/{id}',
      tags,
      summary: 'Delete (delist) a product',
      description: 'The product leaves the catalog and the seller list; its history stays. Its seller or an admin.',
      request: { params: ProductIdParamsSchema },
      responses: {
        200: jsonResponse(ProductCommandResultSchema, 'Deleted (or already deleted)'),
        ...errors(400, 401, 403, 404),
      },
    }),
    async (c) => {
      const user = requireRole(c, 'seller', 'admin');
      const { id } = c.req.valid('param');
      const at = new Date().toISOString();
      return c.json(await decideOnProduct(user, id, { type: 'DelistProduct', actor: actorOf(user), at }), 200);
    },
  );

  return app;
}
