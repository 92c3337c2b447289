import { createRoute, z } from '@hono/zod-openapi';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { type NotificationRead, markNotificationRead } from '../commands/notifications.ts';
import type { AppContext } from '../roles/context.ts';
import { PositionSchema, errors, jsonResponse, pagingFields, router, pathParam } from '../http/router.ts';
import { sellerNotifications } from '../../projections/notifications/queries.ts';
import { NotificationListSchema } from '../../projections/notifications/documents.ts';

/** What the notification lists take (the seller's, the buyer's of saved products and of orders), and what marking one read answers. */
export const ListQuerySchema = z.object({ limit: pagingFields(20).limit });

export const MarkedReadSchema = z.object({
  id: z.string(),
  read: z.literal(true),
  position: PositionSchema,
}) satisfies z.ZodType<NotificationRead>;

export const IdParamsSchema = z.object({
  id: pathParam('id', 200),
});

export const notificationRoutes = (ctx: AppContext) =>
  router(guard('seller'))
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listNotifications',
        tags: ['Notifications'],
        summary: "The seller's notifications, newest first, and how many are unread",
        request: { query: ListQuerySchema },
        responses: { 200: jsonResponse(NotificationListSchema, 'The notifications'), ...errors(400, 401, 403) },
      }),
      async (c) => {
        const seller = requireUser(c);
        return c.json(await sellerNotifications(ctx.platform.read, seller.id, c.req.valid('query').limit), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/read',
        operationId: 'markNotificationRead',
        tags: ['Notifications'],
        summary: 'Mark a notification read',
        description: "Only its seller may; another seller's notification answers 404.",
        request: { params: IdParamsSchema },
        responses: { 200: jsonResponse(MarkedReadSchema, 'The notification is read'), ...errors(401, 403, 404) },
      }),
      async (c) => {
        const seller = requireUser(c);
        return c.json(await markNotificationRead(ctx, actorOf(seller), c.req.valid('param').id), 200);
      },
    );
