import { createRoute, z } from '@hono/zod-openapi';
import { CONTENT_FIELDS } from '../../domain/product/revision.ts';
import { adjustStockSchema, productCommandSchema, productUpdateSchema } from '../../domain/product/schemas.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { limitRequest } from '../auth/too-many-requests.ts';
import type { RevisionWaiting } from '../commands/product-revisions.ts';
import {
  type ListingResult,
  type ProductCommandResult,
  type ProductUpdateResult,
  delistProduct,
  listProduct,
  setStock,
  updateProduct,
} from '../commands/products.ts';
import type { AppContext } from '../roles/context.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../http/router.ts';
import { sellerProducts } from '../../projections/catalog/queries.ts';
import { SellerProductsSchema } from '../../projections/catalog/documents.ts';
import { ProductIdParamsSchema } from './products.ts';
import { IMAGES_UNAVAILABLE_RESPONSE } from './uploads.ts';

export const ProductCommandResultSchema = z
  .object({ id: z.string(), position: PositionSchema })
  .openapi('ProductCommandResult') satisfies z.ZodType<ProductCommandResult>;

const ListingResultSchema = ProductCommandResultSchema.extend({
  verification: z
    .enum(['verified', 'pending'])
    .openapi({ description: 'On sale at once (AUTO_VERIFY), or waiting for an admin to verify it' }),
  message: z.string().openapi({ description: 'That, in words for the seller' }),
}).openapi('ListingResult') satisfies z.ZodType<ListingResult>;

export const RevisionWaitingSchema = z
  .object({
    revisionId: z.string(),
    fields: z.array(z.enum(CONTENT_FIELDS)).openapi({ description: 'The fields that wait' }),
  })
  .openapi('RevisionWaiting') satisfies z.ZodType<RevisionWaiting>;

const ProductUpdateResultSchema = ProductCommandResultSchema.extend({
  review: RevisionWaitingSchema.nullable().openapi({
    description:
      "Content changes of a verified product sent for an admin's review (the approved version stays on sale); null when none wait",
  }),
  message: z.string().openapi({ description: 'What the edit did, in words for the seller' }),
}).openapi('ProductUpdateResult') satisfies z.ZodType<ProductUpdateResult>;

const tags = ['Seller'];

export const sellerRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/products',
        operationId: 'listOwnProducts',
        middleware: [guard('seller')] as const,
        tags,
        summary: "The seller's products, newest first, with the dashboard figures",
        responses: {
          200: jsonResponse(
            SellerProductsSchema,
            'Products not deleted, with Total Products, Active Products and Inventory Value',
          ),
          ...errors(401, 403),
        },
      }),
      async (c) => c.json(await sellerProducts(ctx.platform.read, requireUser(c).id), 200),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/products',
        operationId: 'createProduct',
        middleware: [guard('seller')] as const,
        tags,
        summary: 'List a new product',
        description:
          'New products wait for review (Pending Review), unless the server verifies them at once (AUTO_VERIFY). ' +
          'A suspended seller cannot list new products.',
        request: { body: jsonBody(productCommandSchema, 'The product, money in paise') },
        responses: {
          201: jsonResponse(ListingResultSchema, 'Listed'),
          ...errors(400, 401, 403, 413, 429),
          ...IMAGES_UNAVAILABLE_RESPONSE,
        },
      }),
      async (c) => {
        const user = requireUser(c);
        await limitRequest(c, ctx.throttles.listings, user.id, 'new products');
        return c.json(await listProduct(ctx, actorOf(user), c.req.valid('json')), 201);
      },
    )
    .openapi(
      createRoute({
        method: 'patch',
        path: '/products/{id}',
        operationId: 'updateProduct',
        middleware: [guard('seller', 'admin')] as const,
        tags,
        summary: 'Edit a product',
        description:
          'Only the fields sent are changed; null clears the original price or the image. Its seller or an admin. ' +
          "On a verified product, the seller's changes to the name, description, category, images, tags, options and " +
          "variants (which are sold, their values and pictures) are sent for an admin's review as one revision " +
          '(replacing one already waiting) while the approved version stays on sale: a new variant is not sold until ' +
          "approved. Price, original price and stock change at once, and each variant's price, SKU, stock and " +
          'made-to-order days. With AUTO_VERIFY the revision is approved at once.',
        request: {
          params: ProductIdParamsSchema,
          body: jsonBody(productUpdateSchema, 'The fields to change, money in paise'),
        },
        responses: {
          200: jsonResponse(ProductUpdateResultSchema, 'Edited, or sent for review (or nothing changed)'),
          ...errors(400, 401, 403, 404, 413),
          ...IMAGES_UNAVAILABLE_RESPONSE,
        },
      }),
      async (c) => {
        const user = requireUser(c);
        return c.json(await updateProduct(ctx, actorOf(user), c.req.valid('param').id, c.req.valid('json')), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'put',
        path: '/products/{id}/stock',
        operationId: 'setProductStock',
        middleware: [guard('seller', 'admin')] as const,
        tags,
        summary:
          'Set the stock of a product sold as one thing, or of one variant (`variantId`) of a product with options',
        request: { params: ProductIdParamsSchema, body: jsonBody(adjustStockSchema, 'Units in stock') },
        responses: {
          200: jsonResponse(ProductCommandResultSchema, 'Stock set'),
          ...errors(400, 401, 403, 404, 413),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        const { stockQuantity, variantId } = c.req.valid('json');
        return c.json(await setStock(ctx, actorOf(user), c.req.valid('param').id, stockQuantity, variantId), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'delete',
        path: '/products/{id}',
        operationId: 'delistProduct',
        middleware: [guard('seller', 'admin')] as const,
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
        const user = requireUser(c);
        return c.json(await delistProduct(ctx, actorOf(user), c.req.valid('param').id), 200);
      },
    );
