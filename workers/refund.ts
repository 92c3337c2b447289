/**
 * Refunds through the payment gateway, exactly once. Each RefundRequested queues a job (its id
 * the refund's) that asks the gateway to refund the purchase's captured payment under the
 * refund's own id as receipt, then records RefundInitiated. A job retried after a crash
 * between the gateway's answer and the record asks again with the same receipt, and the
 * gateway answers the refund it already made: the buyer is refunded once. The gateway's word
 * on the refund (processed, failed) comes by webhook, or from the reconciliation of refunds in
 * flight when a webhook is lost (refunds-in-flight.ts).
 */
import { orderDecider } from '../domain/order/decider.ts';
import { orderStream } from '../domain/order/events.ts';
import type { RefundRequestedEvent } from '../domain/order/refunds.ts';
import type { CommandMetadata, Streams } from '../platform/eventstore/streams.ts';
import { type GatewayRefund, GatewayRefusal } from '../platform/payments/port.ts';
import type { Effect } from './effect.ts';
import { type Cause, type Worker, type WorkerContext, causeOf, causedBy } from './worker.ts';

export const REFUND = 'refund';

export interface RefundJob {
  orderId: string;
  refundId: string;
  /** The RefundRequested event, recorded as the cause of what the job records. */
  cause: Cause;
}

/** The purchase and the refund as the write side holds them. */
export async function refundOf(streams: Streams, orderId: string, refundId: string) {
  const { state } = await streams.load(orderStream(orderId), orderDecider);
  const refund = state?.refunds.find((r) => r.refundId === refundId);
  if (!state || !refund) throw new Error(`No refund ${refundId} on purchase ${orderId}`);
  return { order: state, refund };
}

/** A failed refund's words: the gateway's refund object carries no reason. */
export const REFUND_FAILED = 'The gateway could not refund the payment';

/**
 * Records what the gateway says of a refund it took (the refund job's answer, a webhook's, the
 * reconciliation's): initiated, then processed or failed once it says so. Each record is a
 * no-op when already made, so any of them may come first or twice.
 */
export async function recordGatewayRefund(
  { streams, now }: Pick<WorkerContext, 'streams' | 'now'>,
  orderId: string,
  taken: GatewayRefund,
  metadata: CommandMetadata,
): Promise<number> {
  const stream = orderStream(orderId);
  const { receipt: refundId, id: gatewayRefundId } = taken;
  const initiated = { type: 'RecordRefundInitiated', refundId, gatewayRefundId, at: now() } as const;
  const { position } = await streams.handle(stream, orderDecider, initiated, metadata);
  if (taken.status === 'pending') return position;
  const outcome = {
    type: 'RecordRefundOutcome',
    refundId,
    gatewayRefundId,
    outcome: taken.status,
    description: taken.status === 'failed' ? REFUND_FAILED : '',
    at: now(),
  } as const;
  return (await streams.handle(stream, orderDecider, outcome, metadata)).position;
}

/** Every refund asked, from the first of the log on (refunds are new with this effect). */
export const refundEffect: Effect<RefundJob, RefundRequestedEvent> = {
  job: REFUND,
  reactor: 'reactor:refund',
  reconciler: 'reconcile:refund',
  eventTypes: new Set(['RefundRequested'] as const),
  jobsOf(requested) {
    const { orderId, refundId } = requested.data;
    return [{ job: { orderId, refundId, cause: causeOf(requested) }, options: { jobId: `${REFUND}:${refundId}` } }];
  },
  done: async (streams, { orderId, refundId }) =>
    (await refundOf(streams, orderId, refundId)).refund.status !== 'requested',
  from: 'start',
};

export const refund: Worker<RefundJob> = {
  name: REFUND,
  async handle({ data: { orderId, refundId, cause } }, cx) {
    const { order, refund: owed } = await refundOf(cx.streams, orderId, refundId);
    if (owed.status !== 'requested') return;
    const { paymentId } = order.payment;
    if (paymentId === null) throw new Error(`Refund ${refundId} of purchase ${orderId}, which has no captured payment`);
    let taken: GatewayRefund;
    try {
      taken = await cx.platform.payments.refund(paymentId, { amountPaise: owed.amountPaise, receipt: refundId });
    } catch (error) {
      // A refusal (4xx) would be refused again: recorded as the refund's failure, in the gateway's words.
      // GatewayUnavailable and anything else is thrown, so the job is tried again.
      if (!(error instanceof GatewayRefusal)) throw error;
      const refusal = { type: 'RecordRefundRefusal', refundId, description: error.description, at: cx.now() } as const;
      await cx.streams.handle(orderStream(orderId), orderDecider, refusal, causedBy(cause));
      return;
    }
    await recordGatewayRefund(cx, orderId, taken, causedBy(cause));
  },
};
