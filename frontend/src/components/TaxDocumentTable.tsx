import { shortSellerOrderId } from '../../../domain/order/status.ts';
import type { Data, server } from '../api/client.ts';
import { formatPrice } from '../format.ts';
import { FigureHead } from './FigureHead.tsx';

export type TaxDocument = Data<typeof server.invoices.$get>['items'][number];

/** Where a document downloads: as PDF, or its figures as JSON. */
export const taxDocumentHref = (doc: Pick<TaxDocument, 'id'>, format: 'pdf' | 'json'): string =>
  `/api/invoices/${encodeURIComponent(doc.id)}${format === 'pdf' ? '/pdf' : ''}`;

const KINDS = { invoice: 'Tax invoice', credit_note: 'Credit note' } as const;

const taxOf = ({ totals }: TaxDocument) => totals.cgstPaise + totals.sgstPaise + totals.igstPaise;

/** Tax invoices and credit notes with their figures and downloads (the seller's and the admins'). */
export function TaxDocumentTable({ documents, caption }: { documents: readonly TaxDocument[]; caption: string }) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
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
        <tbody>
          {documents.map((doc) => (
            <tr key={doc.id}>
              <td className="whitespace-nowrap font-mono">{doc.number}</td>
              <td>
                {KINDS[doc.kind]}
                {doc.kind === 'credit_note' && (
                  <span className="block text-xs text-base-content/80">Against {doc.invoiceNumber}</span>
                )}
              </td>
              <td className="whitespace-nowrap">{doc.date}</td>
              <td>
                {doc.supplier.legalName}
                <span className="block text-xs text-base-content/80">GSTIN {doc.supplier.gstin}</span>
              </td>
              <td className="whitespace-nowrap">{shortSellerOrderId(doc.sellerOrderId)}</td>
              <td>{doc.placeOfSupply.name}</td>
              <td className="text-right">{formatPrice(doc.totals.taxablePaise)}</td>
              <td className="text-right">
                {formatPrice(taxOf(doc))}
                <span className="block text-xs text-base-content/80">{doc.intraState ? 'CGST + SGST' : 'IGST'}</span>
              </td>
              <td className="text-right">{formatPrice(doc.totals.amountPaise)}</td>
              <td className="whitespace-nowrap">
                <a className="link" href={taxDocumentHref(doc, 'pdf')} download>
                  PDF
                </a>{' '}
                ·{' '}
                <a
                  className="link"
                  href={taxDocumentHref(doc, 'json')}
                  download={`${doc.number.replaceAll('/', '-')}.json`}
                >
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
