/** Every tax document as issued: a seller's (its invoice and credit-note series) and MIBI's own. */
import type { CommissionSeriesEvent } from '../../domain/invoice/commission-series.ts';
import type { DeliverySeriesEvent } from '../../domain/invoice/delivery-series.ts';
import type { SeriesEvent } from '../../domain/invoice/series.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { MibiDocumentDoc, TaxDocumentDoc } from './documents.ts';

export const TAX_DOCUMENTS = 'tax_documents';
/**
 * A sibling collection: the documents MIBI issues as the supplier (to sellers, to buyers), whose
 * shapes differ from a seller's, `kind` telling them apart.
 */
export const MIBI_DOCUMENTS = 'mibi_documents';

type MibiEvent = CommissionSeriesEvent | DeliverySeriesEvent;

const MIBI_EVENTS: ReadonlySet<string> = new Set<MibiEvent['type']>([
  'CommissionInvoiceIssued',
  'CommissionCreditNoteIssued',
  'DeliveryInvoiceIssued',
  'DeliveryCreditNoteIssued',
]);

export const invoices: Projection = {
  name: 'invoices',
  version: 3,
  collections: [
    {
      name: TAX_DOCUMENTS,
      indexes: [['sellerId', 'issuedAt'], ['buyerId', 'issuedAt'], ['sellerOrderId', 'issuedAt'], ['number']],
    },
    {
      name: MIBI_DOCUMENTS,
      indexes: [
        ['sellerId', 'issuedAt'],
        ['sellerOrderId', 'issuedAt'],
        ['buyerId', 'issuedAt'],
        ['orderId', 'issuedAt'],
        ['number'],
      ],
    },
  ],
  eventTypes: new Set<string>(['InvoiceIssued', 'CreditNoteIssued', ...MIBI_EVENTS]),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    if (MIBI_EVENTS.has(recorded.type)) work.put<MibiDocumentDoc>(MIBI_DOCUMENTS, (recorded as MibiEvent).data);
    else work.put<TaxDocumentDoc>(TAX_DOCUMENTS, (recorded as SeriesEvent & RecordedEvent).data);
  },
};
