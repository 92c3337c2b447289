import { createRoute } from '@hono/zod-openapi';
import { requireRole } from '../../auth/middleware.ts';
import type { AppContext } from '../../roles/context.ts';
import { errors, jsonResponse, router } from '../../http/router.ts';
import { AdminOverviewSchema } from '../../../projections/admin/documents.ts';
import { adminOverview } from '../../../projections/admin/queries.ts';

export const adminOverviewRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/overview',
      operationId: 'getAdminOverview',
      tags: ['Admin'],
      summary: 'What awaits the admins, orders by status, and the sales of today and the last 30 days',
      responses: { 200: jsonResponse(AdminOverviewSchema, 'Counts and sales figures'), ...errors(401, 403) },
    }),
    async (c) => {
      requireRole(c, 'admin');
      return c.json(await adminOverview(ctx.platform.read, ctx.now()), 200);
    },
  );
