import { createRoute, z } from '@hono/zod-openapi';
import { type OrderEvent, orderStream } from '../../domain/order/events.ts';
import { productDecider } from '../../domain/product/decider.ts';
import { productStream } from '../../domain/product/events.ts';
import { type ProductVersion, detailChanges } from '../../domain/product/history.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import { actorOf, requireRole } from '../auth/middleware.ts';
import type { AppContext } from '../context.ts';
import { ApiError } from '../errors.ts';
import { productAsOf, versionAsOf } from '../history/as-of.ts';
import { categoryNames, productHistory } from '../history/entries.ts';
import { productNotFound, sellerProductEvents } from '../history/product-events.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router } from '../http.ts';
import { ProductIdParamsSchema, ProductSchema } from './products.ts';
import { OrderLineSchema } from './orders.ts';

const FieldChangeSchema = z
  .object({
    field: z.string().openapi({ example: 'Price' }),
    before: z.string().openapi({ example: '₹1,499.00' }),
    after: z.string().openapi({ example: '₹1,299.00' }),
  })
  .openapi('FieldChange');

const HistoryEntrySchema = z
  .object({
    position: PositionSchema,
    revision: z.number().int().openapi({ description: "Revision in the event's own stream (the product's or a review's)" }),
    at: z.string(),
    type: z.string().openapi({ example: 'ProductUpdated' }),
    actor: z.object({ id: z.string().nullable(), name: z.string().openapi({ description: "The user's full name; MIBI for the marketplace itself" }) }),
    summary: z.string().openapi({ example: 'Price: ₹1,499.00 → ₹1,299.00' }),
    changes: z.array(FieldChangeSchema).optional(),
  })
  .openapi('HistoryEntry');

const ProductHistorySchema = z.object({ id: z.string(), items: z.array(HistoryEntrySchema) }).openapi('ProductHistory');

const ProductVersionSchema = ProductSchema.pick({
  id: true,
  sellerId: true,
  name: true,
  description: true,
  pricePaise: true,
  originalPricePaise: true,
  categoryId: true,
  imageUrl: true,
  tags: true,
  stockQuantity: true,
  verification: true,
  featured: true,
  delisted: true,
  displayStatus: true,
})
  .extend({
    position: PositionSchema.openapi({ description: 'Log position of the last event folded in' }),
    revision: z.number().int().openapi({ description: 'Revision of the product stream after that event' }),
    at: z.string().openapi({ description: 'Time of the last event folded in' }),
  })
  .openapi('ProductVersion') satisfies z.ZodType<ProductVersion>;

/** An order line as OrderPlaced keeps it. */
const POSITION_MESSAGE = 'Position must be a whole number, 1 or more';
const position = z.number({ error: POSITION_MESSAGE }).int(POSITION_MESSAGE).min(1, POSITION_MESSAGE);
const positionInQuery = z.coerce.number({ error: POSITION_MESSAGE }).int(POSITION_MESSAGE).min(1, POSITION_MESSAGE);
const MOMENT_MESSAGE = 'Give either at or position';

const AsOfQuerySchema = z
  .object({
    at: z.iso
      .datetime({ offset: true, error: 'At must be a date and time like 2024-05-01T10:00:00Z' })
      .optional()
      .openapi({ description: 'ISO-8601 time: the product after every event up to it' }),
    position: positionInQuery.optional().openapi({ description: 'Log position: the product after every event up to it' }),
  })
  .refine((query) => (query.at === undefined) !== (query.position === undefined), { message: MOMENT_MESSAGE, path: ['at'] });

const RestoreBodySchema = z.object({ position }).openapi('RestoreVersion');

const RestoreResultSchema = z
  .object({
    id: z.string(),
    position: PositionSchema,
    changes: z.array(FieldChangeSchema).openapi({ description: 'The fields brought back; empty when the version matches the product' }),
    message: z.string(),
  })
  .openapi('RestoreResult');

const AsOrderedParamsSchema = ProductIdParamsSchema.extend({
  orderId: z.string().min(1).max(100).openapi({ param: { name: 'orderId', in: 'path' } }),
});

const AsOrderedSchema = z
  .object({
    orderId: z.string(),
    placedAt: z.string(),
    line: OrderLineSchema,
    product: ProductVersionSchema.openapi({ description: 'The whole product as it stood when the order was placed' }),
  })
  .openapi('ProductAsOrdered');

export const RESTORE_MESSAGES = {
  restored: 'Restored as a new edit',
  unchanged: 'Nothing to restore: this version matches the product as it is',
} as const;

