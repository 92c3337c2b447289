/** What each kind of tax document prints (pdf.ts lays it out): one mapping per document shape. */
import { CREDIT_REASONS } from '../../domain/invoice/document.ts';
import type {
  CommissionDocumentDoc,
  DeliveryDocumentDoc,
  TaxDocumentDoc,
} from '../../projections/invoices/documents.ts';
import type { Printable } from './pdf.ts';

const placeLine = ({ code, name }: { code: string | null; name: string }): string =>
  `Place of supply: ${name}${code ? ` (${code})` : ''}`;

type Credited = { invoiceNumber: string; reason: string } | null;
type KindParts = Pick<Printable, 'supplier' | 'recipient' | 'codeTitle' | 'lines' | 'notes'> & { orderId: string };

/** What every document prints alike: its title and heading, as an invoice or a credit note against one. */
function printable(
  doc: Pick<Printable, 'number' | 'totals' | 'intraState'> & { date: string },
  credited: Credited,
  parts: KindParts,
): Printable {
  const { orderId, ...kindParts } = parts;
  return {
    title: credited ? 'Credit Note' : 'Tax Invoice',
    number: doc.number,
    heading: [
      `${credited ? 'Credit note' : 'Invoice'} number: ${doc.number}`,
      `Date: ${doc.date}`,
      ...(credited ? [`Against invoice: ${credited.invoiceNumber}`, `Reason: ${credited.reason}`] : []),
      `Order: ${orderId}`,
    ],
    intraState: doc.intraState,
    totals: doc.totals,
    ...kindParts,
  };
}

/** MIBI as the supplier of its own documents. */
const operatorLines = ({ legalName, address, gstin, stateName, stateCode }: CommissionDocumentDoc['supplier']) => [
  legalName,
  ...(address ? [address] : []),
  `GSTIN: ${gstin}`,
  `State: ${stateName} (${stateCode})`,
];

/** A seller's tax invoice or credit note, issued by MIBI on the seller's behalf. */
export function printableTaxDocument(doc: TaxDocumentDoc): Printable {
  const { supplier, recipient } = doc;
  const credited =
    doc.kind === 'credit_note' ? { invoiceNumber: doc.invoiceNumber, reason: CREDIT_REASONS[doc.reason] } : null;
  return printable(doc, credited, {
    orderId: doc.sellerOrderId,
    supplier: [
      supplier.legalName,
      ...(supplier.tradeName ? [`Trading as ${supplier.tradeName}`] : []),
      supplier.address,
      `GSTIN: ${supplier.gstin}`,
      `State: ${supplier.stateName} (${supplier.stateCode})`,
    ],
    recipient: [recipient.name, recipient.address, placeLine(doc.placeOfSupply)],
    codeTitle: 'HSN',
    lines: doc.lines.map((line) => ({ ...line, code: line.hsn })),
    notes: ['Prices include GST. Issued by MIBI on behalf of the supplier (electronic commerce operator).'],
  });
}

/** MIBI's invoice to the buyer for a purchase's delivery charge, or its credit note. */
export function printableDeliveryDocument(doc: DeliveryDocumentDoc): Printable {
  const credited =
    doc.kind === 'delivery_credit_note'
      ? { invoiceNumber: doc.invoiceNumber, reason: 'Order cancelled, delivery charge refunded' }
      : null;
  return printable(doc, credited, {
    orderId: doc.orderId,
    supplier: operatorLines(doc.supplier),
    recipient: [doc.recipient.name, doc.recipient.address, placeLine(doc.placeOfSupply)],
    codeTitle: 'SAC',
    lines: doc.lines.map((line) => ({ ...line, code: line.sac })),
    notes: ['The delivery charge includes GST. Delivery is supplied by MIBI, which arranges the courier.'],
  });
}

/** MIBI's commission invoice to a seller, or its credit note for a return. */
export function printableCommissionDocument(doc: CommissionDocumentDoc): Printable {
  const { recipient } = doc;
  const credited =
    doc.kind === 'commission_credit_note'
      ? { invoiceNumber: doc.invoiceNumber, reason: CREDIT_REASONS[doc.reason ?? 'returned'] }
      : null;
  return printable(doc, credited, {
    orderId: doc.sellerOrderId,
    supplier: operatorLines(doc.supplier),
    recipient: [
      recipient.legalName,
      recipient.address,
      ...(recipient.gstin ? [`GSTIN: ${recipient.gstin}`] : []),
      `Place of supply: ${recipient.stateName} (${recipient.stateCode})`,
    ],
    codeTitle: 'SAC',
    lines: doc.lines.map((line) => ({ ...line, code: line.sac })),
    notes: ["GST is added to MIBI's commission. Supplied by MIBI to the seller under MIBI's GSTIN."],
  });
}
