/** MIBI's commission invoices and credit notes to its sellers: a seller reads its own, an admin any. */
import { createRoute } from '@hono/zod-openapi';
import { type Actor, isAdmin } from '../../domain/actor.ts';
import { CommissionDocumentListSchema, CommissionDocumentSchema } from '../../projections/invoices/documents.ts';
import { commissionDocument, commissionDocumentsOf } from '../../projections/invoices/queries.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { errors, jsonResponse, router } from '../http/router.ts';
import { documentPdf, pdfHeaders, pdfResponse } from '../invoices/pdf.ts';
import { printableCommissionDocument } from '../invoices/printable.ts';
import { documentIdParams, documentListQuery, documentNotFound, requireAdminSearch } from '../invoices/requests.ts';
import type { AppContext } from '../roles/context.ts';

const tags = ['Invoices'];

const IdParamsSchema = documentIdParams('mib-2026-27-1');
const ListQuerySchema = documentListQuery("One seller order's commission documents (its seller's or an admin's view)");

const mayRead = (actor: Actor, doc: { sellerId: string }) => isAdmin(actor) || doc.sellerId === actor.userId;

export const commissionInvoiceRoutes = (ctx: AppContext) => {
  const readable = async (id: string, actor: Actor) => {
    const doc = await commissionDocument(ctx.platform.read, id);
    if (!doc || !mayRead(actor, doc)) throw documentNotFound();
    return doc;
  };
  return router(guard('seller', 'admin'))
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listCommissionInvoices',
        tags,
        summary: "MIBI's commission invoices and credit notes, newest first",
        description:
          "Without a query: a seller's own. With `sellerOrderId`: that seller order's, for its seller or an admin. " +
          'With `number`: admins only, the documents of that number.',
        request: { query: ListQuerySchema },
        responses: {
          200: jsonResponse(CommissionDocumentListSchema, 'The documents'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        const actor = actorOf(requireUser(c));
        const { sellerOrderId, number } = c.req.valid('query');
        const { read } = ctx.platform;
        if (number !== undefined) {
          requireAdminSearch(actor);
          return c.json({ items: await commissionDocumentsOf(read, { number }) }, 200);
        }
        if (sellerOrderId === undefined)
          return c.json({ items: await commissionDocumentsOf(read, { sellerId: actor.userId }) }, 200);
        const items = await commissionDocumentsOf(read, { sellerOrderId });
        return c.json({ items: items.filter((doc) => mayRead(actor, doc)) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        operationId: 'getCommissionInvoice',
        tags,
        summary: "MIBI's commission invoice or credit note, every figure as issued",
        description: 'Its seller or an admin; anyone else is told it is not there (404).',
        request: { params: IdParamsSchema },
        responses: {
          200: jsonResponse(CommissionDocumentSchema, 'The document'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => c.json(await readable(c.req.valid('param').id, actorOf(requireUser(c))), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/pdf',
        operationId: 'getCommissionInvoicePdf',
        tags,
        summary: "MIBI's commission invoice or credit note as a PDF to download",
        description: 'Its seller or an admin; anyone else is told it is not there (404).',
        request: { params: IdParamsSchema },
        responses: {
          200: pdfResponse('The document as PDF'),
          ...errors(400, 401, 403, 404),
        },
      }),
      async (c) => {
        const doc = await readable(c.req.valid('param').id, actorOf(requireUser(c)));
        const pdf = await documentPdf(printableCommissionDocument(doc));
        return c.body(new Uint8Array(pdf), 200, pdfHeaders(doc.number));
      },
    );
};
