/**
 * The tax inside a tax-inclusive price, in integer paise. Prices on MIBI include GST, as buyers
 * see them; an invoice shows each line's taxable value and its tax.
 *
 * Rounding rule (one rule, so every reader gets the same paise):
 * 1. A line's amount is unit price × quantity (exact).
 * 2. Its tax is amount × rate / (10000 + rate), rounded to the nearest paisa, halves up; its
 *    taxable value is the amount less that tax. So taxable value + tax = the line's amount,
 *    exactly, and a basket's lines add up to its total.
 * 3. Within a state the tax is halved into CGST and SGST; an odd paisa goes to CGST. Across
 *    states all of it is IGST.
 * TCS follows the same rule on a net taxable value (which a month of returns can make negative:
 * the rounding then mirrors the positive case, halves away from zero).
 */
import { assertPaise, multiply, type Paise, sum } from '../money.ts';

export interface TaxSplit {
  taxablePaise: Paise;
  cgstPaise: Paise;
  sgstPaise: Paise;
  igstPaise: Paise;
}

/** Whether the supplier's state is the place of supply: CGST + SGST then, IGST otherwise. */
export type IntraState = boolean;

/** numerator / denominator for a non-negative numerator and a positive denominator, rounded halves up. */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((2n * numerator + denominator) / (2n * denominator));
}

function assertRate(rateBps: number): void {
  if (!Number.isSafeInteger(rateBps) || rateBps < 0) throw new RangeError(`Not a rate in basis points: ${rateBps}`);
}

/** The tax `total` is split into: halves within a state (the odd paisa to CGST), all IGST across states. */
function shares(total: Paise, intraState: IntraState): Omit<TaxSplit, 'taxablePaise'> {
  if (!intraState) return { cgstPaise: 0, sgstPaise: 0, igstPaise: total };
  const sgstPaise = Math.trunc(total / 2);
  return { cgstPaise: total - sgstPaise, sgstPaise, igstPaise: 0 };
}

/** The tax in `quantity` units at the tax-inclusive `pricePaise`, at `rateBps` (500 = 5%). */
export function splitInclusive(pricePaise: Paise, quantity: number, rateBps: number, intraState: IntraState): TaxSplit {
  const amount = multiply(pricePaise, quantity);
  if (amount < 0) throw new RangeError(`Not a non-negative line amount: ${amount}`);
  assertRate(rateBps);
  const tax = divideHalfUp(BigInt(amount) * BigInt(rateBps), BigInt(10_000 + rateBps));
  return { taxablePaise: amount - tax, ...shares(tax, intraState) };
}

/**
 * The tax on `taxablePaise` charged on top at `rateBps` (a price exclusive of GST, as MIBI's
 * commission is): taxable × rate / 10000, rounded to the nearest paisa, halves up, then split as
 * above. The taxable value is kept whole, so taxable value + tax is the document's amount exactly.
 */
export function splitExclusive(taxablePaise: Paise, rateBps: number, intraState: IntraState): TaxSplit {
  assertPaise(taxablePaise);
  if (taxablePaise < 0) throw new RangeError(`Not a non-negative taxable value: ${taxablePaise}`);
  assertRate(rateBps);
  const tax = divideHalfUp(BigInt(taxablePaise) * BigInt(rateBps), 10_000n);
  return { taxablePaise, ...shares(tax, intraState) };
}

/** What a split adds up to: the line's (or basket's) tax-inclusive amount. */
export const amountOf = (split: TaxSplit): Paise =>
  sum([split.taxablePaise, split.cgstPaise, split.sgstPaise, split.igstPaise]);

/** The sum of splits, part by part: a basket's or an invoice's totals. */
export function addSplits(splits: readonly TaxSplit[]): TaxSplit {
  return {
    taxablePaise: sum(splits.map((s) => s.taxablePaise)),
    cgstPaise: sum(splits.map((s) => s.cgstPaise)),
    sgstPaise: sum(splits.map((s) => s.sgstPaise)),
    igstPaise: sum(splits.map((s) => s.igstPaise)),
  };
}

export type TcsSplit = Omit<TaxSplit, 'taxablePaise'>;

/**
 * The TCS an operator collects on a supplier's net taxable value at `rateBps` (the rate in force,
 * e.g. 50 = 0.5%): that rate rounded as above, halves away from zero, then halved into CGST and
 * SGST within a state (0.25% + 0.25% at 0.5%), or all IGST across states.
 */
export function tcsOn(netTaxablePaise: Paise, rateBps: number, intraState: IntraState): TcsSplit {
  assertPaise(netTaxablePaise);
  assertRate(rateBps);
  const magnitude = divideHalfUp(BigInt(Math.abs(netTaxablePaise)) * BigInt(rateBps), 10_000n);
  const split = shares(magnitude, intraState);
  if (netTaxablePaise >= 0) return split;
  const negated = (paise: Paise): Paise => (paise === 0 ? 0 : -paise);
  return {
    cgstPaise: negated(split.cgstPaise),
    sgstPaise: negated(split.sgstPaise),
    igstPaise: negated(split.igstPaise),
  };
}
