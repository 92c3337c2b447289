/**
 * A month's TCS returns out of its TCS records (collected.ts): the operator's GSTR-8 (one line
 * per supplier GSTIN) and each seller's report of its supplies by HSN code and rate with the TCS
 * credited to it, as CSV for spreadsheets. A document belongs to the month of its date.
 */
import { csvOf, csvText } from '../csv.ts';
import { decimalRupees } from '../ledger/statement.ts';
import { type Paise, sum } from '../money.ts';
import { formatRate } from '../tax/rates.ts';
import type { TcsSplit } from '../tax/split.ts';
import type { SupplyLine, TcsRecord } from './collected.ts';

/** A month, YYYY-MM, from 2000-01 on. */
export const isMonth = (text: string): boolean => /^(\d{4})-(0[1-9]|1[0-2])$/.test(text) && text >= '2000-01';

export const MONTH_MESSAGE = /*i18n*/ 'Month must be a month like 2026-04';

/** Items by key, in the order of their first item. */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/** One supplier's line of GSTR-8 (table 3): supplies made, returned, the net liable to TCS, and the TCS. */
export interface Gstr8Line extends TcsSplit {
  gstin: string;
  legalName: string;
  grossPaise: Paise;
  returnsPaise: Paise;
  netPaise: Paise;
}

const splitSum = (records: readonly TcsSplit[]): TcsSplit => ({
  cgstPaise: sum(records.map((r) => r.cgstPaise)),
  sgstPaise: sum(records.map((r) => r.sgstPaise)),
  igstPaise: sum(records.map((r) => r.igstPaise)),
});

/** A month's records, one line per GSTIN (ordered by GSTIN); the legal name is the latest document's. */
export function gstr8(records: readonly TcsRecord[]): Gstr8Line[] {
  const byGstin = groupBy(records, (record) => record.gstin);
  return [...byGstin]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([gstin, own]) => {
      const latest = own.reduce((a, b) => (b.issuedAt > a.issuedAt ? b : a));
      const grossPaise = sum(own.filter((r) => r.kind === 'invoice').map((r) => r.taxablePaise));
      const returnsPaise = 0 - sum(own.filter((r) => r.kind === 'credit_note').map((r) => r.taxablePaise));
      return {
        gstin,
        legalName: latest.legalName,
        grossPaise,
        returnsPaise,
        netPaise: grossPaise - returnsPaise,
        ...splitSum(own),
      };
    });
}

/** A seller's month: its supplies by HSN code and rate (net of credit notes) and the TCS credited to it. */
export interface SellerTaxReport {
  supplies: SupplyLine[];
  invoicedPaise: Paise;
  creditedPaise: Paise;
  tcs: TcsSplit;
}

export function sellerTaxReport(records: readonly TcsRecord[]): SellerTaxReport {
  const lines = groupBy(
    records.flatMap((record) => record.supplies),
    (line) => `${line.hsn}@${line.rateBps}`,
  );
  const supplies = [...lines.values()]
    .map((same) => ({
      hsn: same[0]!.hsn,
      rateBps: same[0]!.rateBps,
      taxablePaise: sum(same.map((l) => l.taxablePaise)),
      cgstPaise: sum(same.map((l) => l.cgstPaise)),
      sgstPaise: sum(same.map((l) => l.sgstPaise)),
      igstPaise: sum(same.map((l) => l.igstPaise)),
    }))
    .sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rateBps - b.rateBps);
  return {
    supplies,
    invoicedPaise: sum(records.filter((r) => r.kind === 'invoice').map((r) => r.taxablePaise)),
    creditedPaise: 0 - sum(records.filter((r) => r.kind === 'credit_note').map((r) => r.taxablePaise)),
    tcs: splitSum(records),
  };
}

const money = decimalRupees;

export const GSTR8_COLUMNS = [
  'gstin of supplier',
  'legal name',
  'gross value of supplies',
  'value of supplies returned',
  'net amount liable for tcs',
  'igst',
  'cgst',
  'sgst',
] as const;

export function gstr8Csv(lines: readonly Gstr8Line[]): string {
  return csvOf([
    [...GSTR8_COLUMNS],
    ...lines.map((line) => [
      csvText(line.gstin),
      csvText(line.legalName),
      money(line.grossPaise),
      money(line.returnsPaise),
      money(line.netPaise),
      money(line.igstPaise),
      money(line.cgstPaise),
      money(line.sgstPaise),
    ]),
  ]);
}

export const SELLER_REPORT_COLUMNS = ['hsn', 'gst rate', 'taxable value', 'igst', 'cgst', 'sgst'] as const;

/** The supplies, their total, then the TCS credited (by IGST, CGST and SGST). */
export function sellerTaxReportCsv(report: SellerTaxReport): string {
  const row = (hsn: string, rate: string, line: Omit<SupplyLine, 'hsn' | 'rateBps'>) => [
    csvText(hsn),
    rate,
    money(line.taxablePaise),
    money(line.igstPaise),
    money(line.cgstPaise),
    money(line.sgstPaise),
  ];
  const total = {
    taxablePaise: sum(report.supplies.map((l) => l.taxablePaise)),
    ...splitSum(report.supplies),
  };
  return csvOf([
    [...SELLER_REPORT_COLUMNS],
    ...report.supplies.map((line) => row(line.hsn, formatRate(line.rateBps), line)),
    row('total supplies', '', total),
    row('tcs credited', '', { taxablePaise: total.taxablePaise, ...report.tcs }),
  ]);
}

/** mibi-gstr8-2026-04.csv, mibi-tax-report-2026-04.csv */
export const gstr8FileName = (month: string): string => `mibi-gstr8-${month}.csv`;
export const taxReportFileName = (month: string): string => `mibi-tax-report-${month}.csv`;
