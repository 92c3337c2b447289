/**
 * Settlement of orders paid online, derived from the log (README, "Effects happen exactly
 * once"). A reactor follows the log and keeps, with its checkpoint, what settlement must know
 * of each delivered seller order paid online and of each seller's payout account; on each event
 * that calls for the gateway (a delivery, an accepted return, a help request's refund, a decided
 * dispute, a payout account set up) it queues
 * a settle job for the seller order, under an id derived from the event, and checkpoints once
 * the durable queue holds it. The job (settle-seller-order.ts) does what the log says is due
 * and records it, so a retry does only the rest.
 *
 * Time, not an event, closes a return window: a periodic pass (its clock injected) settles the
 * held transfers whose window has closed, which releases them. The same pass settles what a lost
 * queue dropped: seller orders still due a transfer, or a reversal.
 */
import type { OrderEvent, TransferEvent } from '../domain/order/events.ts';
import { returnWindowCloses } from '../domain/order/returns.ts';
import type { PayoutAccountEvent } from '../domain/payout-account/events.ts';
import { type Paise, sum } from '../domain/money.ts';
import type { RecordedEvent } from '../platform/eventstore/port.ts';
import { isOneOf } from '../platform/eventstore/streams.ts';
import type { Projection } from '../platform/projection/projection.ts';
import type { Queue } from '../platform/queue/port.ts';
import type { Doc, UnitOfWork } from '../platform/readstore/port.ts';
import { logger } from '../platform/log.ts';
import { EFFECT_RETRY, type RetryPolicy } from './effect.ts';
import { SETTLE_SELLER_ORDER, type SettleJob, settleSellerOrder } from './settle-seller-order.ts';
import { type WorkerContext, causeOf } from './worker.ts';

const log = logger('workers');

export const SETTLEMENT_REACTOR = 'reactor:settlement';
/** Purchases paid online (id: the order id): only their seller orders are transferred. */
const PAID_PURCHASES = 'settlement_paid_purchases';
/** Delivered seller orders of purchases paid online (id: the seller order id). */
export const SETTLEMENT_PARTS = 'settlement_parts';
/** Sellers (id: the seller id): whether they have a payout account, and their seller orders waiting for one. */
const SETTLEMENT_SELLERS = 'settlement_sellers';

/**
 * waiting: no payout account yet; due: a transfer to make; held: transferred, not released;
 * done: released, reversed whole, or every unit returned before it was made.
 */
type PartState = 'waiting' | 'due' | 'held' | 'done';

/** What settlement knows of a seller order; its document adds the state that follows from it. */
interface PartFacts {
  id: string;
  orderId: string;
  sellerId: string;
  deliveredAt: string;
  earningPaise: Paise;
  /** The earning of the returns accepted (and help requests' refunds given) so far. */
  returnedPaise: Paise;
  transferredPaise: Paise | null;
  reversedPaise: Paise;
  /** Accepted returns that earned something, and the reversals made of them: while they differ, a reversal is due. */
  returnsToReverse: number;
  reversals: number;
  released: boolean;
}

interface PartDoc extends PartFacts, Doc {
  state: PartState;
}

interface SellerDoc extends Doc {
  hasAccount: boolean;
  /** Seller orders delivered before the seller set up payouts. */
  waiting: SettleJob[];
}

type SettlementEvent = OrderEvent | PayoutAccountEvent;

const EVENT_TYPES = new Set<SettlementEvent['type']>([
  'PaymentCaptured',
  'SellerOrderDelivered',
  'ReturnAccepted',
  'HelpResolved',
  'DisputeDecided',
  'TransferCreated',
  'TransferReleased',
  'TransferReversed',
  'PayoutAccountSetUp',
]);

