/**
 * Settlement of a purchase paid online: each delivered seller order's earning (its sales less
 * the commission) goes to its seller's linked account at the gateway as a Route transfer out of
 * the purchase's payment, held until the order's return window closes, then released; each
 * return accepted takes its units' earning back by a reversal of that transfer.
 *
 * This decider runs on the purchase's stream beside the order decider (the same stream and
 * expected revision, so each of its decisions sees every order event before it). It records
 * what the gateway did; what is due next is read here too, so the job that calls the gateway
 * and the tests agree on it. Amounts come from the log alone (the delivery's settlement, each
 * accepted return's), so two runs of a job compute the same calls and the gateway's receipts
 * (the seller order id, the return id) make a repeated call answer the first one.
 */
import { type Decider, DomainError } from '../decider.ts';
import { type Paise, sum } from '../money.ts';
import type { OrderEvent, TransferEvent } from './events.ts';
import { orderDecider, type OrderState, type SellerOrder } from './decider.ts';
import { returnWindowCloses } from './returns.ts';
import { disputeOpen } from '../dispute/help.ts';
import type { LegacyOrderEvent } from './upcast.ts';

export interface Transfer {
  transferId: string;
  account: string;
  amountPaise: Paise;
  released: boolean;
  /** By return id: the reversal of each accepted return's earning. */
  reversals: ReadonlyMap<string, { reversalId: string; amountPaise: Paise }>;
}

export interface TransferState {
  /** The purchase, its payment and seller orders as the order decider folds them. */
  order: OrderState;
  /** By seller order id. */
  transfers: ReadonlyMap<string, Transfer>;
  /** The earning each accepted return (by return id) or help request's refund (by refund id) takes back. */
  returnedEarnings: ReadonlyMap<string, Paise>;
}

export type TransferCommand =
  | {
      type: 'RecordTransfer';
      sellerOrderId: string;
      transferId: string;
      account: string;
      amountPaise: Paise;
      at: string;
    }
  | { type: 'RecordRelease'; sellerOrderId: string; at: string }
  | {
      type: 'RecordReversal';
      sellerOrderId: string;
      returnId: string;
      reversalId: string;
      amountPaise: Paise;
      at: string;
    };

function partOf(state: TransferState, sellerOrderId: string) {
  const part = state.order?.sellerOrders.find((p) => p.sellerOrderId === sellerOrderId);
  if (!part || !state.order) throw new DomainError('not_found', /*i18n*/ 'Order not found', 'not_found');
  return { order: state.order, part };
}

function transferOf(state: TransferState, sellerOrderId: string): Transfer {
  const transfer = state.transfers.get(sellerOrderId);
  if (!transfer) throw new DomainError('no_transfer', /*i18n*/ 'This order has no transfer yet', 'conflict');
  return transfer;
}

function evolveTransfer(state: TransferState, event: TransferEvent): TransferState {
  const { sellerOrderId } = event.data;
  const transfers = new Map(state.transfers);
  if (event.type === 'TransferCreated') {
    const { transferId, account, amountPaise } = event.data;
    transfers.set(sellerOrderId, { transferId, account, amountPaise, released: false, reversals: new Map() });
    return { ...state, transfers };
  }
  const transfer = state.transfers.get(sellerOrderId);
  if (!transfer) return state;
  if (event.type === 'TransferReleased') transfers.set(sellerOrderId, { ...transfer, released: true });
  else {
    const { returnId, reversalId, amountPaise } = event.data;
    const reversals = new Map(transfer.reversals).set(returnId, { reversalId, amountPaise });
    transfers.set(sellerOrderId, { ...transfer, reversals });
  }
  return { ...state, transfers };
}

export const transferDecider: Decider<TransferCommand, TransferState, OrderEvent | LegacyOrderEvent> = {
  initialState: { order: null, transfers: new Map(), returnedEarnings: new Map() },

  evolve(state, event) {
    if (event.type === 'TransferCreated' || event.type === 'TransferReleased' || event.type === 'TransferReversed')
      return evolveTransfer(state, event);
    const order = orderDecider.evolve(state.order, event);
    if (event.type === 'ReturnAccepted') {
      const earning = sum(event.data.settlement.map((line) => line.earningPaise));
      return { ...state, order, returnedEarnings: new Map(state.returnedEarnings).set(event.data.returnId, earning) };
    }
    if ((event.type === 'HelpResolved' || event.type === 'DisputeDecided') && event.data.refund) {
      const { refundId, earningPaise } = event.data.refund;
      return { ...state, order, returnedEarnings: new Map(state.returnedEarnings).set(refundId, earningPaise) };
    }
    return { ...state, order };
  },

  decide(command, state) {
    const { order, part } = partOf(state, command.sellerOrderId);
    const stamp = { orderId: order.orderId, sellerOrderId: part.sellerOrderId };
    switch (command.type) {
      case 'RecordTransfer': {
        // A job retried after the gateway answered: recorded already.
        if (state.transfers.has(part.sellerOrderId)) return [];
        if (paymentOf(state) === null || part.status !== 'delivered')
          throw new DomainError('not_due', /*i18n*/ 'Only a delivered order paid online is transferred', 'conflict');
        const { transferId, account, amountPaise, at } = command;
        const data = { ...stamp, sellerId: part.sellerId, transferId, account, amountPaise, at };
        return [{ type: 'TransferCreated', data }];
      }
      case 'RecordRelease': {
        const transfer = transferOf(state, part.sellerOrderId);
        if (transfer.released) return [];
        return [{ type: 'TransferReleased', data: { ...stamp, transferId: transfer.transferId, at: command.at } }];
      }
      case 'RecordReversal': {
        const transfer = transferOf(state, part.sellerOrderId);
        const { returnId, reversalId, amountPaise, at } = command;
        if (transfer.reversals.has(returnId)) return [];
        const data = { ...stamp, transferId: transfer.transferId, reversalId, returnId, amountPaise, at };
        return [{ type: 'TransferReversed', data }];
      }
    }
  },
};

