/**
 * A seller's ledger: every movement of the money the marketplace owes them, each traced to the
 * event that moved it. A delivery accrues the seller's earning, an accepted return reverses
 * what its units earned, a payout (recorded by an admin) or a transfer (of an order paid
 * online, to the seller's linked account) settles part of the balance, and a transfer's
 * reversal gives back what a return (or a help request's refund) took. A help request's refund
 * (a seller's resolution or MIBI's decision on a dispute, domain/dispute) takes back its share
 * of the sale, of the commission and of the earning. Cancellations move nothing: a seller order is
 * cancelled only before delivery, when it has earned nothing yet.
 *
 * TCS (tcs/collected.ts) is a line of its own: the tax MIBI collects on an invoice lowers the
 * balance due, and a credit note's gives it back. Transfers send a delivery's whole earning, so
 * the TCS is netted in the balance due: a seller paid only by transfers owes it (a balance below
 * zero) until their next earnings or an admin's payout take it off.
 */
import { type Paise, sum } from '../money.ts';
import type { LineSettlement, SellerOrderEvent, ReturnEvent, TransferEvent } from '../order/events.ts';
import type { Payout } from '../payout/events.ts';
import type { HelpRefund } from '../dispute/events.ts';
import { type TcsRecord, tcsTotal } from '../tcs/collected.ts';

export const LEDGER_KINDS = ['earning', 'return', 'refund', 'payout', 'transfer', 'reversal', 'tcs'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Where a transfer stands: held until the order's return window closes, released to the seller's bank, or reversed whole. */
export const TRANSFER_STATES = ['on_hold', 'released', 'reversed'] as const;
export type TransferState = (typeof TRANSFER_STATES)[number];

export interface LedgerEntry {
  /**
   * Stable across replays: `${sellerOrderId}:delivered`, `${returnId}:accepted`, `refund:${refundId}`, `payout:${payoutId}`,
   * `transfer:${sellerOrderId}`, `reversal:${returnId}`, `tcs:${taxDocumentId}`.
   */
  id: string;
  sellerId: string;
  kind: LedgerKind;
  /** When the event happened (ISO-8601 UTC). */
  at: string;
  orderId: string | null;
  sellerOrderId: string | null;
  returnId: string | null;
  payoutId: string | null;
  /** The bank's reference of a payout; the gateway's id of a transfer (trf_...) or a reversal (rvrsl_...); a TCS line's invoice or credit note number. */
  reference: string | null;
  /** The day a payout was paid (YYYY-MM-DD). */
  paidOn: string | null;
  /** Price x quantity of the lines: + for an earning, - for a return, 0 for a payout. */
  salesPaise: Paise;
  /** The marketplace's commission on them, signed likewise. */
  commissionPaise: Paise;
  /** What the entry changes the seller's balance by: + an earning or a reversal, - a return, a payout or a transfer. */
  amountPaise: Paise;
  /** Line by line, as the event settled them (amounts positive, as recorded); none for a payout, a transfer or a reversal. */
  lines: LineSettlement[];
  /** Of a transfer, where it stands now; null for the other kinds. */
  transferState: TransferState | null;
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
const noSales = { salesPaise: 0, commissionPaise: 0, lines: [] };

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
  transferState: null,
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
  transferState: null,
});

/** A help request's refund, as its seller or MIBI gave it: the sale, commission and earning it takes back. */
export const refundEntry = (
  { orderId, sellerOrderId, sellerId, at }: { orderId: string; sellerOrderId: string; sellerId: string; at: string },
  refund: HelpRefund,
): LedgerEntry => ({
  id: `refund:${refund.refundId}`,
  sellerId,
  kind: 'refund',
  at,
  orderId,
  sellerOrderId,
  returnId: null,
  ...noPayout,
  salesPaise: signed(refund.amountPaise, -1),
  commissionPaise: signed(refund.commissionPaise, -1),
  amountPaise: signed(refund.earningPaise, -1),
  lines: [],
  transferState: null,
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
  transferState: null,
});

