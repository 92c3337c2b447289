/** What the routes of tax documents (a seller's, MIBI's own) take, and how they refuse: one owner of these shapes. */
import { z } from '@hono/zod-openapi';
import { type Actor, isAdmin } from '../../domain/actor.ts';
import { MAX_NUMBER_LENGTH } from '../../domain/invoice/series.ts';
import { ApiError } from '../http/errors.ts';
import { pathParam } from '../http/router.ts';

/** A document's id in its path (not its number). */
export const documentIdParams = (example: string) =>
  z.object({ id: pathParam('id', 200, { description: "The document's id (not its number)", example }) });

const idFilter = (description: string) => z.string().trim().min(1).max(200).optional().openapi({ description });

const numberFilter = z
  .string()
  .trim()
  .min(1)
  .max(MAX_NUMBER_LENGTH)
  .optional()
  .openapi({ description: 'Admins: the documents with this number' });

/** The list's filters: one seller order's documents, or (admins) those of a number. */
export const documentListQuery = (sellerOrderNote: string) =>
  z.object({ sellerOrderId: idFilter(sellerOrderNote), number: numberFilter });

/** The list's filters of documents issued per purchase (MIBI's delivery invoices): one purchase's, or (admins) a number's. */
export const purchaseDocumentListQuery = (orderNote: string) =>
  z.object({ orderId: idFilter(orderNote), number: numberFilter });

/** A document the caller may not read is not there for them. */
export const documentNotFound = (): ApiError => new ApiError(404, 'not_found', /*i18n*/ 'Invoice not found');

/** Only admins search documents by number. */
export function requireAdminSearch(actor: Actor): void {
  if (!isAdmin(actor)) throw new ApiError(403, 'forbidden', /*i18n*/ 'Only an admin can search invoices by number');
}
