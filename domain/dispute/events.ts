/**
 * Help requests and disputes (issue 27): a buyer asks the seller for help with a seller order;
 * the seller answers or resolves it within HELP_ANSWER_HOURS; the buyer may then take it to
 * MIBI (a dispute), which an admin decides. Their events live on the purchase's stream
 * (`order-{orderId}`), beside the seller order they are about, so the refunds they give are
 * owed by the same decisions as a cancel's or a return's, and the transfer to the seller sees
 * a dispute open (its hold) in the same state it decides from.
 */
import type { Paise } from '../money.ts';
import type { ProductImage } from '../product/image.ts';

export const HELP_REASONS = ['not_received', 'damaged', 'not_as_described', 'wrong_item'] as const;
export type HelpReason = (typeof HELP_REASONS)[number];

export const HELP_REASON_LABELS: Readonly<Record<HelpReason, string>> = {
  not_received: /*i18n*/ 'Not received',
  damaged: /*i18n*/ 'Damaged',
  not_as_described: /*i18n*/ 'Not as described',
  wrong_item: /*i18n*/ 'Wrong item',
};

/** What the seller offers: money back, a replacement sent, or a return through the return flow. */
export const HELP_RESOLUTIONS = ['refund', 'replacement', 'return'] as const;
export type HelpResolution = (typeof HELP_RESOLUTIONS)[number];

/** An admin's decision: money back to the buyer, or the request closed in the seller's favour. */
export const DISPUTE_OUTCOMES = ['refund', 'seller'] as const;
export type DisputeOutcome = (typeof DISPUTE_OUTCOMES)[number];

/**
 * Money a help request gives back, and how it comes off the seller's ledger: the sale less the
 * commission on it (at the rates the delivery settled at), amountPaise = commissionPaise +
 * earningPaise exactly. `refundId` is the refund's stable key (the gateway's receipt).
 */
export interface HelpRefund {
  refundId: string;
  amountPaise: Paise;
  commissionPaise: Paise;
  earningPaise: Paise;
}

interface HelpStamp {
  orderId: string;
  sellerOrderId: string;
  sellerId: string;
  /** `${sellerOrderId}-H${n}`, n counting the seller order's help requests from 1. */
  helpId: string;
  by: string;
  at: string;
}

export type HelpEvent =
  | {
      type: 'HelpRequested';
      data: HelpStamp & {
        buyerId: string;
        reason: HelpReason;
        text: string;
        /** The buyer's uploads (the thread's safe upload), in the order given. */
        images: ProductImage[];
        /** Until when the seller answers before the buyer may take it to MIBI. */
        answerBy: string;
      };
    }
  | { type: 'HelpAnswered'; data: HelpStamp & { text: string } }
  | {
      type: 'HelpResolved';
      data: HelpStamp & { resolution: HelpResolution; text: string; refund: HelpRefund | null };
    }
  /** The buyer took it to MIBI: a dispute is open, the seller order's earning held until it is decided. */
  | { type: 'HelpEscalated'; data: HelpStamp & { text: string } }
  /** An admin decided the dispute, with a reason both sides see; the hold is released. */
  | {
      type: 'DisputeDecided';
      data: HelpStamp & { outcome: DisputeOutcome; reason: string; refund: HelpRefund | null };
    };

export const HELP_EVENT_TYPES: ReadonlySet<string> = new Set<HelpEvent['type']>([
  'HelpRequested',
  'HelpAnswered',
  'HelpResolved',
  'HelpEscalated',
  'DisputeDecided',
]);

export const isHelpEvent = (event: { type: string }): event is HelpEvent => HELP_EVENT_TYPES.has(event.type);

export const helpIdOf = (sellerOrderId: string, n: number): string => `${sellerOrderId}-H${n}`;

/** The seller order of a help id; null when it is not one. */
export function sellerOrderIdOfHelp(helpId: string): string | null {
  return /^(.+)-H[1-9]\d{0,3}$/.exec(helpId)?.[1] ?? null;
}

/** The refund of a seller's resolution is the help's own id; an admin's decision adds -M (MIBI). */
export const sellerRefundId = (helpId: string): string => helpId;
export const disputeRefundId = (helpId: string): string => `${helpId}-M`;
