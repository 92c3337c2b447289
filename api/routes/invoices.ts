import { createRoute } from '@hono/zod-openapi';
import { mayReadTaxDocument } from '../../domain/invoice/access.ts';
import { TaxDocumentListSchema, TaxDocumentSchema } from '../../projections/invoices/documents.ts';
import { taxDocument, taxDocuments } from '../../projections/invoices/queries.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { errors, jsonResponse, router } from '../http/router.ts';
import { documentPdf, pdfHeaders, pdfResponse } from '../invoices/pdf.ts';
import { printableTaxDocument } from '../invoices/printable.ts';
import { documentIdParams, documentListQuery, documentNotFound, requireAdminSearch } from '../invoices/requests.ts';
import type { AppContext } from '../roles/context.ts';

const tags = ['Invoices'];

const IdParamsSchema = documentIdParams('inv-6f1c2e1a-2026-27-42');
const ListQuerySchema = documentListQuery(
  "One seller order's documents (its buyer's, its seller's, or an admin's view)",
);

export const invoiceRoutes = (ctx: AppContext) => {
  const readable = async (id: string, actor: ReturnType<typeof actorOf>) => {
    const doc = await taxDocument(ctx.platform.read, id);
    if (!doc || !mayReadTaxDocument(actor, doc)) throw documentNotFound();
    return doc;
  };
  return router(guard())
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listInvoices',
        tags,
        summary: 'Tax invoices and credit notes, newest first',
        description:
          "Without a query: a seller's own documents (as supplier), or a buyer's (as recipient). With `sellerOrderId`: " +
          "that seller order's documents the caller may read. With `number`: admins only, every seller's document of " +
          'that number.',
        request: { query: ListQuerySchema },
        responses: {
          200: jsonResponse(TaxDocumentListSchema, 'The documents'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        const user = requireUser(c);
        const actor = actorOf(user);
        const { sellerOrderId, number } = c.req.valid('query');
        const { read } = ctx.platform;
        if (number !== undefined) {
          requireAdminSearch(actor);
          return c.json({ items: await taxDocuments(read, { number }) }, 200);
        }
        if (sellerOrderId !== undefined) {
          const items = await taxDocuments(read, { sellerOrderId });
          return c.json({ items: items.filter((doc) => mayReadTaxDocument(actor, doc)) }, 200);
        }
        const mine = user.roles.includes('seller') ? { sellerId: user.id } : { buyerId: user.id };
        return c.json({ items: await taxDocuments(read, mine) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        operationId: 'getInvoice',
        tags,
        summary: 'A tax invoice or credit note, every figure as issued',
        description: 'Its buyer, its seller or an admin; anyone else is told it is not there (404).',
        request: { params: IdParamsSchema },
        responses: {
          200: jsonResponse(TaxDocumentSchema, 'The document'),
          ...errors(400, 401, 404),
        },
      }),
      async (c) => c.json(await readable(c.req.valid('param').id, actorOf(requireUser(c))), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/pdf',
        operationId: 'getInvoicePdf',
        tags,
        summary: 'A tax invoice or credit note as a PDF to download',
        description: 'Who may read the document (its buyer, its seller, an admin).',
        request: { params: IdParamsSchema },
        responses: {
          200: pdfResponse('The document as PDF'),
          ...errors(400, 401, 404),
        },
      }),
      async (c) => {
        const doc = await readable(c.req.valid('param').id, actorOf(requireUser(c)));
        const pdf = await documentPdf(printableTaxDocument(doc));
        return c.body(new Uint8Array(pdf), 200, pdfHeaders(doc.number));
      },
    );
};
