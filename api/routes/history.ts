import { createRoute, z } from '@hono/zod-openapi';
import type { FieldChange, ProductVersion } from '../../domain/product/history.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { type RestoreResult, restoreProductVersion } from '../commands/products.ts';
import type { AppContext } from '../roles/context.ts';
import { type ProductAsOrdered, sellerProductAsOf, sellerProductAsOrdered } from '../history/as-of.ts';
import { type HistoryEntry, type ProductHistory, sellerProductHistory } from '../history/entries.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router, pathParam } from '../http/router.ts';
import { ProductSchema, VariantSchema } from '../../projections/catalog/documents.ts';
import { ProductIdParamsSchema } from './products.ts';
import { OrderLineSchema } from '../../projections/orders/documents.ts';
import { RevisionWaitingSchema } from './seller.ts';

export const FieldChangeSchema = z
  .object({
    field: z.string().openapi({ example: 'Price' }),
    before: z.string().openapi({ example: '₹1,499.00' }),
    after: z.string().openapi({ example: '₹1,299.00' }),
  })
  .openapi('FieldChange') satisfies z.ZodType<FieldChange>;

const HistoryEntrySchema = z
  .object({
    position: PositionSchema,
    revision: z
      .number()
      .int()
      .openapi({ description: "Revision in the event's own stream (the product's or a review's)" }),
    at: z.string(),
    type: z.string().openapi({ example: 'ProductUpdated' }),
    actor: z.object({
      id: z.string().nullable(),
      name: z.string().openapi({ description: "The user's full name; MIBI for the marketplace itself" }),
    }),
    summary: z.string().openapi({ example: 'Price: ₹1,499.00 → ₹1,299.00' }),
    changes: z.array(FieldChangeSchema).optional(),
    restores: z.string().optional().openapi({ description: 'Of a restore: the time of the version it brought back' }),
  })
  .openapi('HistoryEntry') satisfies z.ZodType<HistoryEntry>;

const ProductHistorySchema = z
  .object({ id: z.string(), items: z.array(HistoryEntrySchema) })
  .openapi('ProductHistory') satisfies z.ZodType<ProductHistory>;

const ProductVersionSchema = ProductSchema.pick({
  id: true,
  sellerId: true,
  name: true,
  description: true,
  pricePaise: true,
  originalPricePaise: true,
  categoryId: true,
  imageUrl: true,
  images: true,
  tags: true,
  tax: true,
  madeToOrderDays: true,
  personalisation: true,
  options: true,
  stockQuantity: true,
  verification: true,
  featured: true,
  delisted: true,
  displayStatus: true,
})
  .extend({
    variants: z.array(VariantSchema.omit({ label: true, stockQuantity: true })).openapi({
      description: 'Its variants then (their prices, SKUs and images)',
    }),
    position: PositionSchema.openapi({ description: 'Log position of the last event folded in' }),
    revision: z.number().int().openapi({ description: 'Revision of the product stream after that event' }),
    at: z.string().openapi({ description: 'Time of the last event folded in' }),
  })
  .openapi('ProductVersion') satisfies z.ZodType<ProductVersion>;

/** An order line as OrderPlaced keeps it. */
const POSITION_MESSAGE = /*i18n*/ 'Position must be a whole number, 1 or more';
const position = z.number({ error: POSITION_MESSAGE }).int(POSITION_MESSAGE).min(1, POSITION_MESSAGE);
const positionInQuery = z.coerce.number({ error: POSITION_MESSAGE }).int(POSITION_MESSAGE).min(1, POSITION_MESSAGE);
const MOMENT_MESSAGE = /*i18n*/ 'Give either at or position';

const AsOfQuerySchema = z
  .object({
    at: z.iso
      .datetime({ offset: true, error: /*i18n*/ 'At must be a date and time like 2024-05-01T10:00:00Z' })
      .optional()
      .openapi({ description: 'ISO-8601 time: the product after every event up to it' }),
    position: positionInQuery
      .optional()
      .openapi({ description: 'Log position: the product after every event up to it' }),
  })
  .refine((query) => (query.at === undefined) !== (query.position === undefined), {
    message: MOMENT_MESSAGE,
    path: ['at'],
  });

const RestoreBodySchema = z.object({ position }).openapi('RestoreVersion');

const RestoreResultSchema = z
  .object({
    id: z.string(),
    position: PositionSchema,
    changes: z.array(FieldChangeSchema).openapi({
      description: 'The fields brought back (or sent for review); empty when the version matches the product',
    }),
    review: RevisionWaitingSchema.nullable().openapi({
      description: "Content changes of a verified product waiting for an admin's review",
    }),
    message: z.string(),
  })
  .openapi('RestoreResult') satisfies z.ZodType<RestoreResult>;

const AsOrderedParamsSchema = ProductIdParamsSchema.extend({
  orderId: pathParam('orderId', 100),
});

const AsOrderedSchema = z
  .object({
    orderId: z.string(),
    placedAt: z.string(),
    line: OrderLineSchema,
    product: ProductVersionSchema.openapi({ description: 'The whole product as it stood when the order was placed' }),
  })
  .openapi('ProductAsOrdered') satisfies z.ZodType<ProductAsOrdered>;

const tags = ['Seller'];

/** The history of a product, for its seller and the admins: read, look back, bring an old version back. */
export const historyRoutes = (ctx: AppContext) =>
  router(guard('seller', 'admin'))
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/history',
        operationId: 'getProductHistory',
        tags,
        summary:
          "Every event of a product and of its reviews, in order, in plain words: the product's seller or an admin",
        request: { params: ProductIdParamsSchema },
        responses: {
          200: jsonResponse(ProductHistorySchema, 'The history, oldest first'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        return c.json(await sellerProductHistory(ctx, actorOf(user), c.req.valid('param').id), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/history/as-of',
        operationId: 'getProductAsOf',
        tags,
        summary: 'The product exactly as it stood at a time or a log position, rebuilt from its events',
        request: { params: ProductIdParamsSchema, query: AsOfQuerySchema },
        responses: { 200: jsonResponse(ProductVersionSchema, 'The product then'), ...errors(400, 401, 403, 404) },
      }),
      async (c) => {
        const user = requireUser(c);
        const { id } = c.req.valid('param');
        const { at, position } = c.req.valid('query');
        // The query schema lets exactly one of them through.
        const moment = position === undefined ? { at: at! } : { position };
        return c.json(await sellerProductAsOf(ctx, actorOf(user), id, moment), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/history/restore',
        operationId: 'restoreProductVersion',
        tags,
        summary:
          'Bring back the name, description, prices, category, image and tags of an earlier version, as a new edit',
        description:
          'The position is that of one of the product’s events. Only the fields that differ are changed; stock and status stay.',
        request: { params: ProductIdParamsSchema, body: jsonBody(RestoreBodySchema) },
        responses: {
          200: jsonResponse(RestoreResultSchema, 'Restored, or nothing differed (no event then)'),
          ...errors(400, 401, 403, 404, 413),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        return c.json(
          await restoreProductVersion(ctx, actorOf(user), c.req.valid('param').id, c.req.valid('json').position),
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/as-ordered/{orderId}',
        operationId: 'getProductAsOrdered',
        tags,
        summary:
          'An order line of the product as the buyer saw it, with the whole product as it stood when the order was placed',
        request: { params: AsOrderedParamsSchema },
        responses: {
          200: jsonResponse(AsOrderedSchema, 'The line and the product then'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        const { id, orderId } = c.req.valid('param');
        return c.json(await sellerProductAsOrdered(ctx, actorOf(user), id, orderId), 200);
      },
    );