function stateOf(part: PartFacts, hasAccount: boolean): PartState {
  if (part.transferredPaise === null) {
    if (part.earningPaise - part.returnedPaise <= 0) return 'done';
    return hasAccount ? 'due' : 'waiting';
  }
  if (part.returnsToReverse > part.reversals) return 'held';
  return part.released || part.transferredPaise - part.reversedPaise <= 0 ? 'done' : 'held';
}

export function settlementReactor(queue: Queue, retry: RetryPolicy = EFFECT_RETRY): Projection {
  const settle = (job: SettleJob, recorded: RecordedEvent) =>
    queue.add(SETTLE_SELLER_ORDER, { ...job, cause: causeOf(recorded) } satisfies SettleJob, {
      jobId: `${SETTLE_SELLER_ORDER}:${job.sellerOrderId}:${recorded.position}`,
      ...retry,
    });

  async function seller(work: UnitOfWork, sellerId: string): Promise<SellerDoc> {
    return (
      (await work.get<SellerDoc>(SETTLEMENT_SELLERS, sellerId)) ?? { id: sellerId, hasAccount: false, waiting: [] }
    );
  }

  /** Writes the part with its state; a waiting one joins its seller's list. */
  async function put(work: UnitOfWork, part: PartFacts): Promise<PartState> {
    const owner = await seller(work, part.sellerId);
    const state = stateOf(part, owner.hasAccount);
    work.put<PartDoc>(SETTLEMENT_PARTS, { ...part, state });
    if (state === 'waiting' && !owner.waiting.some((w) => w.sellerOrderId === part.id)) {
      work.put<SellerDoc>(SETTLEMENT_SELLERS, {
        ...owner,
        waiting: [...owner.waiting, { orderId: part.orderId, sellerOrderId: part.id }],
      });
    }
    return state;
  }

  async function applyTransfer(event: TransferEvent, work: UnitOfWork): Promise<PartDoc | null> {
    const part = await work.get<PartDoc>(SETTLEMENT_PARTS, event.data.sellerOrderId);
    if (!part) return null;
    switch (event.type) {
      case 'TransferCreated':
        return { ...part, transferredPaise: event.data.amountPaise };
      case 'TransferReleased':
        return { ...part, released: true };
      case 'TransferReversed':
        return { ...part, reversedPaise: part.reversedPaise + event.data.amountPaise, reversals: part.reversals + 1 };
    }
  }

  return {
    name: SETTLEMENT_REACTOR,
    collections: [
      { name: PAID_PURCHASES },
      { name: SETTLEMENT_PARTS, indexes: [['state']] },
      { name: SETTLEMENT_SELLERS },
    ],
    eventTypes: EVENT_TYPES,

    async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
      if (!isOneOf<SettlementEvent>(recorded, EVENT_TYPES)) return;
      const event: SettlementEvent = recorded;
      switch (event.type) {
        case 'PaymentCaptured':
          // A payment captured after the purchase expired goes back whole: nothing of it is transferred.
          if (!event.data.late) work.put(PAID_PURCHASES, { id: event.data.orderId });
          return;
        case 'PayoutAccountSetUp': {
          const owner = await seller(work, event.data.sellerId);
          work.put<SellerDoc>(SETTLEMENT_SELLERS, { ...owner, hasAccount: true, waiting: [] });
          for (const job of owner.waiting) {
            const part = await work.get<PartDoc>(SETTLEMENT_PARTS, job.sellerOrderId);
            if (part?.state === 'waiting' && (await put(work, part)) === 'due') await settle(job, recorded);
          }
          return;
        }
        case 'SellerOrderDelivered': {
          const { orderId, sellerOrderId, sellerId, at, settlement } = event.data;
          if (!(await work.get(PAID_PURCHASES, orderId))) return;
          const part = {
            id: sellerOrderId,
            orderId,
            sellerId,
            deliveredAt: at,
            earningPaise: sum(settlement.map((line) => line.earningPaise)),
            returnedPaise: 0,
            transferredPaise: null,
            reversedPaise: 0,
            returnsToReverse: 0,
            reversals: 0,
            released: false,
          };
          if ((await put(work, part)) === 'due') await settle({ orderId, sellerOrderId }, recorded);
          return;
        }
        case 'HelpResolved':
        case 'DisputeDecided': {
          const { orderId, sellerOrderId, refund } = event.data;
          const part = await work.get<PartDoc>(SETTLEMENT_PARTS, sellerOrderId);
          if (!part) return;
          const earning = refund?.earningPaise ?? 0;
          const refunded = {
            ...part,
            returnedPaise: part.returnedPaise + earning,
            returnsToReverse: part.returnsToReverse + (earning > 0 ? 1 : 0),
          };
          const state = await put(work, refunded);
          // A dispute decided releases its hold: the transfer held back is made, a refund's earning reversed.
          if (state === 'due' || state === 'held') await settle({ orderId, sellerOrderId }, recorded);
          return;
        }
        case 'ReturnAccepted': {
          const { orderId, sellerOrderId, settlement } = event.data;
          const part = await work.get<PartDoc>(SETTLEMENT_PARTS, sellerOrderId);
          if (!part) return;
          const earning = sum(settlement.map((line) => line.earningPaise));
          const returned = {
            ...part,
            returnedPaise: part.returnedPaise + earning,
            returnsToReverse: part.returnsToReverse + (earning > 0 ? 1 : 0),
          };
          const state = await put(work, returned);
          // Transferred already: its earning goes back by a reversal (the settle job also releases what may be).
          if (state === 'held') await settle({ orderId, sellerOrderId }, recorded);
          return;
        }
        default: {
          const part = await applyTransfer(event as TransferEvent, work);
          if (!part) return;
          await put(work, part);
          // Returns accepted before the transfer are reversed once it is there.
          if (event.type === 'TransferCreated' && part.returnsToReverse > 0)
            await settle({ orderId: part.orderId, sellerOrderId: part.id }, recorded);
        }
      }
    },
  };
}

