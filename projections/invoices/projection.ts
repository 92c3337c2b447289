/** Every tax document as issued, from the invoice and credit-note series streams. */
import type { SeriesEvent } from '../../domain/invoice/series.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { TaxDocumentDoc } from './documents.ts';

export const TAX_DOCUMENTS = 'tax_documents';

export const invoices: Projection = {
  name: 'invoices',
  version: 1,
  collections: [
    {
      name: TAX_DOCUMENTS,
      indexes: [['sellerId', 'issuedAt'], ['buyerId', 'issuedAt'], ['sellerOrderId', 'issuedAt'], ['number']],
    },
  ],
  eventTypes: new Set<SeriesEvent['type']>(['InvoiceIssued', 'CreditNoteIssued']),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const { data } = recorded as SeriesEvent & RecordedEvent;
    work.put<TaxDocumentDoc>(TAX_DOCUMENTS, data);
  },
};
