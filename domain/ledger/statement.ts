/**
 * A seller's statement for a range of days: the balance brought forward, every entry of the
 * range with the balance after it, and the balance carried forward, as CSV for spreadsheets.
 * Days are UTC days, as in the sales analytics.
 */
import { csvOf, csvText } from '../csv.ts';
import { type Paise, assertPaise, sum } from '../money.ts';
import { shortSellerOrderId } from '../order/status.ts';
import type { LedgerEntry } from './entries.ts';

export interface StatementEntry extends LedgerEntry {
  balanceAfterPaise: Paise;
}

export interface Statement {
  /** First and last day, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  /** The balance at the start of `from`: every entry before it added up. */
  openingPaise: Paise;
  entries: StatementEntry[];
  /** The range's entries added up. */
  totals: { salesPaise: Paise; commissionPaise: Paise; amountPaise: Paise };
  /** The balance at the end of `to`. */
  closingPaise: Paise;
}

const dayOf = (entry: LedgerEntry): string => entry.at.slice(0, 10);

/** The statement of `from`..`to` out of a seller's entries in ledger order (oldest first); entries after `to` are left out. */
export function statementOf(ledger: readonly LedgerEntry[], from: string, to: string): Statement {
  const openingPaise = sum(ledger.filter((entry) => dayOf(entry) < from).map((entry) => entry.amountPaise));
  let balance = openingPaise;
  const entries = ledger
    .filter((entry) => dayOf(entry) >= from && dayOf(entry) <= to)
    .map((entry) => {
      balance = sum([balance, entry.amountPaise]);
      return { ...entry, balanceAfterPaise: balance };
    });
  const total = (field: 'salesPaise' | 'commissionPaise' | 'amountPaise') => sum(entries.map((entry) => entry[field]));
  return {
    from,
    to,
    openingPaise,
    entries,
    totals: {
      salesPaise: total('salesPaise'),
      commissionPaise: total('commissionPaise'),
      amountPaise: total('amountPaise'),
    },
    closingPaise: balance,
  };
}

/** "-1234.50": rupees with two decimals and no symbol or grouping, so spreadsheets read a number. */
export function decimalRupees(paise: Paise): string {
  assertPaise(paise);
  const magnitude = Math.abs(paise);
  return `${paise < 0 ? '-' : ''}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}`;
}

export const STATEMENT_COLUMNS = [
  'date',
  'kind',
  'order',
  'reference',
  'sales',
  'commission',
  'amount',
  'balance after',
] as const;

/** What the reference column says: a payout's bank reference, or the return's short id. */
function referenceOf(entry: LedgerEntry): string {
  if (entry.kind === 'return' && entry.returnId && entry.sellerOrderId) {
    return `${shortSellerOrderId(entry.sellerOrderId)}${entry.returnId.slice(entry.sellerOrderId.length)}`;
  }
  return entry.reference ?? '';
}

/** The statement as CSV: a header, the opening balance, one row per entry, and the closing balance with the range's totals. */
export function statementCsv(statement: Statement): string {
  const money = decimalRupees;
  const rows = [
    [...STATEMENT_COLUMNS],
    [statement.from, 'opening balance', '', '', '', '', '', money(statement.openingPaise)],
    ...statement.entries.map((entry) => [
      entry.at.slice(0, 10),
      entry.kind,
      entry.sellerOrderId ? shortSellerOrderId(entry.sellerOrderId) : '',
      csvText(referenceOf(entry)),
      money(entry.salesPaise),
      money(entry.commissionPaise),
      money(entry.amountPaise),
      money(entry.balanceAfterPaise),
    ]),
    [
      statement.to,
      'closing balance',
      '',
      '',
      money(statement.totals.salesPaise),
      money(statement.totals.commissionPaise),
      money(statement.totals.amountPaise),
      money(statement.closingPaise),
    ],
  ];
  return csvOf(rows);
}

/** mibi-statement-2024-05-01-to-2024-05-31.csv */
export const statementFileName = (from: string, to: string): string => `mibi-statement-${from}-to-${to}.csv`;
