/** Reads of the tax documents: newest first. */
import type { ReadStore, Scalar } from '../../platform/readstore/port.ts';
import type { CommissionInvoiceDoc, TaxDocumentDoc } from './documents.ts';
import { COMMISSION_INVOICES, TAX_DOCUMENTS } from './projection.ts';

const documents = (read: ReadStore) => read.collection<TaxDocumentDoc>(TAX_DOCUMENTS);

export const taxDocument = (read: ReadStore, id: string): Promise<TaxDocumentDoc | null> => documents(read).get(id);

/** The documents of a seller, of a buyer's seller orders, of one seller order, or of a number. */
export const taxDocuments = (
  read: ReadStore,
  where: { sellerId: string } | { buyerId: string } | { sellerOrderId: string } | { number: string },
): Promise<TaxDocumentDoc[]> =>
  documents(read).find({ where: where as Record<string, Scalar>, sort: [['issuedAt', 'desc']] });

const commissionInvoices = (read: ReadStore) => read.collection<CommissionInvoiceDoc>(COMMISSION_INVOICES);

export const commissionInvoice = (read: ReadStore, id: string): Promise<CommissionInvoiceDoc | null> =>
  commissionInvoices(read).get(id);

/** MIBI's commission invoices to a seller, or of one seller order. */
export const commissionInvoicesOf = (
  read: ReadStore,
  where: { sellerId: string } | { sellerOrderId: string },
): Promise<CommissionInvoiceDoc[]> =>
  commissionInvoices(read).find({ where: where as Record<string, Scalar>, sort: [['issuedAt', 'desc']] });
