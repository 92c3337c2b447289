import { createRoute, z } from '@hono/zod-openapi';
import { ORDER_STATUSES } from '../../../domain/order/status.ts';
import { type OrderDoc, OrderSchema } from '../../../projections/orders/documents.ts';
import { filteredOrders } from '../../../projections/orders/queries.ts';
import { requireRole } from '../../auth/middleware.ts';
import type { AppContext } from '../../roles/context.ts';
import { errors, jsonResponse, router } from '../../http/router.ts';
import type { Page } from '../../../platform/readstore/paging.ts';
import { pageOf, pagingFields } from './shared.ts';

const ORDER_FILTER_MESSAGES = {
  status: `Status must be one of ${ORDER_STATUSES.join(', ')}`,
  from: 'From must be a date like 2024-05-01',
  to: 'To must be a date like 2024-05-01',
  range: 'From must be on or before To',
} as const;

const userId = (description: string) => z.string().min(1).max(100).optional().openapi({ description });

const OrderListQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: ORDER_FILTER_MESSAGES.status }).optional(),
    sellerId: userId('Orders with a line of this seller'),
    buyerId: userId('Orders of this buyer'),
    from: z.iso
      .date({ error: ORDER_FILTER_MESSAGES.from })
      .optional()
      .openapi({ description: 'Placed on or after this day (UTC)' }),
    to: z.iso
      .date({ error: ORDER_FILTER_MESSAGES.to })
      .optional()
      .openapi({ description: 'Placed on or before this day (UTC)' }),
    ...pagingFields,
  })
  .refine(({ from, to }) => !from || !to || from <= to, { message: ORDER_FILTER_MESSAGES.range, path: ['from'] });

const AdminOrderListSchema = pageOf(OrderSchema, 'AdminOrderList') satisfies z.ZodType<Page<OrderDoc>>;

const tags = ['Admin'];

export const adminOrderRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/',
      tags,
      summary: 'Every purchase, newest first, filtered by status, seller, buyer and the days placed',
      description: 'Admins move any seller order with POST /api/seller-orders/{id}/status.',
      request: { query: OrderListQuerySchema },
      responses: { 200: jsonResponse(AdminOrderListSchema, 'A page of orders'), ...errors(400, 401, 403) },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const { limit, offset, ...filters } = c.req.valid('query');
      return c.json(await filteredOrders(ctx.platform.read, filters, { limit, offset }), 200);
    },
  );