const tags = ['Seller'];

/** The history of a product, for its seller and the admins: read, look back, bring an old version back. */
export function historyRoutes(ctx: AppContext) {
  const app = router();

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/history',
      tags,
      summary: "Every event of a product and of its reviews, in order, in plain words: the product's seller or an admin",
      request: { params: ProductIdParamsSchema },
      responses: { 200: jsonResponse(ProductHistorySchema, 'The history, oldest first'), ...errors(400, 401, 403, 404) },
    }),
    async (c) => {
      const user = requireRole(c, 'seller', 'admin');
      const { id } = c.req.valid('param');
      const events = await sellerProductEvents(ctx, user, id);
      return c.json({ id, items: await productHistory(ctx, id, events) }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/history/as-of',
      tags,
      summary: 'The product exactly as it stood at a time or a log position, rebuilt from its events',
      request: { params: ProductIdParamsSchema, query: AsOfQuerySchema },
      responses: { 200: jsonResponse(ProductVersionSchema, 'The product then'), ...errors(400, 401, 403, 404) },
    }),
    async (c) => {
      const user = requireRole(c, 'seller', 'admin');
      const { id } = c.req.valid('param');
      const { at, position } = c.req.valid('query');
      const events = await sellerProductEvents(ctx, user, id);
      // The query schema lets exactly one of them through.
      const version = versionAsOf(events, position === undefined ? { at: at! } : { position });
      if (!version) throw new ApiError(404, 'not_found', 'The product was not listed yet at that moment');
      return c.json(version, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/history/restore',
      tags,
      summary: 'Bring back the name, description, prices, category, image and tags of an earlier version, as a new edit',
      description: 'The position is that of one of the product’s events. Only the fields that differ are changed; stock and status stay.',
      request: { params: ProductIdParamsSchema, body: jsonBody(RestoreBodySchema) },
      responses: {
        200: jsonResponse(RestoreResultSchema, 'Restored, or nothing differed (no event then)'),
        ...errors(400, 401, 403, 404, 413),
      },
    }),
    async (c) => {
      const user = requireRole(c, 'seller', 'admin');
      const { id } = c.req.valid('param');
      const { position } = c.req.valid('json');
      const events = await sellerProductEvents(ctx, user, id);
      const then = events.some((event) => event.position === position) ? productAsOf(events, { position }) : null;
      if (!then) throw new ApiError(404, 'not_found', 'This product has no version at that position');
      // All the editable fields of that version: the decider keeps those that differ from the product now.
      const changes = then.product.details;
      const command = { type: 'UpdateProduct', actor: actorOf(user), changes, at: new Date().toISOString() } as const;
      const decided = await ctx.streams.decide(productStream(id), productDecider, command, { actor: user.id });
      const updated = decided.events.find((event) => event.type === 'ProductUpdated');
      if (!updated) return c.json({ id, position: decided.position, changes: [], message: RESTORE_MESSAGES.unchanged }, 200);
      const restored = detailChanges(updated.data.before, updated.data.after, await categoryNames(ctx));
      return c.json({ id, position: decided.position, changes: restored, message: RESTORE_MESSAGES.restored }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get',
      path: '/{id}/as-ordered/{orderId}',
      tags,
      summary: 'An order line of the product as the buyer saw it, with the whole product as it stood when the order was placed',
      request: { params: AsOrderedParamsSchema },
      responses: { 200: jsonResponse(AsOrderedSchema, 'The line and the product then'), ...errors(400, 401, 403, 404) },
    }),
    async (c) => {
      const user = requireRole(c, 'seller', 'admin');
      const { id, orderId } = c.req.valid('param');
      const events = await sellerProductEvents(ctx, user, id);
      const [first] = await ctx.streams.read(orderStream(orderId));
      const placed = first?.type === 'OrderPlaced' ? (first as RecordedEvent & Extract<OrderEvent, { type: 'OrderPlaced' }>) : undefined;
      const line = placed?.data.lines.find((orderLine) => orderLine.productId === id);
      if (!placed || !line) throw new ApiError(404, 'not_found', 'This order has no line of this product');
      // Stock was reserved before OrderPlaced was appended, so the version includes the order's reservation.
      const product = versionAsOf(events, { position: placed.position });
      if (!product) throw productNotFound();
      return c.json({ orderId, placedAt: placed.data.placedAt, line, product }, 200);
    },
  );

  return app;
}
