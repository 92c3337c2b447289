/**
 * MIBI's own tax invoices to its sellers (issue 25, Deliver 5): the marketplace's commission is
 * a service MIBI supplies to the seller under MIBI's own GSTIN, so each delivered seller order's
 * commission is invoiced to its seller with GST on top, and a return's reversed commission is
 * credited back. The commission is exclusive of GST (settlement.ts takes it from the sale), so the
 * tax is added to it (tax/split.ts's `splitExclusive`, integer paise) at the SAC code and rate the
 * tax policy has for the commission on the document's date (tax/policy.ts's `serviceRateOn`).
 *
 * The place of supply of a service to a business is the recipient's location (section 12(2) of
 * the IGST Act): CGST + SGST when the seller's state is MIBI's, IGST otherwise.
 */
import type { Paise } from '../money.ts';
import type { TaxProfile } from '../seller/events.ts';
import { parseGstin } from '../tax/gstin.ts';
import type { ServiceRateEntry } from '../tax/policy.ts';
import { addSplits, amountOf, splitExclusive, type TaxSplit } from '../tax/split.ts';
import { stateByCode } from '../tax/states.ts';
import { businessAddress } from './document.ts';

/** MIBI as the supplier on its own invoices; the state is the GSTIN's (its first two digits). */
export interface Operator {
  legalName: string;
  gstin: string;
  /** MIBI's registered place of business, which rule 46 of the CGST Rules puts on every invoice. */
  address: string;
  stateCode: string;
  stateName: string;
}

/**
 * The GSTIN the demo issues MIBI's invoices under when MIBI_GSTIN is unset: a made-up number of
 * the right shape (Karnataka, check character valid) that belongs to no one. Never for a real
 * marketplace, which sets MIBI_GSTIN.
 */
export const SAMPLE_GSTIN = '29AAACM1234A1Z4';

/** The demo's made-up place of business beside SAMPLE_GSTIN (in its state, Karnataka). */
export const SAMPLE_ADDRESS = '1 Residency Road, Bengaluru, Karnataka 560025';

/** MIBI's supplier details, or what is wrong with the GSTIN (gstin.ts's messages). */
export function operatorOf(gstin: string, legalName: string, address: string): Operator | string {
  const parsed = parseGstin(gstin);
  if (typeof parsed === 'string') return parsed;
  return { legalName, gstin, address, stateCode: parsed.stateCode, stateName: parsed.state.name };
}

/** The seller as the recipient of MIBI's invoice: its GSTIN (null when unregistered) and place of business. */
export interface CommissionRecipient {
  legalName: string;
  gstin: string | null;
  address: string;
  stateCode: string;
  stateName: string;
}

export function recipientFromProfile(profile: TaxProfile): CommissionRecipient {
  const stateName = stateByCode(profile.stateCode)?.name ?? profile.stateCode;
  return {
    legalName: profile.legalName,
    gstin: profile.registered ? profile.gstin : null,
    address: businessAddress(profile.address, stateName),
    stateCode: profile.stateCode,
    stateName,
  };
}

/** One line: the commission on `quantity` units of a product (the taxable value) and the GST on it. */
export interface CommissionLine extends TaxSplit {
  productId: string;
  description: string;
  sac: string;
  quantity: number;
  rateBps: number;
  amountPaise: Paise;
}

/** What MIBI's commission invoice and its credit notes both state. */
export interface CommissionBody {
  orderId: string;
  sellerOrderId: string;
  sellerId: string;
  date: string;
  issuedAt: string;
  supplier: Operator;
  recipient: CommissionRecipient;
  /** CGST + SGST when the seller's state is MIBI's, IGST otherwise. */
  intraState: boolean;
  lines: CommissionLine[];
  totals: TaxSplit & { amountPaise: Paise };
}

/** A settled line: the commission MIBI took (or gave back) on `quantity` units. */
export interface Commissioned {
  productId: string;
  name: string;
  quantity: number;
  commissionPaise: Paise;
}

/** Who supplies, who receives, and when. */
export interface CommissionParties {
  orderId: string;
  sellerOrderId: string;
  sellerId: string;
  operator: Operator;
  recipient: CommissionRecipient;
  date: string;
  at: string;
}

/** What the commission invoice of a delivery is issued from. */
export interface CommissionFacts extends CommissionParties {
  /** The commission's SAC code and GST rate in force on `date` (the tax policy's, `serviceRateOn`). */
  service: Pick<ServiceRateEntry, 'sac' | 'rateBps'>;
}

const minus = (a: TaxSplit, b: TaxSplit): TaxSplit => ({
  taxablePaise: a.taxablePaise - b.taxablePaise,
  cgstPaise: a.cgstPaise - b.cgstPaise,
  sgstPaise: a.sgstPaise - b.sgstPaise,
  igstPaise: a.igstPaise - b.igstPaise,
});

function bodyOf(facts: CommissionParties, lines: CommissionLine[]): CommissionBody {
  const { orderId, sellerOrderId, sellerId, operator, recipient, date, at } = facts;
  const split = addSplits(lines);
  return {
    orderId,
    sellerOrderId,
    sellerId,
    date,
    issuedAt: at,
    supplier: operator,
    recipient,
    intraState: operator.stateCode === recipient.stateCode,
    lines,
    totals: { ...split, amountPaise: amountOf(split) },
  };
}

/**
 * A line of `commissionPaise` commission at `service`'s SAC code and rate, after `beforePaise` of
 * the same product's commission was already on earlier documents of the same kind: its GST is that
 * of the whole so far less that of the part before, so a delivery's credit notes add up to its
 * invoice to the paisa once every unit is returned (a unit's share of a rounded tax is never lost).
 */
function commissionLine(
  service: CommissionFacts['service'],
  intraState: boolean,
  settled: Commissioned,
  beforePaise: Paise,
): CommissionLine {
  const { sac, rateBps } = service;
  const upTo = (paise: Paise) => splitExclusive(paise, rateBps, intraState);
  const split = minus(upTo(beforePaise + settled.commissionPaise), upTo(beforePaise));
  return {
    productId: settled.productId,
    description: `Marketplace commission: ${settled.name}`,
    sac,
    quantity: settled.quantity,
    rateBps,
    ...split,
    amountPaise: amountOf(split),
  };
}

/** The commission invoice of a delivered seller order: a line per settled line. */
export function commissionInvoiceBody(facts: CommissionFacts, settled: readonly Commissioned[]): CommissionBody {
  const intraState = facts.operator.stateCode === facts.recipient.stateCode;
  return bodyOf(
    facts,
    settled.map((line) => commissionLine(facts.service, intraState, line, 0)),
  );
}

/**
 * The credit note of an accepted return: the commission given back on the returned units, at the
 * invoice's parties, SAC code and rate (a rate changed since does not reach back), `returnedBefore`
 * (product to commission paise) being that of the seller order's earlier returns.
 */
export function commissionCreditBody(
  invoice: CommissionBody,
  returned: readonly Commissioned[],
  returnedBefore: ReadonlyMap<string, Paise>,
  when: { date: string; at: string },
): CommissionBody {
  const { orderId, sellerOrderId, sellerId, supplier, recipient, intraState } = invoice;
  const lines = returned.map((line) => {
    const invoiced = invoice.lines.find((l) => l.productId === line.productId);
    if (!invoiced) throw new Error(`${line.productId} is not on the commission invoice of ${sellerOrderId}`);
    return commissionLine(invoiced, intraState, line, returnedBefore.get(line.productId) ?? 0);
  });
  return bodyOf({ orderId, sellerOrderId, sellerId, operator: supplier, recipient, ...when }, lines);
}
