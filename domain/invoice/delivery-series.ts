/**
 * Numbering of MIBI's delivery invoices and their credit notes: a series of their own beside the
 * commission's (rule 46(b) of the CGST Rules allows several), one per financial year for every
 * purchase, so a number tells what MIBI supplied: DLV/2026-27/0001 and DLV/CN2627/0001 (series.ts's
 * documentNumber, 16 characters at most). The number and the document are one event appended with
 * optimistic concurrency, so the series has no gaps; a purchase is invoiced once and credited
 * once (both keyed by the purchase).
 */
import type { Decider } from '../decider.ts';
import type { DeliveryBody } from './delivery.ts';
import type { Numbered } from './document.ts';
import { documentNumber, type SeriesKind } from './series.ts';

export const DELIVERY_PREFIX = 'DLV';

export const deliverySeriesStream = (kind: SeriesKind, fy: string): string =>
  `delivery-${kind === 'invoice' ? 'invoice' : 'credit-note'}-series-${fy}`;

export type DeliveryInvoice = DeliveryBody &
  Numbered & {
    kind: 'delivery_invoice';
    /** The purchase's first SellerOrderShipped: the courier takes the first parcel, the service is supplied. */
    shipmentId: string;
  };

export type DeliveryCreditNote = DeliveryBody &
  Numbered & {
    kind: 'delivery_credit_note';
    invoiceId: string;
    invoiceNumber: string;
    /** The SellerOrderCancelled that left the whole purchase cancelled, its delivery charge refunded. */
    causeId: string;
  };

export type DeliveryDocument = DeliveryInvoice | DeliveryCreditNote;

export type DeliverySeriesEvent =
  | { type: 'DeliveryInvoiceIssued'; data: DeliveryInvoice }
  | { type: 'DeliveryCreditNoteIssued'; data: DeliveryCreditNote };

export interface DeliverySeries {
  count: number;
  /** The document issued for each purchase (its orderId). */
  issued: Record<string, DeliveryDocument>;
}

interface Issue {
  fy: string;
  body: DeliveryBody;
}

export type DeliverySeriesCommand =
  | (Issue & { type: 'IssueDeliveryInvoice'; shipmentId: string })
  | (Issue & { type: 'IssueDeliveryCreditNote'; causeId: string; invoice: Pick<DeliveryInvoice, 'id' | 'number'> });

/** The one decider of both series: a stream holds one kind only. */
export const deliverySeriesDecider: Decider<DeliverySeriesCommand, DeliverySeries, DeliverySeriesEvent> = {
  initialState: { count: 0, issued: {} },

  evolve: (state, { data }) => ({ count: data.seq, issued: { ...state.issued, [data.orderId]: data } }),

  decide(command, state) {
    const { fy, body } = command;
    if (state.issued[body.orderId]) return [];
    const kind: SeriesKind = command.type === 'IssueDeliveryInvoice' ? 'invoice' : 'credit_note';
    const seq = state.count + 1;
    const numbered = {
      id: `${kind === 'invoice' ? 'dlv' : 'dlvcn'}-${fy}-${seq}`,
      number: documentNumber(kind, DELIVERY_PREFIX, fy, seq),
      fy,
      seq,
    };
    if (command.type === 'IssueDeliveryInvoice')
      return [
        {
          type: 'DeliveryInvoiceIssued',
          data: { kind: 'delivery_invoice', ...body, ...numbered, shipmentId: command.shipmentId },
        },
      ];
    const { invoice, causeId } = command;
    return [
      {
        type: 'DeliveryCreditNoteIssued',
        data: {
          kind: 'delivery_credit_note',
          ...body,
          ...numbered,
          invoiceId: invoice.id,
          invoiceNumber: invoice.number,
          causeId,
        },
      },
    ];
  },
};
