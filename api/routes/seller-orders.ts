/** Seller orders: one seller's part of a purchase, moved by that seller (or an admin), returned by the buyer. */
import { createRoute, z } from '@hono/zod-openapi';
import {
  orderStatusChangeSchema,
  orderStatusUndoSchema,
  returnDecisionSchema,
  returnRequestSchema,
} from '../../domain/order/schemas.ts';
import { actorOf, guard, requireRole, requireUser } from '../auth/middleware.ts';
import {
  type SellerOrderResult,
  changeSellerOrderStatus,
  decideReturn,
  requestReturn,
  undoSellerOrderStatus,
} from '../commands/orders.ts';
import type { AppContext } from '../roles/context.ts';
import { PositionSchema, errors, jsonBody, jsonResponse, router, pathParam } from '../http/router.ts';
import { isLate } from '../../domain/order/ship-by.ts';
import { SellerOrderSchema } from '../../projections/orders/documents.ts';
import { sellerOrdersOf, visibleSellerOrder } from '../../projections/orders/queries.ts';
import { OrderParams, orderNotFound } from './orders.ts';

export const SellerOrderChangeSchema = z
  .object({ sellerOrder: SellerOrderSchema, position: PositionSchema })
  .openapi('SellerOrderChange') satisfies z.ZodType<SellerOrderResult>;

/** A seller order in its seller's list: late or not by the server's clock, which a document cannot hold. */
const ListedSellerOrderSchema = SellerOrderSchema.extend({
  late: z.boolean().openapi({ description: 'Pending or processing past its ship-by day' }),
}).openapi('ListedSellerOrder');

const ReturnParams = OrderParams.extend({
  returnId: pathParam('returnId', 120),
});

const tags = ['Orders'];

export const sellerOrderRoutes = (ctx: AppContext) =>
  router(guard())
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listSellerOrders',
        tags,
        summary:
          'The signed-in seller’s orders (their own lines only, with where to ship and by when), newest first, the late ones flagged',
        responses: { 200: jsonResponse(z.array(ListedSellerOrderSchema), 'Seller orders'), ...errors(401, 403) },
      }),
      async (c) => {
        const now = ctx.now();
        const docs = await sellerOrdersOf(ctx.platform.read, requireRole(c, 'seller').id);
        return c.json(
          docs.map((doc) => ({ ...doc, late: isLate(doc.shipBy, doc.status, now) })),
          200,
        );
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        operationId: 'getSellerOrder',
        tags,
        summary: 'One seller order: for its seller, the buyer of its purchase, or an admin',
        request: { params: OrderParams },
        responses: { 200: jsonResponse(SellerOrderSchema, 'The seller order'), ...errors(400, 401, 404) },
      }),
      async (c) => {
        // Someone else's seller order answers like a missing one.
        const doc = await visibleSellerOrder(ctx.platform.read, c.req.valid('param').id, actorOf(requireUser(c)));
        if (!doc) throw orderNotFound();
        return c.json(doc, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/status',
        operationId: 'advanceSellerOrder',
        tags,
        summary:
          'Move a seller order: processing, shipped, delivered; cancelled (with a reason) from pending or processing',
        description:
          'Its seller or an admin; the buyer may cancel it while it is pending. A seller cannot move an order it bought. ' +
          'Cancelling releases its stock; delivering settles it in the seller’s ledger at the commission then in force.',
        request: { params: OrderParams, body: jsonBody(orderStatusChangeSchema) },
        responses: {
          200: jsonResponse(SellerOrderChangeSchema, 'The seller order after the change'),
          ...errors(400, 401, 403, 404, 409, 413),
        },
      }),
      async (c) =>
        c.json(
          await changeSellerOrderStatus(ctx, actorOf(requireUser(c)), c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/status/undo',
        operationId: 'undoSellerOrderMove',
        tags,
        summary: 'Undo the last move of a seller order, to processing or shipped, within minutes of it',
        description:
          'Its seller or an admin, until the time the move set (`undo.until` on the seller order, STATUS_UNDO_MINUTES after it); ' +
          '`status` names the move undone, so a retry changes nothing. The order goes back to the status before it. ' +
          'Delivered and cancelled are final: a delivery has booked the earning, a cancel has put the stock back on sale.',
        request: { params: OrderParams, body: jsonBody(orderStatusUndoSchema) },
        responses: {
          200: jsonResponse(SellerOrderChangeSchema, 'The seller order after the undo'),
          ...errors(400, 401, 403, 404, 409, 413),
        },
      }),
      async (c) =>
        c.json(
          await undoSellerOrderStatus(ctx, actorOf(requireUser(c)), c.req.valid('param').id, c.req.valid('json')),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/returns',
        operationId: 'recordReturn',
        tags,
        summary: 'The buyer asks to return delivered items, with a reason',
        description:
          'Within the return window after delivery, for categories that take returns; at most the units delivered.',
        request: { params: OrderParams, body: jsonBody(returnRequestSchema) },
        responses: {
          201: jsonResponse(SellerOrderChangeSchema, 'The seller order with the return requested'),
          ...errors(400, 401, 403, 404, 409, 413, 422),
        },
      }),
      async (c) =>
        c.json(await requestReturn(ctx, actorOf(requireUser(c)), c.req.valid('param').id, c.req.valid('json')), 201),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/returns/{returnId}/decision',
        operationId: 'decideReturn',
        tags,
        summary: 'The seller (or an admin) accepts or rejects a return, with a reason',
        description:
          'Accepting puts the units back in stock and reverses the seller’s earning and the commission on them.',
        request: { params: ReturnParams, body: jsonBody(returnDecisionSchema) },
        responses: {
          200: jsonResponse(SellerOrderChangeSchema, 'The seller order with the return decided'),
          ...errors(400, 401, 403, 404, 409, 413),
        },
      }),
      async (c) => {
        const { id, returnId } = c.req.valid('param');
        return c.json(await decideReturn(ctx, actorOf(requireUser(c)), id, returnId, c.req.valid('json')), 200);
      },
    );
