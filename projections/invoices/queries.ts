/** Reads of the tax documents: newest first. */
import type { ReadStore, Scalar } from '../../platform/readstore/port.ts';
import type { CommissionDocumentDoc, MibiDocumentDoc, TaxDocumentDoc } from './documents.ts';
import { MIBI_DOCUMENTS, TAX_DOCUMENTS } from './projection.ts';

const documents = (read: ReadStore) => read.collection<TaxDocumentDoc>(TAX_DOCUMENTS);

export const taxDocument = (read: ReadStore, id: string): Promise<TaxDocumentDoc | null> => documents(read).get(id);

/** The documents of a seller, of a buyer's seller orders, of one seller order, or of a number. */
export const taxDocuments = (
  read: ReadStore,
  where: { sellerId: string } | { buyerId: string } | { sellerOrderId: string } | { number: string },
): Promise<TaxDocumentDoc[]> =>
  documents(read).find({ where: where as Record<string, Scalar>, sort: [['issuedAt', 'desc']] });

type MibiKind = MibiDocumentDoc['kind'];
type OfKind<K extends MibiKind> = Extract<MibiDocumentDoc, { kind: K }>;

const mibiDocuments = (read: ReadStore) => read.collection<MibiDocumentDoc>(MIBI_DOCUMENTS);

const ofKinds =
  <K extends MibiKind>(kinds: readonly K[]) =>
  (doc: MibiDocumentDoc): doc is OfKind<K> =>
    (kinds as readonly MibiKind[]).includes(doc.kind);

/** One of MIBI's documents of the kinds given; null for any other. */
export async function mibiDocument<K extends MibiKind>(
  read: ReadStore,
  id: string,
  kinds: readonly K[],
): Promise<OfKind<K> | null> {
  const doc = await mibiDocuments(read).get(id);
  return doc && ofKinds(kinds)(doc) ? doc : null;
}

/** MIBI's documents of the kinds given: a seller's, a buyer's, a purchase's, a seller order's, or of a number. */
export async function mibiDocumentsOf<K extends MibiKind>(
  read: ReadStore,
  where:
    | { sellerId: string }
    | { buyerId: string }
    | { orderId: string }
    | { sellerOrderId: string }
    | { number: string },
  kinds: readonly K[],
): Promise<OfKind<K>[]> {
  const found = await mibiDocuments(read).find({
    where: where as Record<string, Scalar>,
    sort: [['issuedAt', 'desc']],
  });
  return found.filter(ofKinds(kinds));
}

const COMMISSION_KINDS = ['commission_invoice', 'commission_credit_note'] as const;

/** One of MIBI's commission invoices or credit notes. */
export const commissionDocument = (read: ReadStore, id: string): Promise<CommissionDocumentDoc | null> =>
  mibiDocument(read, id, COMMISSION_KINDS);

/** MIBI's commission invoices and credit notes to a seller, of one seller order, or of a number. */
export const commissionDocumentsOf = (
  read: ReadStore,
  where: { sellerId: string } | { sellerOrderId: string } | { number: string },
): Promise<CommissionDocumentDoc[]> => mibiDocumentsOf(read, where, COMMISSION_KINDS);
