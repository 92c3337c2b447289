/**
 * Refunds of a purchase paid online. What the purchase owes back is read from its state after
 * every decision (refundsDue), so each cause asks for its refund once, under a stable id, the
 * gateway's receipt: a cancelled seller order its subtotal (and the delivery charge with the
 * last part when the whole purchase ends cancelled), an accepted return the amount its
 * settlement reverses, a payment captured after the purchase expired all of it, a help request
 * what its seller or MIBI gave back (domain/dispute). Refunds never
 * add up to more than the capture.
 */
import { DomainError } from '../decider.ts';
import { type Paise, sum } from '../money.ts';
import type { RefundEvent, RefundReason } from './events.ts';
import type { ReturnStatus } from './returns.ts';
import { type OrderStatus, parseSellerOrderId } from './status.ts';

export type RefundStatus = 'requested' | 'initiated' | 'processed' | 'failed';

export interface Refund {
  refundId: string;
  sellerOrderId: string | null;
  returnId: string | null;
  amountPaise: Paise;
  reason: RefundReason;
  status: RefundStatus;
  /** rfnd_...: known once the gateway took the refund. */
  gatewayRefundId: string | null;
}

export type RefundRequestedEvent = Extract<RefundEvent, { type: 'RefundRequested' }>;

export const REFUND_EVENT_TYPES = ['RefundRequested', 'RefundInitiated', 'RefundProcessed', 'RefundFailed'] as const;
/** A refund's events are the purchase's, not a seller order's. */
export const isRefundEvent = (event: { type: string }): event is RefundEvent =>
  (REFUND_EVENT_TYPES as readonly string[]).includes(event.type);

export const cancelRefundId = (sellerOrderId: string): string => `${sellerOrderId}-cancel`;
export const lateRefundId = (orderId: string): string => `${orderId}-late`;

/** The purchase a refund id belongs to (a refund webhook names the refund by its receipt only); null when it names none. */
export function orderIdOfRefund(refundId: string): string | null {
  const late = /^(.+)-late$/.exec(refundId);
  if (late) return late[1]!;
  const sellerOrderId = /^(.+)-(?:cancel|R\d+|H\d+(?:-M)?)$/.exec(refundId)?.[1];
  return sellerOrderId === undefined ? null : (parseSellerOrderId(sellerOrderId)?.orderId ?? null);
}

/** What refunds read of a purchase (the order decider's state gives it). */
export interface RefundFacts {
  orderId: string;
  /** What the buyer's payment captured; null when nothing was (cash on delivery, or not paid yet). */
  capturedPaise: Paise | null;
  /** Whether the purchase expired unpaid: a payment captured after that goes back whole. */
  expired: boolean;
  deliveryChargePaise: Paise;
  sellerOrders: ReadonlyArray<{
    sellerOrderId: string;
    subtotalPaise: Paise;
    status: OrderStatus;
    /** An accepted return's amountPaise is what its settlement reverses. */
    returns: ReadonlyArray<{ returnId: string; status: ReturnStatus; amountPaise: Paise }>;
    /** Its help requests' refunds (a seller's resolution, MIBI's decision). */
    helps: ReadonlyArray<{ refunds: ReadonlyArray<{ refundId: string; amountPaise: Paise }> }>;
  }>;
  refunds: ReadonlyArray<Pick<Refund, 'refundId' | 'amountPaise'>>;
}

type Owed = Omit<RefundRequestedEvent['data'], 'orderId' | 'at'>;

/** Every refund the purchase's causes call for, at its full amount. */
function owed(facts: RefundFacts): Owed[] {
  if (facts.expired) {
    const all = { refundId: lateRefundId(facts.orderId), sellerOrderId: null, returnId: null };
    return [{ ...all, amountPaise: facts.capturedPaise ?? 0, reason: 'late_payment' }];
  }
  const requested = new Set(facts.refunds.map((refund) => refund.refundId));
  const cancelled = facts.sellerOrders.filter((part) => part.status === 'cancelled');
  // The delivery charge goes back once the whole purchase is cancelled, with the part not yet
  // refunded that cancelled it: the refunds of the parts before were asked without it.
  const unrefunded = cancelled.filter((part) => !requested.has(cancelRefundId(part.sellerOrderId)));
  const lastCancel = cancelled.length === facts.sellerOrders.length ? unrefunded.at(-1) : undefined;
  const cancels = cancelled.map(
    (part): Owed => ({
      refundId: cancelRefundId(part.sellerOrderId),
      sellerOrderId: part.sellerOrderId,
      returnId: null,
      amountPaise: part === lastCancel ? sum([part.subtotalPaise, facts.deliveryChargePaise]) : part.subtotalPaise,
      reason: 'cancelled',
    }),
  );
  const returns = facts.sellerOrders.flatMap((part) =>
    part.returns
      .filter((r) => r.status === 'accepted')
      .map(
        (r): Owed => ({
          refundId: r.returnId,
          sellerOrderId: part.sellerOrderId,
          returnId: r.returnId,
          amountPaise: r.amountPaise,
          reason: 'returned',
        }),
      ),
  );
  const helps = facts.sellerOrders.flatMap((part) =>
    part.helps.flatMap((help) =>
      help.refunds.map(
        (r): Owed => ({
          refundId: r.refundId,
          sellerOrderId: part.sellerOrderId,
          returnId: null,
          amountPaise: r.amountPaise,
          reason: 'help',
        }),
      ),
    ),
  );
  return [...cancels, ...returns, ...helps];
}

