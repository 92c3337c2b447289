/**
 * A seller's tax documents (issue 25): the tax invoice MIBI issues on the seller's behalf when a
 * seller order ships, and the credit notes that reverse part or all of it. Every figure is worked
 * out here once, in integer paise (tax/split.ts's rounding rule), and recorded whole in the event
 * that issues the document, so what a buyer downloads years later is what was issued.
 *
 * The delivery charge is not on the seller's invoice: the marketplace arranges delivery and keeps
 * the charge whole (order/events.ts), so it is the marketplace's own supply, for MIBI's own
 * invoice to the buyer under its own GSTIN (delivery.ts).
 */
import type { OrderLine, ShippingAddress } from '../order/events.ts';
import { type LineKeyFields, keyFields, lineKey } from '../order/line-key.ts';
import type { Paise } from '../money.ts';
import { answersText } from '../product/personalisation.ts';
import type { PlaceOfBusiness, TaxProfile } from '../seller/events.ts';
import { shares } from '../dispute/refund-split.ts';
import { addSplits, amountOf, splitInclusive, type TaxSplit } from '../tax/split.ts';
import { stateByCode, stateByName } from '../tax/states.ts';

/**
 * One line: `quantity` units at the tax-inclusive unit price, its taxable value and tax;
 * amountPaise is their sum. Its variant and answers (keyFields) name the order line it is of.
 */
export interface TaxLine extends TaxSplit, LineKeyFields {
  productId: string;
  description: string;
  hsn: string;
  quantity: number;
  unitPricePaise: Paise;
  rateBps: number;
  amountPaise: Paise;
}

export interface Supplier {
  legalName: string;
  tradeName: string | null;
  gstin: string;
  address: string;
  stateCode: string;
  stateName: string;
}

/** The state (and its GST code) the goods go to; the code is null for a State field naming no state MIBI knows. */
export interface PlaceOfSupply {
  code: string | null;
  name: string;
}

/** What an invoice and a credit note both state. */
export interface TaxDocumentBody {
  orderId: string;
  sellerOrderId: string;
  sellerId: string;
  buyerId: string;
  /** The document's date: the day in India it was issued on (YYYY-MM-DD). */
  date: string;
  issuedAt: string;
  supplier: Supplier;
  recipient: { name: string; address: string };
  placeOfSupply: PlaceOfSupply;
  /** CGST + SGST when the supplier's state is the place of supply, IGST otherwise. */
  intraState: boolean;
  lines: TaxLine[];
  totals: TaxSplit & { amountPaise: Paise };
}

/** Where a document sits in its series: `number` is what the document shows (series.ts). */
export interface Numbered {
  id: string;
  number: string;
  /** The financial year, e.g. 2026-27 (April to March). */
  fy: string;
  seq: number;
}

export type Invoice = TaxDocumentBody &
  Numbered & {
    kind: 'invoice';
    /** The SellerOrderShipped event the invoice is for: a seller order shipped again after an undo is invoiced again. */
    shipmentId: string;
  };

export type CreditNote = TaxDocumentBody &
  Numbered & {
    kind: 'credit_note';
    invoiceId: string;
    invoiceNumber: string;
    reason: CreditReason;
    /** The event that called for it (a shipment undone, a return accepted). */
    causeId: string;
  };

export type TaxDocument = Invoice | CreditNote;

/** Why a credit note reverses (part of) an invoice. A shipped seller order can be cancelled only after its shipment is undone. */
export type CreditReason = 'shipment_undone' | 'returned' | 'refunded';

export const CREDIT_REASONS: Record<CreditReason, string> = {
  shipment_undone: 'Shipment undone',
  returned: 'Goods returned',
  refunded: 'Refund after a help request',
};

/** The HSN code and GST rate a line is taxed at on the document's date. */
export interface LineTax {
  hsn: string;
  rateBps: number;
}

const oneLine = (...parts: string[]): string => parts.filter((part) => part.trim() !== '').join(', ');

export const businessAddress = ({ address, city, pincode }: PlaceOfBusiness, stateName: string): string =>
  oneLine(address, city, `${stateName} ${pincode}`);

/** The supplier a registered seller's profile names. */
export function supplierOf(profile: Extract<TaxProfile, { registered: true }>): Supplier {
  const stateName = stateByCode(profile.stateCode)?.name ?? profile.stateCode;
  return {
    legalName: profile.legalName,
    tradeName: profile.tradeName,
    gstin: profile.gstin,
    address: businessAddress(profile.address, stateName),
    stateCode: profile.stateCode,
    stateName,
  };
}

export function placeOfSupplyOf(address: ShippingAddress): PlaceOfSupply {
  const state = stateByName(address.state);
  return state ? { code: state.code, name: state.name } : { code: null, name: address.state };
}

export const recipientOf = (address: ShippingAddress) => ({
  name: `${address.firstName} ${address.lastName}`.trim(),
  address: oneLine(address.address, address.city, `${address.state} ${address.pincode}`),
});

/**
 * What the invoice says a line is: the product's name, its variant ("Size 8 · Tan") and the
 * buyer's answers ("Name to engrave: Asha"), which the seller made it to.
 */
export function lineDescription({
  name,
  variantLabel = '',
  personalisation = [],
}: Pick<OrderLine, 'name' | 'variantLabel' | 'personalisation'>): string {
  const variant = variantLabel === '' ? name : `${name} (${variantLabel})`;
  return personalisation.length === 0 ? variant : `${variant} · ${answersText(personalisation)}`;
}

