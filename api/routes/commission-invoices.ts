/** MIBI's commission invoices and credit notes to its sellers: a seller reads its own, an admin any. */
import { createRoute } from '@hono/zod-openapi';
import { type Actor, isAdmin } from '../../domain/actor.ts';
import { CommissionDocumentListSchema, CommissionDocumentSchema } from '../../projections/invoices/documents.ts';
import { commissionDocument, commissionDocumentsOf } from '../../projections/invoices/queries.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { errors, jsonResponse, router } from '../http/router.ts';
import { documentReads } from '../invoices/document-routes.ts';
import { printableCommissionDocument } from '../invoices/printable.ts';
import { documentListQuery, requireAdminSearch } from '../invoices/requests.ts';
import type { AppContext } from '../roles/context.ts';

const tags = ['Invoices'];

const ListQuerySchema = documentListQuery("One seller order's commission documents (its seller's or an admin's view)");

const mayRead = (actor: Actor, doc: { sellerId: string }) => isAdmin(actor) || doc.sellerId === actor.userId;

export const commissionInvoiceRoutes = (ctx: AppContext) =>
  documentReads(router(guard('seller', 'admin')), {
    name: 'CommissionInvoice',
    what: "MIBI's commission invoice or credit note",
    readers: 'Its seller or an admin',
    idExample: 'mib-2026-27-1',
    schema: CommissionDocumentSchema,
    find: (id) => commissionDocument(ctx.platform.read, id),
    mayRead,
    printable: printableCommissionDocument,
    roleGuarded: true,
  }).openapi(
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
  );
