/** MIBI's invoices to buyers for the delivery charge, and their credit notes: the purchase's buyer reads them, an admin any. */
import { createRoute } from '@hono/zod-openapi';
import { type Actor, isAdmin } from '../../domain/actor.ts';
import { DeliveryDocumentListSchema, DeliveryDocumentSchema } from '../../projections/invoices/documents.ts';
import { mibiDocument, mibiDocumentsOf } from '../../projections/invoices/queries.ts';
import { actorOf, guard, requireUser } from '../auth/middleware.ts';
import { errors, jsonResponse, router } from '../http/router.ts';
import { documentReads } from '../invoices/document-routes.ts';
import { printableDeliveryDocument } from '../invoices/printable.ts';
import { purchaseDocumentListQuery, requireAdminSearch } from '../invoices/requests.ts';
import type { AppContext } from '../roles/context.ts';

const tags = ['Invoices'];
const KINDS = ['delivery_invoice', 'delivery_credit_note'] as const;

const ListQuerySchema = purchaseDocumentListQuery("One purchase's documents (its buyer's or an admin's view)");

const mayRead = (actor: Actor, doc: { buyerId: string }): boolean => isAdmin(actor) || doc.buyerId === actor.userId;

export const deliveryInvoiceRoutes = (ctx: AppContext) =>
  documentReads(router(guard()), {
    name: 'DeliveryInvoice',
    what: "MIBI's delivery invoice or credit note",
    readers: "The purchase's buyer or an admin",
    idExample: 'dlv-2026-27-1',
    schema: DeliveryDocumentSchema,
    find: (id) => mibiDocument(ctx.platform.read, id, KINDS),
    mayRead,
    printable: printableDeliveryDocument,
  }).openapi(
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
  );
