/** MIBI's invoices to buyers for the delivery charge, and their credit notes: the purchase's buyer reads them, an admin any. */
import { createRoute } from '@hono/zod-openapi';
import { type Actor, isAdmin } from '../../domain/actor.ts';
import { DeliveryDocumentListSchema, DeliveryDocumentSchema } from '../../projections/invoices/documents.ts';
import { mibiDocument, mibiDocumentsOf } from '../../projections/invoices/queries.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { errors, jsonResponse, router } from '../http/router.ts';
import { documentPdf, pdfHeaders, pdfResponse } from '../invoices/pdf.ts';
import { printableDeliveryDocument } from '../invoices/printable.ts';
import {
  documentIdParams,
  documentNotFound,
  purchaseDocumentListQuery,
  requireAdminSearch,
} from '../invoices/requests.ts';
import type { AppContext } from '../roles/context.ts';

const tags = ['Invoices'];
const KINDS = ['delivery_invoice', 'delivery_credit_note'] as const;

const IdParamsSchema = documentIdParams('dlv-2026-27-1');
const ListQuerySchema = purchaseDocumentListQuery("One purchase's documents (its buyer's or an admin's view)");

const mayRead = (actor: Actor, doc: { buyerId: string }): boolean => isAdmin(actor) || doc.buyerId === actor.userId;

export const deliveryInvoiceRoutes = (ctx: AppContext) => {
  const readable = async (id: string, actor: Actor) => {
    const doc = await mibiDocument(ctx.platform.read, id, KINDS);
    if (!doc || !mayRead(actor, doc)) throw documentNotFound();
    return doc;
  };
  return router(guard())
    .openapi(
      createRoute({
        method: 'get',
        path: '/',
        operationId: 'listDeliveryInvoices',
        tags,
        summary: "MIBI's delivery invoices and credit notes, newest first",
        description:
          "Without a query: the caller's own, as the buyer. With `orderId`: that purchase's, for its buyer or an admin. " +
          'With `number`: admins only, the documents of that number.',
        request: { query: ListQuerySchema },
        responses: {
          200: jsonResponse(DeliveryDocumentListSchema, 'The documents'),
          ...errors(400, 401, 403),
        },
      }),
      async (c) => {
        const actor = actorOf(requireUser(c));
        const { orderId, number } = c.req.valid('query');
        const { read } = ctx.platform;
        if (number !== undefined) {
          requireAdminSearch(actor);
          return c.json({ items: await mibiDocumentsOf(read, { number }, KINDS) }, 200);
        }
        if (orderId === undefined)
          return c.json({ items: await mibiDocumentsOf(read, { buyerId: actor.userId }, KINDS) }, 200);
        const items = await mibiDocumentsOf(read, { orderId }, KINDS);
        return c.json({ items: items.filter((doc) => mayRead(actor, doc)) }, 200);
      },
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}',
        operationId: 'getDeliveryInvoice',
        tags,
        summary: "MIBI's delivery invoice or credit note, every figure as issued",
        description: "The purchase's buyer or an admin; anyone else is told it is not there (404).",
        request: { params: IdParamsSchema },
        responses: {
          200: jsonResponse(DeliveryDocumentSchema, 'The document'),
          ...errors(400, 401, 404),
        },
      }),
      async (c) => c.json(await readable(c.req.valid('param').id, actorOf(requireUser(c))), 200),
    )
    .openapi(
      createRoute({
        method: 'get',
        path: '/{id}/pdf',
        operationId: 'getDeliveryInvoicePdf',
        tags,
        summary: "MIBI's delivery invoice or credit note as a PDF to download",
        description: "The purchase's buyer or an admin; anyone else is told it is not there (404).",
        request: { params: IdParamsSchema },
        responses: {
          200: pdfResponse('The document as PDF'),
          ...errors(400, 401, 404),
        },
      }),
      async (c) => {
        const doc = await readable(c.req.valid('param').id, actorOf(requireUser(c)));
        const pdf = await documentPdf(printableDeliveryDocument(doc));
        return c.body(new Uint8Array(pdf), 200, pdfHeaders(doc.number));
      },
    );
};
