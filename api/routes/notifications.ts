import { createRoute, z } from '@hono/zod-openapi';
import type { NotificationDoc } from '../../projections/models.ts';
import { actorOf, requireRole } from '../auth/middleware.ts';
import { type NotificationRead, markNotificationRead } from '../commands/notifications.ts';
import type { AppContext } from '../roles/context.ts';
import { PositionSchema, errors, jsonResponse, router } from '../http/router.ts';
import { type NotificationList, sellerNotifications } from '../queries/notifications.ts';

const NotificationSchema = z
  .object({
    id: z.string(),
    sellerId: z.string(),
    orderId: z
      .string()
      .nullable()
      .openapi({ description: "The purchase; null for an admin's decision about the seller's products or standing" }),
    sellerOrderId: z.string().nullable().openapi({ description: 'The seller order told of; null for a decision' }),
    title: z.string().openapi({ example: 'New order #8d3f1c2a-2' }),
    body: z.string().openapi({
      description:
        "A new order: the seller's lines, one per line, and their total. A decision: the reason, then what it means for the seller",
    }),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('Notification') satisfies z.ZodType<NotificationDoc>;

const LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 100';

const ListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(100, LIMIT_MESSAGE)
    .default(20),
});

const NotificationListSchema = z
  .object({
    items: z.array(NotificationSchema).openapi({ description: 'Newest first' }),
    unread: z.number().int().openapi({ description: 'Unread notifications in all, not only in this page' }),
  })
  .openapi('NotificationList') satisfies z.ZodType<NotificationList>;

const MarkedReadSchema = z.object({
  id: z.string(),
  read: z.literal(true),
  position: PositionSchema,
}) satisfies z.ZodType<NotificationRead>;

const IdParamsSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

export const notificationRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        tags: ['Notifications'],
        summary: "The seller's notifications, newest first, and how many are unread",
        request: { query: ListQuerySchema },
        responses: { 200: jsonResponse(NotificationListSchema, 'The notifications'), ...errors(400, 401, 403) },
      }),
      async (c) => {
        const seller = requireRole(c, 'seller');
        return c.json(await sellerNotifications(ctx.platform.read, seller.id, c.req.valid('query').limit), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'post',
        path: '/{id}/read',
        tags: ['Notifications'],
        summary: 'Mark a notification read',
        description: "Only its seller may; another seller's notification answers 404.",
        request: { params: IdParamsSchema },
        responses: { 200: jsonResponse(MarkedReadSchema, 'The notification is read'), ...errors(401, 403, 404) },
      }),
      async (c) => {
        const seller = requireRole(c, 'seller');
        return c.json(await markNotificationRead(ctx, actorOf(seller), c.req.valid('param').id), 200);
      },
    );