/**
 * The refunds the purchase owes and has not asked for yet, each at most what the capture has
 * left after the refunds before it; none when nothing was captured.
 */
export function refundsDue(facts: RefundFacts, at: string): RefundRequestedEvent[] {
  if (facts.capturedPaise === null) return [];
  const requested = new Set(facts.refunds.map((refund) => refund.refundId));
  let left = facts.capturedPaise - sum(facts.refunds.map((refund) => refund.amountPaise));
  const due: RefundRequestedEvent[] = [];
  for (const refund of owed(facts)) {
    if (requested.has(refund.refundId)) continue;
    const amountPaise = Math.min(refund.amountPaise, left);
    if (amountPaise <= 0) continue;
    left -= amountPaise;
    due.push({ type: 'RefundRequested', data: { orderId: facts.orderId, ...refund, amountPaise, at } });
  }
  return due;
}

/** What the workers and the webhooks record of a refund on the purchase's stream: no user acts. */
export type RefundCommand =
  | { type: 'RecordRefundInitiated'; refundId: string; gatewayRefundId: string; at: string }
  | {
      type: 'RecordRefundOutcome';
      refundId: string;
      gatewayRefundId: string;
      outcome: 'processed' | 'failed';
      /** The gateway's words for a failure; empty when processed. */
      description: string;
      at: string;
    }
  /** The gateway refused to make the refund (a 4xx: it will not change its answer); `description` its words. */
  | { type: 'RecordRefundRefusal'; refundId: string; description: string; at: string };

const settled = (refund: Refund): boolean => refund.status === 'processed' || refund.status === 'failed';

/**
 * Records the gateway's word on a refund, once whatever the order it comes in: an initiation
 * after the outcome (a webhook faster than the worker's record) or a repeated outcome changes
 * nothing, and the first outcome stands.
 */
export function decideRefund(command: RefundCommand, orderId: string, refunds: readonly Refund[]): RefundEvent[] {
  const refund = refunds.find((r) => r.refundId === command.refundId);
  if (!refund) throw new DomainError('not_found', /*i18n*/ 'Refund not found', 'not_found');
  const { refundId, at } = command;
  if (command.type === 'RecordRefundRefusal') {
    if (refund.status !== 'requested') return [];
    const { description } = command;
    return [{ type: 'RefundFailed', data: { orderId, refundId, gatewayRefundId: null, description, at } }];
  }
  const { gatewayRefundId } = command;
  if (command.type === 'RecordRefundInitiated') {
    if (refund.status !== 'requested') return [];
    return [{ type: 'RefundInitiated', data: { orderId, refundId, gatewayRefundId, at } }];
  }
  if (settled(refund)) return [];
  if (command.outcome === 'processed') {
    return [{ type: 'RefundProcessed', data: { orderId, refundId, gatewayRefundId, at } }];
  }
  return [{ type: 'RefundFailed', data: { orderId, refundId, gatewayRefundId, description: command.description, at } }];
}

/** The purchase's refunds after one of their events. */
export function refundsAfter(refunds: readonly Refund[], event: RefundEvent): Refund[] {
  if (event.type === 'RefundRequested') {
    if (refunds.some((r) => r.refundId === event.data.refundId)) return [...refunds];
    const { refundId, sellerOrderId, returnId, amountPaise, reason } = event.data;
    const refund: Refund = {
      refundId,
      sellerOrderId,
      returnId,
      amountPaise,
      reason,
      status: 'requested',
      gatewayRefundId: null,
    };
    return [...refunds, refund];
  }
  return refunds.map((refund) => {
    if (refund.refundId !== event.data.refundId || settled(refund)) return refund;
    const { gatewayRefundId } = event.data;
    if (event.type === 'RefundInitiated') return { ...refund, status: 'initiated', gatewayRefundId };
    return { ...refund, status: event.type === 'RefundProcessed' ? 'processed' : 'failed', gatewayRefundId };
  });
}
