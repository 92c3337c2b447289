/**
 * The TCS MIBI collects as an electronic commerce operator (section 52 of the CGST Act) on each
 * seller's net taxable supplies made through it: one record per tax document (an invoice adds
 * its taxable value, a credit note takes back what it reverses), at the TCS rate in force on the
 * invoice's date (a credit note uses its invoice's rate and date, so it undoes exactly what was
 * collected). Each document's TCS is rounded on its own (tax/split.ts `tcsOn`) and a month's TCS
 * is the sum of its documents', so the ledger's TCS lines and the GSTR-8 agree to the paisa.
 * Within a state (the seller's state is the place of supply) it is CGST + SGST, else IGST.
 */
import type { TaxDocument } from '../invoice/document.ts';
import { type Paise, sum } from '../money.ts';
import { type TcsSplit, tcsOn } from '../tax/split.ts';

/** Supplies of one HSN code at one GST rate, signed: + invoiced, - credited. */
export interface SupplyLine {
  hsn: string;
  rateBps: number;
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

export interface TcsRecord extends TcsSplit {
  /** The tax document's id. */
  id: string;
  kind: TaxDocument['kind'];
  number: string;
  /** The document's date (YYYY-MM-DD, in India) and its month (YYYY-MM): the return it is reported in. */
  date: string;
  month: string;
  sellerId: string;
  gstin: string;
  legalName: string;
  orderId: string;
  sellerOrderId: string;
  issuedAt: string;
  intraState: boolean;
  /** The invoice whose date set the rate (the document itself for an invoice). */
  invoiceId: string;
  invoiceDate: string;
  rateBps: number;
  /** Signed: + an invoice, - a credit note. */
  taxablePaise: Paise;
  supplies: SupplyLine[];
}

const negate = (paise: Paise): Paise => (paise === 0 ? 0 : 0 - paise);

/** The document's lines summed by HSN code and rate, ordered so, signed by `sign`. */
function suppliesOf(doc: TaxDocument, sign: 1 | -1): SupplyLine[] {
  const byKey = new Map<string, SupplyLine>();
  for (const line of doc.lines) {
    const key = `${line.hsn}@${line.rateBps}`;
    const was = byKey.get(key) ?? {
      hsn: line.hsn,
      rateBps: line.rateBps,
      taxablePaise: 0,
      cgstPaise: 0,
      sgstPaise: 0,
      igstPaise: 0,
    };
    const add = (field: 'taxablePaise' | 'cgstPaise' | 'sgstPaise' | 'igstPaise') =>
      sum([was[field], sign === 1 ? line[field] : negate(line[field])]);
    byKey.set(key, {
      ...was,
      taxablePaise: add('taxablePaise'),
      cgstPaise: add('cgstPaise'),
      sgstPaise: add('sgstPaise'),
      igstPaise: add('igstPaise'),
    });
  }
  return [...byKey.values()].sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rateBps - b.rateBps);
}

/** The TCS on an invoice, or taken back by a credit note, at `rateBps` (in force on `invoice.date`). */
export function tcsRecord(doc: TaxDocument, invoice: { id: string; date: string }, rateBps: number): TcsRecord {
  const sign = doc.kind === 'invoice' ? 1 : -1;
  const taxablePaise = sign === 1 ? doc.totals.taxablePaise : negate(doc.totals.taxablePaise);
  return {
    id: doc.id,
    kind: doc.kind,
    number: doc.number,
    date: doc.date,
    month: doc.date.slice(0, 7),
    sellerId: doc.sellerId,
    gstin: doc.supplier.gstin,
    legalName: doc.supplier.legalName,
    orderId: doc.orderId,
    sellerOrderId: doc.sellerOrderId,
    issuedAt: doc.issuedAt,
    intraState: doc.intraState,
    invoiceId: invoice.id,
    invoiceDate: invoice.date,
    rateBps,
    taxablePaise,
    ...tcsOn(taxablePaise, rateBps, doc.intraState),
    supplies: suppliesOf(doc, sign),
  };
}

/** The whole TCS of a record, signed like its taxable value. */
export const tcsTotal = (split: TcsSplit): Paise => sum([split.cgstPaise, split.sgstPaise, split.igstPaise]);
