/** A purchase's refunds as the buyer's order and the admins' payments show them, folded from their events. */
import type { RefundEvent } from '../../domain/order/events.ts';
import type { RefundDoc } from './documents.ts';

const STATUS_AFTER = {
  RefundInitiated: 'initiated',
  RefundProcessed: 'processed',
  RefundFailed: 'failed',
} as const satisfies Record<Exclude<RefundEvent['type'], 'RefundRequested'>, RefundDoc['status']>;

/**
 * The refunds after one of their events; the same array when it changes nothing. The decider
 * records each once and a refund's outcome last, so an event already folded in is a replay:
 * a refund settled stays as it is.
 */
export function refundDocsAfter(refunds: RefundDoc[], event: RefundEvent): RefundDoc[] {
  const { refundId, at } = event.data;
  if (event.type === 'RefundRequested') {
    if (refunds.some((r) => r.refundId === refundId)) return refunds;
    const { sellerOrderId, returnId, amountPaise, reason } = event.data;
    const requested: RefundDoc = {
      refundId,
      sellerOrderId,
      returnId,
      amountPaise,
      reason,
      status: 'requested',
      requestedAt: at,
      updatedAt: at,
    };
    return [...refunds, requested];
  }
  const status = STATUS_AFTER[event.type];
  const refund = refunds.find((r) => r.refundId === refundId);
  if (!refund || refund.status === 'processed' || refund.status === 'failed' || refund.status === status)
    return refunds;
  return refunds.map((r) => (r.refundId === refundId ? { ...r, status, updatedAt: at } : r));
}
