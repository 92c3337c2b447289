/**
 * Brings the gateway in line with what the log says a seller order paid online is owed
 * (domain/order/transfers.ts): its transfer to the seller's linked account, held; a reversal
 * per accepted return; the release once its return window closed. Each call passes MIBI's
 * receipt (the seller order id, the return id), so a call repeated after a crash answers what
 * the first made, and each result is recorded once on the purchase's stream: however often
 * this runs, at once or again, each happens exactly once.
 */
import { categoryStream } from '../domain/catalog/events.ts';
import { categoryPolicyDecider, returnableOf } from '../domain/catalog/policy.ts';
import { orderStream } from '../domain/order/events.ts';
import {
  type TransferCommand,
  type TransferState,
  releaseDue,
  reversalsDue,
  transferDecider,
  transferDue,
} from '../domain/order/transfers.ts';
import { payoutAccountDecider } from '../domain/payout-account/decider.ts';
import { payoutAccountStream } from '../domain/payout-account/events.ts';
import type { Cause, Worker, WorkerContext } from './worker.ts';

export const SETTLE_SELLER_ORDER = 'settle-seller-order';

export interface SettleJob {
  orderId: string;
  sellerOrderId: string;
  /** The event that called for the job, recorded as the cause of what it records; none for a periodic pass (or a job queued before causes were kept). */
  cause?: Cause;
}

/** Whether any category of the seller order takes returns now (as a return request would read it). */
async function takesReturns({ streams }: WorkerContext, state: TransferState, sellerOrderId: string) {
  const part = state.order?.sellerOrders.find((p) => p.sellerOrderId === sellerOrderId);
  for (const categoryId of new Set(part?.lines.map((line) => line.categoryId))) {
    const { state: policy } = await streams.load(categoryStream(categoryId), categoryPolicyDecider);
    if (returnableOf(categoryId, policy)) return true;
  }
  return false;
}

/** Does what is due for the seller order now; a seller without a payout account gets its transfer once they set one up. */
export async function settleSellerOrder(
  cx: WorkerContext,
  { orderId, sellerOrderId, cause }: SettleJob,
): Promise<void> {
  const { streams, platform } = cx;
  const gateway = platform.payments;
  const stream = orderStream(orderId);
  // Correlated with the purchase whatever the cause (a payout account set up has its own correlation).
  const metadata = { actor: null, correlationId: orderId, causationId: cause?.eventId ?? null };
  const record = async (command: TransferCommand) =>
    (await streams.handle(stream, transferDecider, command, metadata)).position;
  let { state } = await streams.load(stream, transferDecider);

  const due = transferDue(state, sellerOrderId);
  if (due) {
    const { state: account } = await streams.load(payoutAccountStream(due.sellerId), payoutAccountDecider);
    if (!account) return;
    const transfer = await gateway.transfer(due.paymentId, {
      account: account.linkedAccountId,
      amountPaise: due.amountPaise,
      receipt: sellerOrderId,
      onHoldUntil: null,
    });
    const { id: transferId, amountPaise } = transfer;
    await record({
      type: 'RecordTransfer',
      sellerOrderId,
      transferId,
      account: transfer.account,
      amountPaise,
      at: cx.now(),
    });
    ({ state } = await streams.load(stream, transferDecider));
  }

  const reversals = reversalsDue(state, sellerOrderId);
  for (const { transferId, returnId, amountPaise } of reversals) {
    const reversal = await gateway.reverse(transferId, { amountPaise, receipt: returnId });
    const reversed = { sellerOrderId, returnId, reversalId: reversal.id, amountPaise: reversal.amountPaise };
    await record({ type: 'RecordReversal', ...reversed, at: cx.now() });
  }
  if (reversals.length > 0) ({ state } = await streams.load(stream, transferDecider));

  const transfer = state.transfers.get(sellerOrderId);
  if (!transfer || transfer.released) return;
  const policy = {
    now: cx.now(),
    windowDays: cx.returnWindowDays,
    returnable: await takesReturns(cx, state, sellerOrderId),
  };
  if (!releaseDue(state, sellerOrderId, policy)) return;
  await gateway.release(transfer.transferId);
  await record({ type: 'RecordRelease', sellerOrderId, at: cx.now() });
}

export const settleSellerOrderWorker: Worker<SettleJob> = {
  name: SETTLE_SELLER_ORDER,
  // The gateway's calls for one seller order depend on each other; jobs of several run side by side.
  concurrency: 2,
  handle: ({ data }, cx) => settleSellerOrder(cx, data),
};
