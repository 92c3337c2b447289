/**
 * A seller's ledger: every movement of the money the marketplace owes them, each traced to the
 * event that moved it. A delivery accrues the seller's earning, an accepted return reverses
 * what its units earned, a payout settles part of the balance. Cancellations move nothing: a
 * seller order is cancelled only before delivery, when it has earned nothing yet.
 */
import { type Paise, sum } from '../money.ts';
import type { LineSettlement, SellerOrderEvent, ReturnEvent } from '../order/events.ts';
import type { Payout } from '../payout/events.ts';

export const LEDGER_KINDS = ['earning', 'return', 'payout'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerEntry {
  /** Stable across replays: `${sellerOrderId}:delivered`, `${returnId}:accepted`, `payout:${payoutId}`. */
  id: string;
  sellerId: string;
  kind: LedgerKind;
  /** When the event happened (ISO-8601 UTC). */
  at: string;
  orderId: string | null;
  sellerOrderId: string | null;
  returnId: string | null;
  payoutId: string | null;
  /** The bank's reference of a payout. */
  reference: string | null;
  /** The day a payout was paid (YYYY-MM-DD). */
  paidOn: string | null;
  /** Price x quantity of the lines: + for an earning, - for a return, 0 for a payout. */
  salesPaise: Paise;
  /** The marketplace's commission on them, signed likewise. */
  commissionPaise: Paise;
  /** What the entry changes the seller's balance by: + an earning, - a return or a payout. */
  amountPaise: Paise;
  /** Line by line, as the event settled them (amounts positive, as recorded); none for a payout. */
  lines: LineSettlement[];
}

type Delivered = Extract<SellerOrderEvent, { type: 'SellerOrderDelivered' }>['data'];
type ReturnAccepted = Extract<ReturnEvent, { type: 'ReturnAccepted' }>['data'];

/** `0 - x`, not `-x`: no -0 in a document (it would not survive JSON, so a replay could differ). */
const signed = (paise: Paise, sign: 1 | -1): Paise => (sign === 1 ? paise : 0 - paise);

const totals = (lines: readonly LineSettlement[], sign: 1 | -1) => ({
  salesPaise: signed(sum(lines.map((line) => line.amountPaise)), sign),
  commissionPaise: signed(sum(lines.map((line) => line.commissionPaise)), sign),
  amountPaise: signed(sum(lines.map((line) => line.earningPaise)), sign),
});

const noPayout = { payoutId: null, reference: null, paidOn: null };

/** The seller earns the price of what was delivered, less the commission at the rates in force. */
export const earningEntry = ({ orderId, sellerOrderId, sellerId, at, settlement }: Delivered): LedgerEntry => ({
  id: `${sellerOrderId}:delivered`,
  sellerId,
  kind: 'earning',
  at,
  orderId,
  sellerOrderId,
  returnId: null,
  ...noPayout,
  ...totals(settlement, 1),
  lines: settlement,
});

/** An accepted return takes back what the returned units earned; the commission kept on them goes back too. */
export const returnEntry = ({
  orderId,
  sellerOrderId,
  sellerId,
  returnId,
  at,
  settlement,
}: ReturnAccepted): LedgerEntry => ({
  id: `${returnId}:accepted`,
  sellerId,
  kind: 'return',
  at,
  orderId,
  sellerOrderId,
  returnId,
  ...noPayout,
  ...totals(settlement, -1),
  lines: settlement,
});

/** Money paid to the seller: it settles part of what they are owed. */
export const payoutEntry = ({ payoutId, sellerId, amountPaise, paidOn, reference, at }: Payout): LedgerEntry => ({
  id: `payout:${payoutId}`,
  sellerId,
  kind: 'payout',
  at,
  orderId: null,
  sellerOrderId: null,
  returnId: null,
  payoutId,
  reference,
  paidOn,
  salesPaise: 0,
  commissionPaise: 0,
  amountPaise: 0 - amountPaise,
  lines: [],
});

/** What a seller's ledger adds up to. */
export interface LedgerTotals {
  salesPaise: Paise;
  commissionPaise: Paise;
  /** Earnings net of reversals. */
  earnedPaise: Paise;
  paidPaise: Paise;
  /** What the marketplace owes the seller now: earned - paid. Negative when returns came after a payout. */
  balancePaise: Paise;
}

export const NO_TOTALS: LedgerTotals = {
  salesPaise: 0,
  commissionPaise: 0,
  earnedPaise: 0,
  paidPaise: 0,
  balancePaise: 0,
};

/** The totals with `entry` posted. */
export function post(totals: LedgerTotals, entry: LedgerEntry): LedgerTotals {
  const earnedPaise = sum([totals.earnedPaise, entry.kind === 'payout' ? 0 : entry.amountPaise]);
  const paidPaise = sum([totals.paidPaise, entry.kind === 'payout' ? 0 - entry.amountPaise : 0]);
  return {
    salesPaise: sum([totals.salesPaise, entry.salesPaise]),
    commissionPaise: sum([totals.commissionPaise, entry.commissionPaise]),
    earnedPaise,
    paidPaise,
    balancePaise: earnedPaise - paidPaise,
  };
}
