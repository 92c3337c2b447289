import { createRoute, z } from '@hono/zod-openapi';
import { notificationDecider } from '../../domain/notification/decider.ts';
import { notificationStream } from '../../domain/notification/events.ts';
import { COLLECTIONS, type NotificationDoc } from '../../projections/models.ts';
import { actorOf, requireRole } from '../auth/middleware.ts';
import type { AppContext } from '../context.ts';
import { PositionSchema, errors, jsonResponse, router } from '../http.ts';

const NotificationSchema = z
  .object({
    id: z.string(),
    sellerId: z.string(),
    orderId: z.string(),
    title: z.string().openapi({ example: 'New order #8d3f1c2a' }),
    body: z.string().openapi({ description: "The seller's lines of the order, one per line, and their total" }),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('Notification') satisfies z.ZodType<NotificationDoc>;

const LIMIT_MESSAGE = 'Limit must be a whole number from 1 to 100';

const ListQuerySchema = z.object({
  limit: z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE).default(20),
});

const NotificationListSchema = z
  .object({
    items: z.array(NotificationSchema).openapi({ description: 'Newest first' }),
    unread: z.number().int().openapi({ description: 'Unread notifications in all, not only in this page' }),
  })
  .openapi('NotificationList');

const IdParamsSchema = z.object({
  id: z.string().min(1).max(200).openapi({ param: { name: 'id', in: 'path' } }),
});

export function notificationRoutes(ctx: AppContext) {
  const app = router();
  const notifications = ctx.platform.read.collection<NotificationDoc>(COLLECTIONS.notifications);

  app.openapi(
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
      const { limit } = c.req.valid('query');
      const [items, unread] = await Promise.all([
        notifications.find({ where: { sellerId: seller.id }, sort: [['createdAt', 'desc']], limit }),
        notifications.count({ sellerId: seller.id, read: false }),
      ]);
      return c.json({ items, unread }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post',
      path: '/{id}/read',
      tags: ['Notifications'],
      summary: 'Mark a notification read',
      description: "Only its seller may; another seller's notification answers 404.",
      request: { params: IdParamsSchema },
      responses: {
        200: jsonResponse(z.object({ id: z.string(), read: z.literal(true), position: PositionSchema }), 'The notification is read'),
        ...errors(401, 403, 404),
      },
    }),
    async (c) => {
      const seller = requireRole(c, 'seller');
      const { id } = c.req.valid('param');
      const command = { type: 'MarkNotificationRead', actor: actorOf(seller), at: new Date().toISOString() } as const;
      const { position } = await ctx.streams.decide(notificationStream(id), notificationDecider, command, { actor: seller.id });
      return c.json({ id, read: true as const, position }, 200);
    },
  );

  return app;
}
