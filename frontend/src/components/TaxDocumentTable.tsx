import type { MessageDescriptor } from '@lingui/core';
import { msg, ph } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { shortOrderId, shortSellerOrderId } from '../../../domain/order/status.ts';
import type { Data, server } from '../api/client.ts';
import { formatPrice } from '../format.ts';
import { CARD } from './cardTable.ts';
import { FigureHead } from './FigureHead.tsx';

export type TaxDocument = Data<typeof server.invoices.$get>['items'][number];
/** MIBI's own invoice of its commission to a seller, or its credit note. */
export type CommissionDocument = Data<(typeof server)['commission-invoices']['$get']>['items'][number];
/** MIBI's own invoice of a purchase's delivery charge to its buyer, or its credit note. */
export type DeliveryDocument = Data<(typeof server)['delivery-invoices']['$get']>['items'][number];
type AnyDocument = TaxDocument | CommissionDocument | DeliveryDocument;

/** Each kind's name, and the route that serves it. */
const KINDS: Record<AnyDocument['kind'], { name: MessageDescriptor; route: string }> = {
  invoice: { name: msg`Tax invoice`, route: 'invoices' },
  credit_note: { name: msg`Credit note`, route: 'invoices' },
  commission_invoice: { name: msg`Commission invoice`, route: 'commission-invoices' },
  commission_credit_note: { name: msg`Commission credit note`, route: 'commission-invoices' },
  delivery_invoice: { name: msg`Delivery invoice`, route: 'delivery-invoices' },
  delivery_credit_note: { name: msg`Delivery credit note`, route: 'delivery-invoices' },
};

/** Where a document downloads: as PDF, or its figures as JSON. */
export const documentHref = (doc: Pick<AnyDocument, 'id' | 'kind'>, format: 'pdf' | 'json'): string =>
  `/api/${KINDS[doc.kind].route}/${encodeURIComponent(doc.id)}${format === 'pdf' ? '/pdf' : ''}`;

/**
 * A service to a business is supplied where the recipient is (MIBI's commission: the seller's state); goods, and
 * delivery to a buyer, where the document says.
 */
const placeOf = (doc: AnyDocument): string =>
  'placeOfSupply' in doc ? doc.placeOfSupply.name : doc.recipient.stateName;

/** A seller's and the commission's documents are of one seller order; the delivery's of the whole purchase. */
const orderOf = (doc: AnyDocument): string =>
  'sellerOrderId' in doc ? shortSellerOrderId(doc.sellerOrderId) : shortOrderId(doc.orderId);

const taxOf = ({ totals }: AnyDocument) => totals.cgstPaise + totals.sgstPaise + totals.igstPaise;

/** Tax invoices and credit notes with their figures and downloads: a seller's, and MIBI's own (to sellers, to buyers). */
export function TaxDocumentTable({ documents, caption }: { documents: readonly AnyDocument[]; caption: string }) {
  const { t } = useLingui();
  return (
    // From sm up it scrolls on its own when narrower than the table: focusable, so the keyboard can scroll it too.
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className={`table table-sm ${CARD.table}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={CARD.head}>
          <tr>
            <th scope="col">
              <Trans>Number</Trans>
            </th>
            <th scope="col">
              <Trans>Kind</Trans>
            </th>
            <th scope="col">
              <Trans>Date</Trans>
            </th>
            <th scope="col">
              <Trans>Supplier</Trans>
            </th>
            <th scope="col">
              <Trans>Order</Trans>
            </th>
            <th scope="col">
              <Trans>Place of supply</Trans>
            </th>
            <FigureHead>
              <Trans>Taxable value</Trans>
            </FigureHead>
            <FigureHead>
              <Trans>Tax</Trans>
            </FigureHead>
            <FigureHead>
              <Trans>Total</Trans>
            </FigureHead>
            <th scope="col">
              <Trans>Download</Trans>
            </th>
          </tr>
        </thead>
        <tbody className={CARD.body}>
          {documents.map((doc) => (
            <tr key={doc.id} className={CARD.row}>
              {/* The document's own words (numbers, names, codes, its place of supply) stay as it states them. */}
              <td className={`whitespace-nowrap font-mono ${CARD.cell}`} data-label={t`Number`} translate="no">
                {doc.number}
              </td>
              <td className={CARD.cell} data-label={t`Kind`}>
                {t(KINDS[doc.kind].name)}
                {'invoiceNumber' in doc && (
                  <span className="block text-xs text-base-content/80">
                    <Trans>Against {ph({ invoiceNumber: doc.invoiceNumber })}</Trans>
                  </span>
                )}
              </td>
              <td className={`whitespace-nowrap ${CARD.cell}`} data-label={t`Date`}>
                {doc.date}
              </td>
              <td className={`max-sm:col-span-2 ${CARD.cell}`} data-label={t`Supplier`}>
                <span dir="auto">{doc.supplier.legalName}</span>
                <span className="block text-xs text-base-content/80" translate="no">
                  GSTIN {doc.supplier.gstin}
                </span>
              </td>
              <td className={`whitespace-nowrap ${CARD.cell}`} data-label={t`Order`} translate="no">
                {orderOf(doc)}
              </td>
              <td className={CARD.cell} data-label={t`Place of supply`} translate="no">
                {placeOf(doc)}
              </td>
              <td className={`text-right ${CARD.cell}`} data-label={t`Taxable value`}>
                {formatPrice(doc.totals.taxablePaise)}
              </td>
              <td className={`text-right ${CARD.cell}`} data-label={t`Tax`}>
                {formatPrice(taxOf(doc))}
                <span className="block text-xs text-base-content/80" translate="no">
                  {doc.intraState ? 'CGST + SGST' : 'IGST'}
                </span>
              </td>
              <td className={`text-right ${CARD.cell}`} data-label={t`Total`}>
                {formatPrice(doc.totals.amountPaise)}
              </td>
              <td className={`whitespace-nowrap ${CARD.cell}`} data-label={t`Download`} translate="no">
                <a className="link" href={documentHref(doc, 'pdf')} download>
                  PDF
                </a>{' '}
                ·{' '}
                <a
                  className="link"
                  href={documentHref(doc, 'json')}
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
