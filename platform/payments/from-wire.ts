/** Razorpay's entities (wire.ts) in the port's terms: ISO-8601 times, camelCase, MIBI's receipts. */
import type {
  GatewayOrder,
  GatewayPayment,
  GatewayRefund,
  GatewayReversal,
  GatewayTransfer,
  GatewayWebhook,
  LinkedAccount,
} from './port.ts';
import type { WireAccount, WireEvent, WireOrder, WirePayment, WireRefund, WireReversal, WireTransfer } from './wire.ts';

export const isoOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString();

/** Transfers and reversals carry no receipt of their own in Razorpay: MIBI keeps it in their notes. */
export function receiptInNotes(notes: WireTransfer['notes']): string {
  return Array.isArray(notes) ? '' : String(notes.receipt ?? '');
}

export const toOrder = (o: WireOrder): GatewayOrder => ({
  id: o.id,
  amountPaise: o.amount,
  currency: o.currency,
  receipt: o.receipt ?? '',
  status: o.status,
  createdAt: isoOf(o.created_at),
});

export const toPayment = (p: WirePayment): GatewayPayment => ({
  id: p.id,
  orderId: p.order_id ?? '',
  amountPaise: p.amount,
  currency: p.currency,
  status: p.status,
  method: p.method,
  error:
    p.status === 'failed'
      ? { code: p.error_code ?? 'BAD_REQUEST_ERROR', description: p.error_description ?? 'Payment failed' }
      : null,
  refundedPaise: p.amount_refunded,
  createdAt: isoOf(p.created_at),
});

export const toRefund = (r: WireRefund): GatewayRefund => ({
  id: r.id,
  paymentId: r.payment_id,
  amountPaise: r.amount,
  receipt: r.receipt ?? '',
  status: r.status,
  createdAt: isoOf(r.created_at),
});

export const toTransfer = (t: WireTransfer): GatewayTransfer => ({
  id: t.id,
  paymentId: t.source,
  account: t.recipient,
  amountPaise: t.amount,
  reversedPaise: t.amount_reversed,
  receipt: receiptInNotes(t.notes),
  onHold: t.on_hold,
  onHoldUntil: t.on_hold_until === null ? null : isoOf(t.on_hold_until),
  // A transfer Razorpay has accepted but not yet processed is pending to MIBI.
  status: t.status === 'created' ? 'pending' : t.status,
  createdAt: isoOf(t.created_at),
});

export const toReversal = (r: WireReversal): GatewayReversal => ({
  id: r.id,
  transferId: r.transfer_id,
  amountPaise: r.amount,
  receipt: receiptInNotes(r.notes),
  createdAt: isoOf(r.created_at),
});

export const toLinkedAccount = (a: WireAccount): LinkedAccount => ({
  id: a.id,
  reference: a.reference_id ?? '',
  status: a.status === 'under_review' ? 'created' : a.status,
});

export const toWebhook = (id: string, e: WireEvent): GatewayWebhook => ({
  id,
  event: e.event,
  createdAt: isoOf(e.created_at),
  payment: e.payload.payment ? toPayment(e.payload.payment.entity) : null,
  order: e.payload.order ? toOrder(e.payload.order.entity) : null,
  refund: e.payload.refund ? toRefund(e.payload.refund.entity) : null,
  transfer: e.payload.transfer ? toTransfer(e.payload.transfer.entity) : null,
});