function taxLine(
  line: Pick<OrderLine, 'productId' | 'variantId' | 'personalisation' | 'pricePaise'> & { description: string },
  quantity: number,
  tax: LineTax,
  intra: boolean,
): TaxLine {
  const split = splitInclusive(line.pricePaise, quantity, tax.rateBps, intra);
  return {
    productId: line.productId,
    ...keyFields(line),
    description: line.description,
    hsn: tax.hsn,
    quantity,
    unitPricePaise: line.pricePaise,
    rateBps: tax.rateBps,
    ...split,
    amountPaise: amountOf(split),
  };
}

function totalsOf(lines: readonly TaxLine[]): TaxDocumentBody['totals'] {
  const split = addSplits(lines);
  return { ...split, amountPaise: amountOf(split) };
}

export interface InvoiceFacts {
  orderId: string;
  sellerOrderId: string;
  sellerId: string;
  buyerId: string;
  /** The seller order's lines. */
  lines: readonly OrderLine[];
  shippingAddress: ShippingAddress;
  supplier: Supplier;
  /** The tax of each line on the invoice's date. */
  taxOf(line: OrderLine): LineTax;
  date: string;
  at: string;
}

/** An invoice's figures: a line per order line, split within or across states. */
export function invoiceBody(facts: InvoiceFacts): TaxDocumentBody {
  const placeOfSupply = placeOfSupplyOf(facts.shippingAddress);
  const intraState = placeOfSupply.code === facts.supplier.stateCode;
  const lines = facts.lines.map((line) =>
    taxLine({ ...line, description: lineDescription(line) }, line.quantity, facts.taxOf(line), intraState),
  );
  return {
    orderId: facts.orderId,
    sellerOrderId: facts.sellerOrderId,
    sellerId: facts.sellerId,
    buyerId: facts.buyerId,
    date: facts.date,
    issuedAt: facts.at,
    supplier: facts.supplier,
    recipient: recipientOf(facts.shippingAddress),
    placeOfSupply,
    intraState,
    lines,
    totals: totalsOf(lines),
  };
}

const minus = (a: TaxSplit, b: TaxSplit): TaxSplit => ({
  taxablePaise: a.taxablePaise - b.taxablePaise,
  cgstPaise: a.cgstPaise - b.cgstPaise,
  sgstPaise: a.sgstPaise - b.sgstPaise,
  igstPaise: a.igstPaise - b.igstPaise,
});

/**
 * A credit note's figures: for each line (by its lineKey), `units` more of the invoice's units reversed after
 * `before` already were. A line's credit is the tax of all units reversed so far less that of the
 * units reversed before, so the credit notes of an invoice add up, paisa for paisa, to the
 * invoice's lines once every unit is reversed (a unit's share of a rounded tax is never lost).
 */
export function creditBody(
  invoice: Invoice,
  units: ReadonlyMap<string, number>,
  before: ReadonlyMap<string, number>,
  { date, at }: { date: string; at: string },
): TaxDocumentBody {
  const lines = invoice.lines.flatMap((line): TaxLine[] => {
    const key = lineKey(line);
    const done = Math.min(before.get(key) ?? 0, line.quantity);
    const quantity = Math.min(units.get(key) ?? 0, line.quantity - done);
    if (quantity <= 0) return [];
    const product = { ...line, pricePaise: line.unitPricePaise };
    const tax = { hsn: line.hsn, rateBps: line.rateBps };
    const upTo = (n: number) => splitInclusive(line.unitPricePaise, n, line.rateBps, invoice.intraState);
    const split = minus(upTo(done + quantity), upTo(done));
    return [{ ...taxLine(product, quantity, tax, invoice.intraState), ...split, amountPaise: amountOf(split) }];
  });
  return againstInvoice(invoice, lines, { date, at });
}

/**
 * A credit note for money given back while the goods stay with the buyer (a help request's or a
 * dispute's refund: the supply's value fell after the invoice, section 34 CGST Act). The amount
 * is shared over the invoice's lines as the ledger shares the refund (refund-split.ts) and each
 * share split at its line's rate, tax included; a credit of value names no units (quantity 0).
 */
export function refundCreditBody(
  invoice: Invoice,
  amountPaise: Paise,
  { date, at }: { date: string; at: string },
): TaxDocumentBody {
  const parts = shares(
    amountPaise,
    invoice.lines.map((line) => line.amountPaise),
  );
  const lines = invoice.lines.flatMap((line, i): TaxLine[] => {
    const share = parts[i]!;
    if (share === 0) return [];
    const split = splitInclusive(share, 1, line.rateBps, invoice.intraState);
    return [{ ...line, quantity: 0, unitPricePaise: share, ...split, amountPaise: amountOf(split) }];
  });
  return againstInvoice(invoice, lines, { date, at });
}

/** A credit note's body: the invoice's parties with its own date and lines. */
function againstInvoice(
  invoice: Invoice,
  lines: TaxLine[],
  { date, at }: { date: string; at: string },
): TaxDocumentBody {
  const { orderId, sellerOrderId, sellerId, buyerId, supplier, recipient, placeOfSupply, intraState } = invoice;
  const parties = { orderId, sellerOrderId, sellerId, buyerId, supplier, recipient, placeOfSupply, intraState };
  return { ...parties, date, issuedAt: at, lines, totals: totalsOf(lines) };
}
