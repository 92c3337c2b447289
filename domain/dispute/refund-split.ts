/**
 * How a help request's refund comes off the seller's ledger. The amount is shared out over the
 * seller order's lines in proportion to what each sold for (largest remainder, so the shares
 * add up to the amount to the paisa); each share gives back the commission on it at its line's
 * rate (rounded half up, as a delivery charges it); the seller's earning falls by the rest.
 */
import { basisPoints, sum, type Paise } from '../money.ts';

export interface SplitLine {
  amountPaise: Paise;
  commissionBps: number;
}

export interface RefundSplit {
  amountPaise: Paise;
  commissionPaise: Paise;
  earningPaise: Paise;
}

/** `amountPaise` shared over `weights` in proportion, the remainders to the largest fractions first. */
export function shares(amountPaise: Paise, weights: readonly Paise[]): Paise[] {
  const total = sum(weights);
  if (total === 0) return weights.map((_, i) => (i === 0 ? amountPaise : 0));
  const exact = weights.map((w) => (BigInt(amountPaise) * BigInt(w)) as bigint);
  const floors = exact.map((e) => Number(e / BigInt(total)));
  let left = amountPaise - sum(floors);
  const byRemainder = exact
    .map((e, i) => ({ i, remainder: e % BigInt(total) }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of byRemainder) {
    if (left === 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return floors;
}

/** Each line's share of the refund and the commission it gives back, in the lines' order. */
export function refundLines(amountPaise: Paise, lines: readonly SplitLine[]): RefundSplit[] {
  return shares(
    amountPaise,
    lines.map((line) => line.amountPaise),
  ).map((share, i) => {
    const commissionPaise = basisPoints(share, lines[i]!.commissionBps);
    return { amountPaise: share, commissionPaise, earningPaise: share - commissionPaise };
  });
}

export function splitRefund(amountPaise: Paise, lines: readonly SplitLine[]): RefundSplit {
  const commissionPaise = sum(refundLines(amountPaise, lines).map((line) => line.commissionPaise));
  return { amountPaise, commissionPaise, earningPaise: amountPaise - commissionPaise };
}
