/** MIBI's commission invoices to its sellers: a seller reads its own, an admin any. */
import { createRoute, z } from '@hono/zod-openapi';
import { isAdmin } from '../../domain/actor.ts';
import { CommissionInvoiceListSchema, CommissionInvoiceSchema } from '../../projections/invoices/documents.ts';
import { commissionInvoice, commissionInvoicesOf } from '../../projections/invoices/queries.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { ApiError } from '../http/errors.ts';
import { errors, jsonResponse, pathParam, router } from '../http/router.ts';
import type { AppContext } from '../roles/context.ts';

const tags = ['Invoices'];

const IdParamsSchema = z.object({
  id: pathParam('id', 200, { description: "The invoice's id (not its number)", example: 'mib-2026-27-1' }),
});

const ListQuerySchema = z.object({
  sellerOrderId: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .openapi({ description: "One seller order's commission invoices (its seller's or an admin's view)" }),
});

export const commissionInvoiceRoutes = (ctx: AppContext) =>
  router(guard('seller', 'admin'))
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listCommissionInvoices',
        tags,
        summary: "MIBI's commission invoices, newest first",
        description:
          "Without a query: a seller's own. With `sellerOrderId`: that seller order's, for its seller or an admin.",
        request: { query: ListQuerySchema },
        responses: {
          200: jsonResponse(CommissionInvoiceListSchema, 'The invoices'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        const actor = actorOf(requireUser(c));
        const { sellerOrderId } = c.req.valid('query');
        const { read } = ctx.platform;
        if (sellerOrderId === undefined)
          return c.json({ items: await commissionInvoicesOf(read, { sellerId: actor.userId }) }, 200);
        const items = await commissionInvoicesOf(read, { sellerOrderId });
        return c.json({ items: items.filter((doc) => isAdmin(actor) || doc.sellerId === actor.userId) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        operationId: 'getCommissionInvoice',
        tags,
        summary: "MIBI's commission invoice, every figure as issued",
        description: 'Its seller or an admin; anyone else is told it is not there (404).',
        request: { params: IdParamsSchema },
        responses: {
          200: jsonResponse(CommissionInvoiceSchema, 'The invoice'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        const actor = actorOf(requireUser(c));
        const doc = await commissionInvoice(ctx.platform.read, c.req.valid('param').id);
        if (!doc || !(isAdmin(actor) || doc.sellerId === actor.userId))
          throw new ApiError(404, 'not_found', 'Invoice not found');
        return c.json(doc, 200);
      },
    );