type TransferCreated = Extract<TransferEvent, { type: 'TransferCreated' }>['data'];
type TransferReversed = Extract<TransferEvent, { type: 'TransferReversed' }>['data'];

/** A delivered order's earning sent to the seller's linked account: it settles that much of the balance, on hold at first. */
export const transferEntry = ({
  orderId,
  sellerOrderId,
  sellerId,
  transferId,
  amountPaise,
  at,
}: TransferCreated): LedgerEntry => ({
  id: `transfer:${sellerOrderId}`,
  sellerId,
  kind: 'transfer',
  at,
  orderId,
  sellerOrderId,
  returnId: null,
  payoutId: null,
  reference: transferId,
  paidOn: null,
  ...noSales,
  amountPaise: 0 - amountPaise,
  transferState: 'on_hold',
});

/** A return's earning taken back out of the transfer: the seller is owed it again, as the return took it from the balance. */
export const reversalEntry = (
  { orderId, sellerOrderId, returnId, reversalId, amountPaise, at }: TransferReversed,
  sellerId: string,
): LedgerEntry => ({
  id: `reversal:${returnId}`,
  sellerId,
  kind: 'reversal',
  at,
  orderId,
  sellerOrderId,
  returnId,
  payoutId: null,
  reference: reversalId,
  paidOn: null,
  ...noSales,
  amountPaise,
  transferState: null,
});

/** The TCS on an invoice (amount below zero), or given back by a credit note (above zero). */
export const tcsEntry = (record: TcsRecord): LedgerEntry => ({
  id: `tcs:${record.id}`,
  sellerId: record.sellerId,
  kind: 'tcs',
  at: record.issuedAt,
  orderId: record.orderId,
  sellerOrderId: record.sellerOrderId,
  returnId: null,
  payoutId: null,
  reference: record.number,
  paidOn: null,
  ...noSales,
  amountPaise: 0 - tcsTotal(record),
  transferState: null,
});

/** What a seller's ledger adds up to. */
export interface LedgerTotals {
  salesPaise: Paise;
  commissionPaise: Paise;
  /** Earnings net of reversals. */
  earnedPaise: Paise;
  /** TCS collected on the seller's supplies, net of what credit notes gave back. */
  tcsPaise: Paise;
  /** Paid out so far: payouts, and transfers less their reversals. */
  paidPaise: Paise;
  /** Of that, by transfers (less their reversals). */
  transferredPaise: Paise;
  /** What the marketplace owes the seller now: earned - TCS - paid. Negative when returns or TCS came after a payout. */
  balancePaise: Paise;
}

export const NO_TOTALS: LedgerTotals = {
  salesPaise: 0,
  commissionPaise: 0,
  earnedPaise: 0,
  tcsPaise: 0,
  paidPaise: 0,
  transferredPaise: 0,
  balancePaise: 0,
};

/** The totals with `entry` posted. */
export function post(totals: LedgerTotals, entry: LedgerEntry): LedgerTotals {
  const earns = entry.kind === 'earning' || entry.kind === 'return' || entry.kind === 'refund';
  const transfers = entry.kind === 'transfer' || entry.kind === 'reversal';
  const tcs = entry.kind === 'tcs';
  const earnedPaise = sum([totals.earnedPaise, earns ? entry.amountPaise : 0]);
  const tcsPaise = sum([totals.tcsPaise, tcs ? 0 - entry.amountPaise : 0]);
  // A payout or transfer lowers the balance by what it paid (its amount is negative), a reversal raises it.
  const paidPaise = sum([totals.paidPaise, earns || tcs ? 0 : 0 - entry.amountPaise]);
  return {
    salesPaise: sum([totals.salesPaise, entry.salesPaise]),
    commissionPaise: sum([totals.commissionPaise, entry.commissionPaise]),
    earnedPaise,
    tcsPaise,
    paidPaise,
    transferredPaise: sum([totals.transferredPaise, transfers ? 0 - entry.amountPaise : 0]),
    balancePaise: earnedPaise - tcsPaise - paidPaise,
  };
}
