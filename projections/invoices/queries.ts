/** Reads of the tax documents: newest first. */
import type { ReadStore, Scalar } from '../../platform/readstore/port.ts';
import type { TaxDocumentDoc } from './documents.ts';
import { TAX_DOCUMENTS } from './projection.ts';

const documents = (read: ReadStore) => read.collection<TaxDocumentDoc>(TAX_DOCUMENTS);

export const taxDocument = (read: ReadStore, id: string): Promise<TaxDocumentDoc | null> => documents(read).get(id);

/** The documents of a seller, of a buyer's seller orders, of one seller order, or of a number. */
export const taxDocuments = (
  read: ReadStore,
  where: { sellerId: string } | { buyerId: string } | { sellerOrderId: string } | { number: string },
): Promise<TaxDocumentDoc[]> =>
  documents(read).find({ where: where as Record<string, Scalar>, sort: [['issuedAt', 'desc']] });
