import { shortSellerOrderId } from '../../../domain/order/status.ts';
import type { Data, server } from '../api/client.ts';
import { formatPrice } from '../format.ts';
import { CARD } from './cardTable.ts';
import { FigureHead } from './FigureHead.tsx';

export type TaxDocument = Data<typeof server.invoices.$get>['items'][number];
/** MIBI's own invoice of its commission to a seller, or its credit note. */
export type CommissionDocument = Data<(typeof server)['commission-invoices']['$get']>['items'][number];
type AnyDocument = TaxDocument | CommissionDocument;

const isCommission = (doc: AnyDocument): doc is CommissionDocument =>
  doc.kind === 'commission_invoice' || doc.kind === 'commission_credit_note';

/** Where a document downloads: as PDF, or its figures as JSON. */
export const taxDocumentHref = (doc: Pick<TaxDocument, 'id'>, format: 'pdf' | 'json'): string =>
  `/api/invoices/${encodeURIComponent(doc.id)}${format === 'pdf' ? '/pdf' : ''}`;

const hrefOf = (doc: AnyDocument, format: 'pdf' | 'json'): string =>
  isCommission(doc)
    ? `/api/commission-invoices/${encodeURIComponent(doc.id)}${format === 'pdf' ? '/pdf' : ''}`
    : taxDocumentHref(doc, format);

const KINDS: Record<AnyDocument['kind'], string> = {
  invoice: 'Tax invoice',
  credit_note: 'Credit note',
  commission_invoice: 'Commission invoice',
  commission_credit_note: 'Commission credit note',
};

/** A service to a business is supplied where the recipient is (MIBI's commission: the seller's state). */
const placeOf = (doc: AnyDocument): string => (isCommission(doc) ? doc.recipient.stateName : doc.placeOfSupply.name);

const taxOf = ({ totals }: AnyDocument) => totals.cgstPaise + totals.sgstPaise + totals.igstPaise;

/** Tax invoices and credit notes with their figures and downloads: a seller's, and MIBI's own to sellers. */
export function TaxDocumentTable({ documents, caption }: { documents: readonly AnyDocument[]; caption: string }) {
  return (
    // From sm up it scrolls on its own when narrower than the table: focusable, so the keyboard can scroll it too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className={`table table-sm ${CARD.table}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={CARD.head}>
          <tr>
            <th scope="col">Number</th>
            <th scope="col">Kind</th>
            <th scope="col">Date</th>
            <th scope="col">Supplier</th>
            <th scope="col">Order</th>
            <th scope="col">Place of supply</th>
            <FigureHead>Taxable value</FigureHead>
            <FigureHead>Tax</FigureHead>
            <FigureHead>Total</FigureHead>
            <th scope="col">Download</th>
          </tr>
        </thead>
        <tbody className={CARD.body}>
          {documents.map((doc) => (
            <tr key={doc.id} className={CARD.row}>
              <td className={`whitespace-nowrap font-mono ${CARD.cell}`} data-label="Number">
                {doc.number}
              </td>
              <td className={CARD.cell} data-label="Kind">
                {KINDS[doc.kind]}
                {'invoiceNumber' in doc && (
                  <span className="block text-xs text-base-content/80">Against {doc.invoiceNumber}</span>
                )}
              </td>
              <td className={`whitespace-nowrap ${CARD.cell}`} data-label="Date">
                {doc.date}
              </td>
              <td className={`max-sm:col-span-2 ${CARD.cell}`} data-label="Supplier">
                {doc.supplier.legalName}
                <span className="block text-xs text-base-content/80">GSTIN {doc.supplier.gstin}</span>
              </td>
              <td className={`whitespace-nowrap ${CARD.cell}`} data-label="Order">
                {shortSellerOrderId(doc.sellerOrderId)}
              </td>
              <td className={CARD.cell} data-label="Place of supply">
                {placeOf(doc)}
              </td>
              <td className={`text-right ${CARD.cell}`} data-label="Taxable value">
                {formatPrice(doc.totals.taxablePaise)}
              </td>
              <td className={`text-right ${CARD.cell}`} data-label="Tax">
                {formatPrice(taxOf(doc))}
                <span className="block text-xs text-base-content/80">{doc.intraState ? 'CGST + SGST' : 'IGST'}</span>
              </td>
              <td className={`text-right ${CARD.cell}`} data-label="Total">
                {formatPrice(doc.totals.amountPaise)}
              </td>
              <td className={`whitespace-nowrap ${CARD.cell}`} data-label="Download">
                <a className="link" href={hrefOf(doc, 'pdf')} download>
                  PDF
                </a>{' '}
                ·{' '}
                <a className="link" href={hrefOf(doc, 'json')} download={`${doc.number.replaceAll('/', '-')}.json`}>
                  JSON
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
