/**
 * Reconciliation of refunds in flight: a refund the gateway took (RefundInitiated) is settled
 * by its refund.processed or refund.failed webhook, and a lost webhook would leave it "initiated"
 * for good while the money has moved. Each pass asks the gateway about every refund initiated
 * and not settled and records what it says; one still pending there waits for the next pass.
 *
 * Like the effects' reconciliation (reconcile.ts) it keeps a watermark: every RefundInitiated up
 * to it is settled, so a pass reads only the log after it.
 */
import type { RefundEvent } from '../domain/order/events.ts';
import { isOneOf } from '../platform/eventstore/streams.ts';
import type { Doc } from '../platform/readstore/port.ts';
import { EFFECTS } from './effect.ts';
import { recordGatewayRefund, refundOf } from './refund.ts';
import type { GatewayReconciliation } from './reconcile.ts';
import { type WorkerContext, causeOf, causedBy } from './worker.ts';

/** The pass's checkpoint, and the id of its record in EFFECTS. */
export const REFUNDS_IN_FLIGHT = 'refunds-in-flight';

/** What the last pass found. */
export interface RefundsInFlightDoc extends Doc {
  /** Every refund initiated up to this log position is settled. */
  confirmedThrough: number;
  /** Refunds initiated and not settled that the pass asked the gateway about. */
  checked: number;
  /** Of those, the ones it recorded as processed or failed (their webhook was lost or late). */
  settled: number;
  at: string;
}

const PAGE = 1000;
type Initiated = Extract<RefundEvent, { type: 'RefundInitiated' }>;
const INITIATED: ReadonlySet<Initiated['type']> = new Set(['RefundInitiated'] as const);

/** One pass: asks the gateway about each refund in flight and records the settled ones. */
export async function reconcileRefunds(cx: WorkerContext): Promise<RefundsInFlightDoc> {
  const { events, read, payments } = cx.platform;
  read.collection(EFFECTS); // created before the first commit writes to it
  const from = await read.checkpoint(REFUNDS_IN_FLIGHT);
  const until = await events.lastPosition();
  const found = { checked: 0, settled: 0 };
  let confirmed = from;
  let blocked = false;

  for (let after = from; after < until; ) {
    const page = await events.readAll({ after, limit: PAGE });
    if (page.length === 0) break;
    for (const recorded of page) {
      if (recorded.position > until) break;
      after = recorded.position;
      if (isOneOf<Initiated>(recorded, INITIATED)) {
        const { orderId, refundId } = recorded.data;
        const { order, refund } = await refundOf(cx.streams, orderId, refundId);
        if (refund.status === 'initiated' && order.payment.paymentId !== null) {
          found.checked++;
          const taken = (await payments.refundsOf(order.payment.paymentId)).find((r) => r.receipt === refundId);
          if (taken && taken.status !== 'pending') {
            await recordGatewayRefund(cx, orderId, taken, causedBy(causeOf(recorded)));
            found.settled++;
          } else blocked = true;
        }
      }
      if (!blocked) confirmed = recorded.position;
    }
  }

  const doc: RefundsInFlightDoc = { id: REFUNDS_IN_FLIGHT, confirmedThrough: confirmed, ...found, at: cx.now() };
  const work = read.unitOfWork();
  work.put(EFFECTS, doc);
  await read.commit(work, REFUNDS_IN_FLIGHT, confirmed);
  return doc;
}

/** The periodic pass (workers/index.ts). */
export const refundsInFlight: GatewayReconciliation = {
  name: 'refunds in flight',
  run: async (cx) => ({ fixed: (await reconcileRefunds(cx)).settled }),
};
