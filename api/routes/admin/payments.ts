import { createRoute, z } from '@hono/zod-openapi';
import { PAYMENT_STATUSES, type PaymentDoc, PaymentSchema } from '../../../projections/payments/documents.ts';
import { paymentsPage } from '../../../projections/payments/queries.ts';
import type { Page } from '../../../platform/readstore/paging.ts';
import { requireRole } from '../../auth/middleware.ts';
import { errors, jsonResponse, router } from '../../http/router.ts';
import type { AppContext } from '../../roles/context.ts';
import { pageOf, pagingFields } from './shared.ts';
import { english } from '../../../domain/i18n/message.ts';

const PaymentListQuerySchema = z.object({
  status: z
    .enum(PAYMENT_STATUSES, {
      error: english(/*i18n*/ 'Status must be one of {choices}', { choices: PAYMENT_STATUSES.join(', ') }),
    })
    .optional(),
  ...pagingFields,
});

const AdminPaymentListSchema = pageOf(PaymentSchema, 'AdminPaymentList') satisfies z.ZodType<Page<PaymentDoc>>;

export const adminPaymentRoutes = (ctx: AppContext) =>
  router().openapi(
    createRoute({
      method: 'get',
      path: '/',
      operationId: 'listPayments',
      tags: ['Admin'],
      summary: 'Every purchase paid online with its payment, newest first: its state, attempts, and what recorded it',
      request: { query: PaymentListQuerySchema },
      responses: { 200: jsonResponse(AdminPaymentListSchema, 'A page of payments'), ...errors(400, 401, 403) },
    }),
    async (c) => {
      requireRole(c, 'admin');
      const { status, limit, offset } = c.req.valid('query');
      return c.json(await paymentsPage(ctx.platform.read, status, { limit, offset }), 200);
    },
  );
