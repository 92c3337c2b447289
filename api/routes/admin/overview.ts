import { createRoute, z } from '@hono/zod-openapi';
import { ORDER_STATUSES } from '../../../domain/order/status.ts';
import { RecentSalesSchema } from '../../../projections/sales/documents.ts';
import { requireRole } from '../../auth/middleware.ts';
import type { AppContext } from '../../roles/context.ts';
import { errors, jsonResponse, router } from '../../http/router.ts';
import { type AdminOverview, adminOverview } from '../../queries/overview.ts';

const count = (description: string) => z.number().int().openapi({ description });

const OverviewSchema = z
  .object({
    users: count('Accounts'),
    sellersAwaitingVerification: count('Sellers neither verified nor suspended'),
    productsAwaitingReview: count('Products pending review'),
    ordersByStatus: z
      .record(z.enum(ORDER_STATUSES), z.number().int())
      .openapi({ description: 'Orders per status, every status named' }),
    sales: RecentSalesSchema,
  })
  .openapi('AdminOverview') satisfies z.ZodType<AdminOverview>;

export const adminOverviewRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/overview',
      tags: ['Admin'],
      summary: 'What awaits the admins, orders by status, and the sales of today and the last 30 days',
      responses: { 200: jsonResponse(OverviewSchema, 'Counts and sales figures'), ...errors(401, 403) },
    }),
    async (c) => {
      requireRole(c, 'admin');
      return c.json(await adminOverview(ctx.platform.read, ctx.now()), 200);
    },
  );