/** The captured payment transfers are made from; null for a purchase not paid online, or not paid. */
function paymentOf({ order }: TransferState): string | null {
  return order?.payment.status === 'paid' ? order.payment.paymentId : null;
}

/** What a seller order's transfer still holds: its amount less its reversals. */
export const heldPaise = (transfer: Transfer): Paise =>
  transfer.amountPaise - sum([...transfer.reversals.values()].map((r) => r.amountPaise));

/** The refunds of a seller order's help requests: what each takes back of its earning is in returnedEarnings. */
const helpRefundsOf = (part: SellerOrder): string[] =>
  part.helps.flatMap((help) => help.refunds.map((refund) => refund.refundId));

/**
 * The transfer a seller order calls for, when none is recorded: its whole earning from the
 * purchase's payment, once delivered and paid online, and no dispute open on it (its earning is
 * held until MIBI decides). Returns accepted and help refunds given before it are reversed
 * after it like any other (so the amount never depends on when the job ran); a seller order
 * whose every unit came back before it is not transferred at all.
 */
export function transferDue(
  state: TransferState,
  sellerOrderId: string,
): { paymentId: string; sellerId: string; amountPaise: Paise } | null {
  const part = state.order?.sellerOrders.find((p) => p.sellerOrderId === sellerOrderId);
  const paymentId = paymentOf(state);
  if (!part || paymentId === null || part.status !== 'delivered' || state.transfers.has(sellerOrderId)) return null;
  if (disputeOpen(part.helps)) return null;
  const amountPaise = sum(part.settlement.map((line) => line.earningPaise));
  const returned = sum(takenBack(part).map((id) => state.returnedEarnings.get(id) ?? 0));
  if (amountPaise - returned <= 0) return null;
  return { paymentId, sellerId: part.sellerId, amountPaise };
}

/** What takes earning back from a seller order: its accepted returns and its help requests' refunds, by id. */
const takenBack = (part: SellerOrder): string[] => [
  ...part.returns.filter((r) => r.status === 'accepted').map((r) => r.returnId),
  ...helpRefundsOf(part),
];

/**
 * The reversals a seller order's transfer calls for: one per accepted return or help refund not
 * reversed yet that took back any earning (its id is the reversal's receipt).
 */
export function reversalsDue(
  state: TransferState,
  sellerOrderId: string,
): Array<{ transferId: string; returnId: string; amountPaise: Paise }> {
  const part = state.order?.sellerOrders.find((p) => p.sellerOrderId === sellerOrderId);
  const transfer = state.transfers.get(sellerOrderId);
  if (!part || !transfer) return [];
  return takenBack(part)
    .filter((id) => !transfer.reversals.has(id))
    .map((id) => ({ transferId: transfer.transferId, returnId: id, amountPaise: state.returnedEarnings.get(id) ?? 0 }))
    .filter((r) => r.amountPaise > 0);
}

/** What the release of a transfer reads beyond the stream: the time, the window and whether any category of the order takes returns now. */
export interface ReleasePolicy {
  now: string;
  windowDays: number;
  returnable: boolean;
}

/**
 * Whether a seller order's transfer is to be released: held, something left in it, no return
 * open, no dispute open, every accepted return and help refund reversed, and its return window
 * closed (at delivery, when none of its categories takes returns).
 */
export function releaseDue(state: TransferState, sellerOrderId: string, policy: ReleasePolicy): boolean {
  const part = state.order?.sellerOrders.find((p) => p.sellerOrderId === sellerOrderId);
  const transfer = state.transfers.get(sellerOrderId);
  if (!part?.deliveredAt || !transfer || transfer.released || heldPaise(transfer) <= 0) return false;
  if (part.returns.some((r) => r.status === 'requested') || reversalsDue(state, sellerOrderId).length > 0) return false;
  if (disputeOpen(part.helps)) return false;
  const closes = policy.returnable ? returnWindowCloses(part.deliveredAt, policy.windowDays) : part.deliveredAt;
  return Date.parse(policy.now) >= Date.parse(closes);
}
