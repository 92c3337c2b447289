/**
 * Numbering of MIBI's own commission invoices: one series per financial year, all sellers
 * together (the supplier is MIBI), `MIB/2026-27/0001` (series.ts's documentNumber, 16 characters
 * at most). Number and invoice are one event, so a delivery's invoice is issued once, gap-free.
 */
import type { Decider } from '../decider.ts';
import type { CommissionBody } from './commission.ts';
import { documentNumber } from './series.ts';

export const COMMISSION_PREFIX = 'MIB';

export const commissionSeriesStream = (fy: string): string => `commission-invoice-series-${fy}`;

export type CommissionInvoice = CommissionBody & {
  kind: 'commission_invoice';
  id: string;
  number: string;
  fy: string;
  seq: number;
  /** The SellerOrderDelivered it invoices: the series issues one per delivery. */
  deliveryId: string;
};

export type CommissionSeriesEvent = { type: 'CommissionInvoiceIssued'; data: CommissionInvoice };

export interface CommissionSeries {
  count: number;
  issued: Record<string, CommissionInvoice>;
}

export type IssueCommissionInvoice = {
  type: 'IssueCommissionInvoice';
  fy: string;
  deliveryId: string;
  body: CommissionBody;
};

export const commissionSeriesDecider: Decider<IssueCommissionInvoice, CommissionSeries, CommissionSeriesEvent> = {
  initialState: { count: 0, issued: {} },

  evolve: (state, { data }) => ({ count: data.seq, issued: { ...state.issued, [data.deliveryId]: data } }),

  decide({ fy, deliveryId, body }, state) {
    if (state.issued[deliveryId]) return [];
    const seq = state.count + 1;
    const numbered = { id: `mib-${fy}-${seq}`, number: documentNumber('invoice', COMMISSION_PREFIX, fy, seq), fy, seq };
    return [
      { type: 'CommissionInvoiceIssued', data: { kind: 'commission_invoice', ...body, ...numbered, deliveryId } },
    ];
  },
};
