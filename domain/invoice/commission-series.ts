/**
 * Numbering of MIBI's own commission documents: one series of invoices and one of credit notes
 * per financial year, all sellers together (the supplier is MIBI): `MIB/2026-27/0001` and
 * `MIB/CN2627/0001` (series.ts's documentNumber, 16 characters at most). Number and document are
 * one event, so a delivery's invoice and a return's credit note are each issued once, gap-free.
 */
import type { Decider } from '../decider.ts';
import type { CommissionBody } from './commission.ts';
import type { Numbered } from './document.ts';
import { documentNumber, type SeriesKind } from './series.ts';

export const COMMISSION_PREFIX = 'MIB';

export const commissionSeriesStream = (kind: SeriesKind, fy: string): string =>
  `commission-${kind === 'invoice' ? 'invoice' : 'credit-note'}-series-${fy}`;

export type CommissionInvoice = CommissionBody &
  Numbered & {
    kind: 'commission_invoice';
    /** The SellerOrderDelivered it invoices: the series issues one per delivery. */
    deliveryId: string;
  };

/** The commission an accepted return (or a help request's refund) gave back to the seller, credited against the delivery's invoice. */
export type CommissionCreditNote = CommissionBody &
  Numbered & {
    kind: 'commission_credit_note';
    invoiceId: string;
    invoiceNumber: string;
    /** The ReturnAccepted (or refunding HelpResolved / DisputeDecided) it credits: the series issues one per cause. */
    causeId: string;
    /** Present for a refund's credit; a return's credit notes, the first kind, have none. */
    reason?: 'refunded';
  };

export type CommissionDocument = CommissionInvoice | CommissionCreditNote;

export type CommissionSeriesEvent =
  | { type: 'CommissionInvoiceIssued'; data: CommissionInvoice }
  | { type: 'CommissionCreditNoteIssued'; data: CommissionCreditNote };

export interface CommissionSeries {
  count: number;
  /** The document issued for each key (the delivery or the return's event id). */
  issued: Record<string, CommissionDocument>;
}

export type CommissionSeriesCommand =
  | { type: 'IssueCommissionInvoice'; fy: string; deliveryId: string; body: CommissionBody }
  | {
      type: 'IssueCommissionCreditNote';
      fy: string;
      causeId: string;
      invoice: Pick<CommissionInvoice, 'id' | 'number'>;
      body: CommissionBody;
      /** A help refund's credit rather than a return's. */
      refunded?: boolean;
    };

const keyOf = (doc: CommissionDocument): string => (doc.kind === 'commission_invoice' ? doc.deliveryId : doc.causeId);

/** The one decider of both series: a stream holds one kind only. */
export const commissionSeriesDecider: Decider<CommissionSeriesCommand, CommissionSeries, CommissionSeriesEvent> = {
  initialState: { count: 0, issued: {} },

  evolve: (state, { data }) => ({ count: data.seq, issued: { ...state.issued, [keyOf(data)]: data } }),

  decide(command, state) {
    const { fy, body } = command;
    const seq = state.count + 1;
    if (command.type === 'IssueCommissionInvoice') {
      if (state.issued[command.deliveryId]) return [];
      const number = documentNumber('invoice', COMMISSION_PREFIX, fy, seq);
      const data = { kind: 'commission_invoice', ...body, id: `mib-${fy}-${seq}`, number, fy, seq } as const;
      return [{ type: 'CommissionInvoiceIssued', data: { ...data, deliveryId: command.deliveryId } }];
    }
    if (state.issued[command.causeId]) return [];
    const number = documentNumber('credit_note', COMMISSION_PREFIX, fy, seq);
    const { invoice, causeId, refunded } = command;
    const data = { kind: 'commission_credit_note', ...body, id: `mib-cn-${fy}-${seq}`, number, fy, seq } as const;
    return [
      {
        type: 'CommissionCreditNoteIssued',
        data: {
          ...data,
          invoiceId: invoice.id,
          invoiceNumber: invoice.number,
          causeId,
          ...(refunded && { reason: 'refunded' as const }),
        },
      },
    ];
  },
};
