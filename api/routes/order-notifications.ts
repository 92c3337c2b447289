/** The buyer's notices of their orders: each move a seller makes on a part, and the answer to a return. */
import { createRoute } from '@hono/zod-openapi';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { markNotificationRead } from '../commands/notifications.ts';
import type { AppContext } from '../roles/context.ts';
import { errors, jsonResponse, router } from '../http/router.ts';
import { BuyerNotificationListSchema } from '../../projections/buyer-notifications/documents.ts';
import { buyerNotificationsOf } from '../../projections/buyer-notifications/queries.ts';
import { IdParamsSchema, ListQuerySchema, MarkedReadSchema } from './notifications.ts';

const tags = ['Orders'];

export const orderNotificationRoutes = (ctx: AppContext) =>
  router(guard('buyer'))
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listOrderNotifications',
        tags,
        summary:
          'The buyer’s notices of their orders (processing, shipped, delivered, cancelled by the seller or MIBI, a return accepted or rejected), newest first, and how many are unread',
        request: { query: ListQuerySchema },
        responses: { 200: jsonResponse(BuyerNotificationListSchema, 'The notifications'), ...errors(400, 401, 403) },
      }),
      async (c) =>
        c.json(
          await buyerNotificationsOf(ctx.platform.read, requireUser(c).id, 'orders', c.req.valid('query').limit),
          200,
        ),
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/read',
        operationId: 'markOrderNotificationRead',
        tags,
        summary: 'Mark a notice read',
        description: "Only its buyer may; another user's notification answers 404.",
        request: { params: IdParamsSchema },
        responses: { 200: jsonResponse(MarkedReadSchema, 'The notice is read'), ...errors(400, 401, 403, 404) },
      }),
      async (c) => c.json(await markNotificationRead(ctx, actorOf(requireUser(c)), c.req.valid('param').id), 200),
    );
