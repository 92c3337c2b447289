import { createRoute, z } from '@hono/zod-openapi';
import { guard, requireUser } from '../auth/middleware.ts';
import type { AppContext } from '../roles/context.ts';
import { errors, jsonResponse, router } from '../http/router.ts';
import { MarketplaceSalesReportSchema, SalesReportSchema } from '../../projections/sales/documents.ts';
import { DEFAULT_DAYS, RANGE_MESSAGES, marketplaceSales, sellerSales } from '../../projections/sales/queries.ts';

const RangeQuerySchema = z.object({
  from: z.iso
    .date({ error: RANGE_MESSAGES.from })
    .optional()
    .openapi({ description: `First day (UTC), included; ${DEFAULT_DAYS} days before To when absent` }),
  to: z.iso
    .date({ error: RANGE_MESSAGES.to })
    .optional()
    .openapi({ description: 'Last day (UTC), included; today when absent' }),
});

const tags = ['Analytics'];

export const analyticsRoutes = (ctx: AppContext) =>
  router()
    .openapi(
      createRoute({
        method: 'get',
        path: '/seller',
        operationId: 'getSellerAnalytics',
        middleware: [guard('seller')] as const,
        tags,
        summary:
          "The signed-in seller's sales: revenue, units and orders per day and per category (cancelled orders not counted)",
        request: { query: RangeQuerySchema },
        responses: { 200: jsonResponse(SalesReportSchema, 'Sales of the range'), ...errors(400, 401, 403) },
      }),
      async (c) => {
        return c.json(await sellerSales(ctx.platform.read, requireUser(c).id, c.req.valid('query'), ctx.now()), 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/admin',
        operationId: 'getMarketplaceAnalytics',
        middleware: [guard('admin')] as const,
        tags,
        summary: 'The whole marketplace’s sales: per day, per category and per seller (cancelled orders not counted)',
        request: { query: RangeQuerySchema },
        responses: { 200: jsonResponse(MarketplaceSalesReportSchema, 'Sales of the range'), ...errors(400, 401, 403) },
      }),
      async (c) => {
        return c.json(await marketplaceSales(ctx.platform.read, c.req.valid('query'), ctx.now()), 200);
      },
    );
