/** Admins record the payouts made to sellers, on the seller's payout stream. */
import type { Actor } from '../../domain/actor.ts';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import { payoutDecider, referenceKey } from '../../domain/payout/decider.ts';
import { type Payout, payoutStream } from '../../domain/payout/events.ts';
import type { RecordPayoutInput } from '../../domain/payout/schemas.ts';
import type { EventStore } from '../../platform/eventstore/port.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { SellerBalanceDoc } from '../../projections/ledger/documents.ts';
import { SELLER_BALANCES } from '../../projections/ledger/projection.ts';
import type { ProjectionProgress } from '../reads/consistency.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandContext } from './context.ts';

/** A payout checks the balance due, so it reads the ledger once the projections have caught up with the log. */
export interface PayoutContext extends CommandContext {
  platform: { read: ReadStore; events: Pick<EventStore, 'lastPosition'> };
  progress: Pick<ProjectionProgress, 'waitFor'>;
}

export interface PayoutResult {
  /** The payout recorded; on a retry, the one recorded the first time. */
  payout: Payout;
  position: number;
}

/** How long a payout waits for the ledger to take in the latest events. */
const LEDGER_WAIT_MS = 5000;

export const LEDGER_BEHIND = 'The ledger is still taking in the latest orders. Please try again in a moment.';

/**
 * What the seller earned, net of reversals, less the TCS collected on their supplies, what
 * reached them by transfers of orders paid online and what seller orders under dispute brought
 * (held until MIBI decides): what a manual payout may still settle, with every event appended so far taken in: a
 * delivery, return, transfer or dispute of a moment ago counts, so a payout never relies on a stale balance.
 */
async function earnedPaise(cx: PayoutContext, sellerId: string): Promise<number> {
  const head = await cx.platform.events.lastPosition();
  if (!(await cx.progress.waitFor(head, LEDGER_WAIT_MS))) throw new ApiError(503, 'ledger_behind', LEDGER_BEHIND);
  const balance = await cx.platform.read.collection<SellerBalanceDoc>(SELLER_BALANCES).get(sellerId);
  return balance
    ? balance.earnedPaise - balance.tcsPaise - balance.transferredPaise - Math.max(0, balance.heldPaise)
    : 0;
}

/** Records a payout to `sellerId` (a 404 for an unknown account); the decider checks the admin, the balance and the reference. */
export async function recordPayout(
  cx: PayoutContext,
  actor: Actor,
  sellerId: string,
  input: RecordPayoutInput,
): Promise<PayoutResult> {
  const { state: account } = await cx.streams.load(accountStream(sellerId), accountDecider);
  // A former seller (role taken away) may still be owed: any account can be paid what its ledger says.
  if (!account) throw new ApiError(404, 'not_found', /*i18n*/ 'Seller not found');
  const command = {
    type: 'RecordPayout',
    actor,
    sellerId,
    payoutId: cx.newId(),
    ...input,
    earnedPaise: await earnedPaise(cx, sellerId),
    at: cx.now(),
  } as const;
  const stream = payoutStream(sellerId);
  const { position } = await cx.streams.handle(stream, payoutDecider, command, { actor: actor.userId });
  const { state } = await cx.streams.load(stream, payoutDecider);
  return { payout: state.byReference.get(referenceKey(input.reference))!, position };
}