/** What one pass did. */
export interface SettlementPass {
  /** Seller orders settled: due a transfer or a reversal, or held past their return window. */
  settled: number;
  failed: number;
}

/**
 * One pass at `cx.now()`: settles every seller order due a transfer or a reversal (a lost
 * queue's jobs) and every held transfer whose return window closed (settling releases it when
 * no return is open). A seller order that fails (the gateway out of reach) is tried again at the next pass.
 */
export async function settlementPass(cx: WorkerContext): Promise<SettlementPass> {
  const parts = cx.platform.read.collection<PartDoc>(SETTLEMENT_PARTS);
  const [due, held] = await Promise.all([
    parts.find({ where: { state: 'due' } }),
    parts.find({ where: { state: 'held' } }),
  ]);
  const now = Date.parse(cx.now());
  const windowClosed = (part: PartDoc) => Date.parse(returnWindowCloses(part.deliveredAt, cx.returnWindowDays)) <= now;
  const toSettle = [...due, ...held.filter((part) => part.returnsToReverse > part.reversals || windowClosed(part))];
  const pass = { settled: 0, failed: 0 };
  for (const part of toSettle) {
    try {
      await settleSellerOrder(cx, { orderId: part.orderId, sellerOrderId: part.id });
      pass.settled++;
    } catch (error) {
      pass.failed++;
      log.error({ err: error }, `settling ${part.id} failed; trying again at the next pass`);
    }
  }
  return pass;
}

/** Runs a pass at start and then every `everyMs`; `stop` waits for a pass in flight. */
export function startSettlementPasses(cx: WorkerContext, everyMs: number) {
  let running: Promise<unknown> = Promise.resolve();
  const pass = () => {
    running = running
      .then(() => settlementPass(cx))
      .catch((error: unknown) => log.error({ err: error }, 'settlement pass failed'));
  };
  pass();
  const timer = setInterval(pass, everyMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
