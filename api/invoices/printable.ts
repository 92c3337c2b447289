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
  const invoice = doc.kind === 'invoice';
  return {
    title: invoice ? 'Tax Invoice' : 'Credit Note',
    number: doc.number,
    heading: [
      `${invoice ? 'Invoice' : 'Credit note'} number: ${doc.number}`,
      `Date: ${doc.date}`,
      ...(doc.kind === 'credit_note'
        ? [`Against invoice: ${doc.invoiceNumber}`, `Reason: ${CREDIT_REASONS[doc.reason]}`]
        : []),
      `Order: ${doc.sellerOrderId}`,
    ],
    supplier: [
      supplier.legalName,
      ...(supplier.tradeName ? [`Trading as ${supplier.tradeName}`] : []),
      supplier.address,
      `GSTIN: ${supplier.gstin}`,
      `State: ${supplier.stateName} (${supplier.stateCode})`,
    ],
    recipient: [recipient.name, recipient.address, placeLine(doc.placeOfSupply)],
    codeTitle: 'HSN',
    intraState: doc.intraState,
    lines: doc.lines.map((line) => ({ ...line, code: line.hsn })),
    totals: doc.totals,
    notes: ['Prices include GST. Issued by MIBI on behalf of the supplier (electronic commerce operator).'],
  };
}

/** MIBI's invoice to the buyer for a purchase's delivery charge, or its credit note. */
export function printableDeliveryDocument(doc: DeliveryDocumentDoc): Printable {
  const { supplier, recipient } = doc;
  const invoice = doc.kind === 'delivery_invoice';
  return {
    title: invoice ? 'Tax Invoice' : 'Credit Note',
    number: doc.number,
    heading: [
      `${invoice ? 'Invoice' : 'Credit note'} number: ${doc.number}`,
      `Date: ${doc.date}`,
      ...(doc.kind === 'delivery_credit_note'
        ? [`Against invoice: ${doc.invoiceNumber}`, 'Reason: Order cancelled, delivery charge refunded']
        : []),
      `Order: ${doc.orderId}`,
    ],
    supplier: operatorLines(supplier),
    recipient: [recipient.name, recipient.address, placeLine(doc.placeOfSupply)],
    codeTitle: 'SAC',
    intraState: doc.intraState,
    lines: doc.lines.map((line) => ({ ...line, code: line.sac })),
    totals: doc.totals,
    notes: ['The delivery charge includes GST. Delivery is supplied by MIBI, which arranges the courier.'],
  };
}

/** MIBI's commission invoice to a seller, or its credit note for a return. */
export function printableCommissionDocument(doc: CommissionDocumentDoc): Printable {
  const { supplier, recipient } = doc;
  const invoice = doc.kind === 'commission_invoice';
  return {
    title: invoice ? 'Tax Invoice' : 'Credit Note',
    number: doc.number,
    heading: [
      `${invoice ? 'Invoice' : 'Credit note'} number: ${doc.number}`,
      `Date: ${doc.date}`,
      ...(doc.kind === 'commission_credit_note'
        ? [`Against invoice: ${doc.invoiceNumber}`, `Reason: ${CREDIT_REASONS.returned}`]
        : []),
      `Order: ${doc.sellerOrderId}`,
    ],
    supplier: operatorLines(supplier),
    recipient: [
      recipient.legalName,
      recipient.address,
      ...(recipient.gstin ? [`GSTIN: ${recipient.gstin}`] : []),
      `Place of supply: ${recipient.stateName} (${recipient.stateCode})`,
    ],
    codeTitle: 'SAC',
    intraState: doc.intraState,
    lines: doc.lines.map((line) => ({ ...line, code: line.sac })),
    totals: doc.totals,
    notes: ["GST is added to MIBI's commission. Supplied by MIBI to the seller under MIBI's GSTIN."],
  };
}
