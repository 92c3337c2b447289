/** One document per purchase paid online: its payment's state, attempts and what recorded it. */
import type {
  OrderEvent,
  OrderPlacedEvent,
  PaymentEvent,
  RefundEvent,
  TransferEvent,
} from '../../domain/order/events.ts';
import { REFUND_EVENT_TYPES } from '../../domain/order/refunds.ts';
import { refundDocsAfter } from '../orders/refunds.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import { isOneOf } from '../../platform/eventstore/streams.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { PaymentDoc, TransferDoc } from './documents.ts';

export const PAYMENTS = 'payments';

type PaymentsEvent = OrderPlacedEvent | PaymentEvent | TransferEvent | RefundEvent;
const EVENT_TYPES = new Set<PaymentsEvent['type']>([
  'OrderPlaced',
  'PaymentRequested',
  'PaymentFailed',
  'PaymentCaptured',
  'PaymentExpired',
  'TransferCreated',
  'TransferReleased',
  'TransferReversed',
  ...REFUND_EVENT_TYPES,
]);

function placed({ data }: OrderPlacedEvent): PaymentDoc | null {
  if (data.payment !== 'online' || !data.paymentDueBy) return null;
  return {
    id: data.orderId,
    buyerId: data.buyerId,
    buyerName: data.buyerName,
    status: 'awaiting',
    amountPaise: data.totalPaise,
    dueBy: data.paymentDueBy,
    gatewayOrderId: null,
    paymentId: null,
    method: null,
    capturedVia: null,
    late: false,
    expiredAt: null,
    failedAttempts: [],
    transfers: [],
    refunds: [],
    placedAt: data.placedAt,
    updatedAt: data.placedAt,
  };
}

/** The transfer after its release or a reversal: reversed whole, else released, else still on hold. */
function transferAfter(transfer: TransferDoc, event: Exclude<TransferEvent, { type: 'TransferCreated' }>): TransferDoc {
  const released = event.type === 'TransferReleased';
  const reversedPaise = transfer.reversedPaise + (event.type === 'TransferReversed' ? event.data.amountPaise : 0);
  const releasedAt = released ? event.data.at : transfer.releasedAt;
  const state = reversedPaise >= transfer.amountPaise ? 'reversed' : releasedAt ? 'released' : 'on_hold';
  return { ...transfer, reversedPaise, releasedAt, state };
}

/** The document after a payment or transfer event (the deciders record each once, so none is seen twice). */
function paymentAfter(doc: PaymentDoc, event: Exclude<PaymentsEvent, OrderPlacedEvent>): PaymentDoc {
  const updatedAt = event.data.at;
  switch (event.type) {
    case 'RefundRequested':
    case 'RefundInitiated':
    case 'RefundProcessed':
    case 'RefundFailed': {
      const refunds = refundDocsAfter(doc.refunds, event);
      return refunds === doc.refunds ? doc : { ...doc, refunds, updatedAt };
    }
    case 'TransferCreated': {
      const { sellerOrderId, sellerId, transferId, account, amountPaise, at } = event.data;
      const transfer: TransferDoc = {
        sellerOrderId,
        sellerId,
        transferId,
        account,
        amountPaise,
        reversedPaise: 0,
        state: 'on_hold',
        createdAt: at,
        releasedAt: null,
      };
      return { ...doc, transfers: [...doc.transfers, transfer], updatedAt };
    }
    case 'TransferReleased':
    case 'TransferReversed': {
      const transfers = doc.transfers.map((t) =>
        t.sellerOrderId === event.data.sellerOrderId ? transferAfter(t, event) : t,
      );
      return { ...doc, transfers, updatedAt };
    }
    case 'PaymentRequested':
      return { ...doc, gatewayOrderId: event.data.gatewayOrderId, updatedAt };
    case 'PaymentFailed': {
      const { paymentId, code, description, at } = event.data;
      return {
        ...doc,
        status: 'failed',
        failedAttempts: [...doc.failedAttempts, { paymentId, code, description, at }],
        updatedAt,
      };
    }
    case 'PaymentCaptured': {
      const { paymentId, method, via, late } = event.data;
      return { ...doc, status: late ? doc.status : 'paid', paymentId, method, capturedVia: via, late, updatedAt };
    }
    case 'PaymentExpired':
      return { ...doc, status: 'expired', expiredAt: updatedAt, updatedAt };
  }
}

export const payments: Projection = {
  name: 'payments',
  // 2: each purchase's transfers to its sellers; 3: its refunds.
  version: 3,
  collections: [{ name: PAYMENTS, indexes: [['placedAt'], ['status', 'placedAt']] }],
  eventTypes: EVENT_TYPES,
  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    if (!isOneOf<PaymentsEvent>(recorded, EVENT_TYPES)) return;
    const event = recorded as PaymentsEvent & OrderEvent;
    if (event.type === 'OrderPlaced') {
      const doc = placed(event);
      if (doc) work.put(PAYMENTS, doc);
      return;
    }
    const doc = await work.get<PaymentDoc>(PAYMENTS, event.data.orderId);
    if (doc) work.put(PAYMENTS, paymentAfter(doc, event));
  },
};
