/**
 * Numbering of a seller's tax documents: one series of invoices and one of credit notes per
 * seller and financial year (April to March), each a stream whose decider hands out the next
 * number. The number and the document are one event, appended with optimistic concurrency, so
 * two shipments racing for a number get consecutive ones (the loser re-reads and decides again)
 * and a number is never skipped nor given twice.
 *
 * Numbers are at most 16 characters (rule 46 of the CGST Rules): `KSG/2026-27/0042` for invoices,
 * `KSG/CN2627/0042` for credit notes; the prefix is the series' first document's and stays.
 */
import type { Decider } from '../decider.ts';
import type { CreditNote, Invoice, TaxDocument, TaxDocumentBody } from './document.ts';

export type SeriesKind = 'invoice' | 'credit_note';

export const seriesStream = (kind: SeriesKind, sellerId: string, fy: string): string =>
  `${kind === 'invoice' ? 'invoice' : 'credit-note'}-series-${sellerId}-${fy}`;

/** The financial year of a day (YYYY-MM-DD): 2026-04-01 to 2027-03-31 is 2026-27. */
export function financialYear(isoDate: string): string {
  const year = Number(isoDate.slice(0, 4));
  const start = Number(isoDate.slice(5, 7)) >= 4 ? year : year - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, '0')}`;
}

/** Three capitals from a name: its words' initials ("Kerala Spice Gardens" KSG), or its first letters. */
export function prefixOf(name: string): string {
  const words = name.toUpperCase().match(/[A-Z]+/g) ?? [];
  const initials = words.map((word) => word[0]).join('');
  const prefix = (initials.length >= 3 ? initials : words.join('')).slice(0, 3);
  return prefix.length === 3 ? prefix : prefix.padEnd(3, 'X');
}

export const MAX_NUMBER_LENGTH = 16;

/** The number shown on the `seq`-th document of a series; 4 digits at least, the prefix shortened past 9999. */
export function documentNumber(kind: SeriesKind, prefix: string, fy: string, seq: number): string {
  const digits = String(seq).padStart(4, '0');
  const year = kind === 'invoice' ? fy : `CN${fy.slice(2, 4)}${fy.slice(5)}`;
  const room = MAX_NUMBER_LENGTH - year.length - digits.length - 2;
  return `${prefix.slice(0, room)}/${year}/${digits}`;
}

/** The id of a document in URLs and the read model: unique across sellers. */
export const documentId = (kind: SeriesKind, sellerId: string, fy: string, seq: number): string =>
  `${kind === 'invoice' ? 'inv' : 'cn'}-${sellerId}-${fy}-${seq}`;

export type SeriesEvent = { type: 'InvoiceIssued'; data: Invoice } | { type: 'CreditNoteIssued'; data: CreditNote };

export interface Series {
  prefix: string | null;
  count: number;
  /** The document issued for each key (shipment or cause event id): a job run twice issues once. */
  issued: Record<string, TaxDocument>;
}

interface Issue {
  sellerId: string;
  fy: string;
  /** The prefix a new series takes. */
  prefix: string;
  body: TaxDocumentBody;
}

export type SeriesCommand =
  | (Issue & { type: 'IssueInvoice'; shipmentId: string })
  | (Issue & {
      type: 'IssueCreditNote';
      causeId: string;
      invoice: Pick<Invoice, 'id' | 'number'>;
      reason: CreditNote['reason'];
    });

/** The one decider of both kinds of series: a stream holds one kind only. */
export const seriesDecider: Decider<SeriesCommand, Series, SeriesEvent> = {
  initialState: { prefix: null, count: 0, issued: {} },

  evolve(state, { data }) {
    const key = data.kind === 'invoice' ? data.shipmentId : data.causeId;
    return {
      prefix: state.prefix ?? data.number.split('/')[0]!,
      count: data.seq,
      issued: { ...state.issued, [key]: data },
    };
  },

  decide(command, state) {
    const key = command.type === 'IssueInvoice' ? command.shipmentId : command.causeId;
    if (state.issued[key]) return [];
    const { sellerId, fy, body } = command;
    const kind: SeriesKind = command.type === 'IssueInvoice' ? 'invoice' : 'credit_note';
    const seq = state.count + 1;
    const numbered = {
      id: documentId(kind, sellerId, fy, seq),
      number: documentNumber(kind, state.prefix ?? command.prefix, fy, seq),
      fy,
      seq,
    };
    if (command.type === 'IssueInvoice')
      return [{ type: 'InvoiceIssued', data: { kind: 'invoice', ...body, ...numbered, shipmentId: key } }];
    const { invoice, reason } = command;
    return [
      {
        type: 'CreditNoteIssued',
        data: {
          kind: 'credit_note',
          ...body,
          ...numbered,
          invoiceId: invoice.id,
          invoiceNumber: invoice.number,
          reason,
          causeId: key,
        },
      },
    ];
  },
};
