/**
 * MIBI's own invoice to the buyer for the delivery charge (issue 25): the marketplace arranges
 * the courier and keeps the charge whole (order/events.ts), so delivery is a service MIBI
 * supplies to the buyer under its own GSTIN, once per purchase. The charge is what the buyer
 * paid, tax included, so its tax is taken out of it (tax/split.ts's `splitInclusive`, integer
 * paise): taxable value + tax = the charge, exactly.
 *
 * Place of supply (section 12(8) of the IGST Act, transport of goods including by courier): to a
 * registered person, its location; to anyone else, the location where the goods are handed over
 * for their transportation. Buyers are not registered persons to MIBI (it asks no buyer's
 * GSTIN), so it is the state the courier takes the parcel in: the seller's place of business
 * (its tax profile). A seller without a tax profile gave MIBI no such place, and the shipping
 * address's state stands in for it (README, Taxes).
 */
import type { Paise } from '../money.ts';
import type { ShippingAddress } from '../order/events.ts';
import type { TaxProfile } from '../seller/events.ts';
import { addSplits, amountOf, splitInclusive, type TaxSplit } from '../tax/split.ts';
import { stateByCode } from '../tax/states.ts';
import type { Operator } from './commission.ts';
import { type PlaceOfSupply, placeOfSupplyOf, recipientOf } from './document.ts';

/** The one line: the delivery service, its SAC, the charge's taxable value and tax. */
export interface DeliveryLine extends TaxSplit {
  description: string;
  sac: string;
  quantity: number;
  rateBps: number;
  amountPaise: Paise;
}

/** What MIBI's delivery invoice and its credit note both state. */
export interface DeliveryBody {
  orderId: string;
  buyerId: string;
  date: string;
  issuedAt: string;
  supplier: Operator;
  /** The buyer, as the shipping address names it. */
  recipient: { name: string; address: string };
  placeOfSupply: PlaceOfSupply;
  /** CGST + SGST when MIBI's state is the place of supply, IGST otherwise. */
  intraState: boolean;
  lines: DeliveryLine[];
  totals: TaxSplit & { amountPaise: Paise };
}

/** The state the parcel is handed over to the courier in: the seller's place of business, else the shipping address's. */
export function handoverPlace(profile: TaxProfile | null, shippingAddress: ShippingAddress): PlaceOfSupply {
  if (!profile) return placeOfSupplyOf(shippingAddress);
  return { code: profile.stateCode, name: stateByCode(profile.stateCode)?.name ?? profile.stateCode };
}

export interface DeliveryFacts {
  orderId: string;
  buyerId: string;
  operator: Operator;
  shippingAddress: ShippingAddress;
  placeOfSupply: PlaceOfSupply;
  /** The delivery option's label, e.g. Standard Delivery. */
  label: string;
  chargePaise: Paise;
  /** The courier service's SAC and GST rate in force on the invoice's date (the tax policy). */
  service: { sac: string; rateBps: number };
  date: string;
  at: string;
}

/** The invoice of a purchase's delivery charge: one line, the charge split at the service's rate. */
export function deliveryInvoiceBody(facts: DeliveryFacts): DeliveryBody {
  const { placeOfSupply, operator, service } = facts;
  const intraState = placeOfSupply.code === operator.stateCode;
  const split = splitInclusive(facts.chargePaise, 1, service.rateBps, intraState);
  const line: DeliveryLine = {
    description: `Delivery of order: ${facts.label}`,
    sac: service.sac,
    quantity: 1,
    rateBps: service.rateBps,
    ...split,
    amountPaise: amountOf(split),
  };
  const totals = addSplits([line]);
  return {
    orderId: facts.orderId,
    buyerId: facts.buyerId,
    date: facts.date,
    issuedAt: facts.at,
    supplier: operator,
    recipient: recipientOf(facts.shippingAddress),
    placeOfSupply,
    intraState,
    lines: [line],
    totals: { ...totals, amountPaise: amountOf(totals) },
  };
}

/** The credit note giving back the whole charge of `invoice` (a purchase cancelled whole refunds it whole). */
export function deliveryCreditBody(invoice: DeliveryBody, { date, at }: { date: string; at: string }): DeliveryBody {
  const { orderId, buyerId, supplier, recipient, placeOfSupply, intraState, lines, totals } = invoice;
  return { orderId, buyerId, date, issuedAt: at, supplier, recipient, placeOfSupply, intraState, lines, totals };
}
