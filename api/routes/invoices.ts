import { createRoute } from '@hono/zod-openapi';
import { mayReadTaxDocument } from '../../domain/invoice/access.ts';
import { TaxDocumentListSchema, TaxDocumentSchema } from '../../projections/invoices/documents.ts';
import { taxDocument, taxDocuments } from '../../projections/invoices/queries.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { errors, jsonResponse, router } from '../http/router.ts';
import { documentReads } from '../invoices/document-routes.ts';
import { printableTaxDocument } from '../invoices/printable.ts';
import { documentListQuery, requireAdminSearch } from '../invoices/requests.ts';
import type { AppContext } from '../roles/context.ts';

const tags = ['Invoices'];

const ListQuerySchema = documentListQuery(
  "One seller order's documents (its buyer's, its seller's, or an admin's view)",
);

export const invoiceRoutes = (ctx: AppContext) =>
  documentReads(router(guard()), {
    name: 'Invoice',
    what: 'A tax invoice or credit note',
    readers: 'Its buyer, its seller or an admin',
    idExample: 'inv-6f1c2e1a-2026-27-42',
    schema: TaxDocumentSchema,
    find: (id) => taxDocument(ctx.platform.read, id),
    mayRead: mayReadTaxDocument,
    printable: printableTaxDocument,
  }).openapi(
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
  );
