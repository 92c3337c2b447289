/** Every tax document as issued, from the invoice and credit-note series streams, and MIBI's commission invoices beside them. */
import type { CommissionSeriesEvent } from '../../domain/invoice/commission-series.ts';
import type { SeriesEvent } from '../../domain/invoice/series.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { CommissionInvoiceDoc, TaxDocumentDoc } from './documents.ts';

export const TAX_DOCUMENTS = 'tax_documents';
/** A sibling collection: MIBI supplies and the seller receives, so the shapes differ. */
export const COMMISSION_INVOICES = 'commission_invoices';

export const invoices: Projection = {
  name: 'invoices',
  version: 2,
  collections: [
    {
      name: TAX_DOCUMENTS,
      indexes: [['sellerId', 'issuedAt'], ['buyerId', 'issuedAt'], ['sellerOrderId', 'issuedAt'], ['number']],
    },
    {
      name: COMMISSION_INVOICES,
      indexes: [
        ['sellerId', 'issuedAt'],
        ['sellerOrderId', 'issuedAt'],
      ],
    },
  ],
  eventTypes: new Set<(SeriesEvent | CommissionSeriesEvent)['type']>([
    'InvoiceIssued',
    'CreditNoteIssued',
    'CommissionInvoiceIssued',
  ]),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const event = recorded as (SeriesEvent | CommissionSeriesEvent) & RecordedEvent;
    if (event.type === 'CommissionInvoiceIssued') work.put<CommissionInvoiceDoc>(COMMISSION_INVOICES, event.data);
    else work.put<TaxDocumentDoc>(TAX_DOCUMENTS, event.data);
  },
};
