import { createRoute, z } from '@hono/zod-openapi';
import { DAY_RANGE_MESSAGES } from '../../../domain/days.ts';
import { ORDER_STATUSES } from '../../../domain/order/status.ts';
import { type OrderDoc, OrderSchema } from '../../../projections/orders/documents.ts';
import { filteredOrders } from '../../../projections/orders/queries.ts';
import { requireRole } from '../../auth/middleware.ts';
import type { AppContext } from '../../roles/context.ts';
import { errors, jsonResponse, router } from '../../http/router.ts';
import type { Page } from '../../../platform/readstore/paging.ts';
import { pageOf, pagingFields } from './shared.ts';
import { english } from '../../../domain/i18n/message.ts';

const STATUS_MESSAGE = english(/*i18n*/ 'Status must be one of {choices}', { choices: ORDER_STATUSES.join(', ') });

const userId = (description: string) => z.string().min(1).max(100).optional().openapi({ description });

const OrderListQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: STATUS_MESSAGE }).optional(),
    sellerId: userId('Orders with a line of this seller'),
    buyerId: userId('Orders of this buyer'),
    from: z.iso
      .date({ error: DAY_RANGE_MESSAGES.from })
      .optional()
      .openapi({ description: 'Placed on or after this day (UTC)' }),
    to: z.iso
      .date({ error: DAY_RANGE_MESSAGES.to })
      .optional()
      .openapi({ description: 'Placed on or before this day (UTC)' }),
    ...pagingFields,
  })
  .refine(({ from, to }) => !from || !to || from <= to, { message: DAY_RANGE_MESSAGES.order, path: ['from'] });

const AdminOrderListSchema = pageOf(OrderSchema, 'AdminOrderList') satisfies z.ZodType<Page<OrderDoc>>;

const tags = ['Admin'];

export const adminOrderRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listAllOrders',
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
