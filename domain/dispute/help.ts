/**
 * The life of a help request, decided on the purchase's stream by the order decider (which
 * hands it the seller order's facts): the buyer asks; the seller answers (any number of times)
 * or resolves it (a refund in full or in part, a replacement, a return); once the seller has
 * let HELP_ANSWER_HOURS pass without resolving it, or has answered or resolved it, the buyer
 * may take it to MIBI; an admin then decides it (a refund, or closed in the seller's favour).
 * A seller order has one help request open at a time; once resolved or decided, another may be
 * asked.
 *
 * 48 hours is the promise to buyers, the same for every seller and category, so it is a
 * constant here rather than a policy with effective dates.
 */
import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { DomainError } from '../decider.ts';
import { formatInr, sum, type Paise } from '../money.ts';
import type { ProductImage } from '../product/image.ts';
import { later } from '../time.ts';
import {
  type DisputeOutcome,
  type HelpEvent,
  type HelpReason,
  type HelpRefund,
  type HelpResolution,
  disputeRefundId,
  helpIdOf,
  sellerRefundId,
} from './events.ts';
import { type SplitLine, splitRefund } from './refund-split.ts';
import { english } from '../i18n/message.ts';

export const HELP_ANSWER_HOURS = 48;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * "Not received" may be asked once the delivery window promised at checkout has passed (from the
 * day after its last day), or once the parcel has been on its way this many days (a week, the
 * longest usual surface courier time within India: for orders placed before promises were kept,
 * and a parcel shipped late), or at any time after the courier said delivered.
 */
export const NOT_RECEIVED_AFTER_DAYS = 7;
/** Days after delivery during which help may be asked. */
export const HELP_WINDOW_DAYS = 30;

export type HelpStatus = 'open' | 'answered' | 'resolved' | 'escalated' | 'decided';

export interface HelpState {
  helpId: string;
  reason: HelpReason;
  status: HelpStatus;
  answerBy: string;
  resolution: HelpResolution | null;
  outcome: DisputeOutcome | null;
  refunds: HelpRefund[];
}

/** What the help decisions read of the purchase and the seller order. */
export interface HelpFacts {
  orderId: string;
  buyerId: string;
  sellerOrderId: string;
  sellerId: string;
  status: 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled';
  /** The last day (YYYY-MM-DD) of the window promised at checkout; null when none was recorded. */
  promisedBy: string | null;
  shippedAt: string | null;
  deliveredAt: string | null;
  subtotalPaise: Paise;
  /** What accepted returns gave back already. */
  returnedPaise: Paise;
  /** The delivery's settlement (its rates); empty before delivery. */
  settlement: readonly SplitLine[];
  /** The lines' sales with their category, for the rates of a seller order not delivered. */
  lines: ReadonlyArray<{ amountPaise: Paise; categoryId: string }>;
  helps: readonly HelpState[];
}

/** The commission on each category as the API reads it now, in basis points (for an order not yet delivered). */
export type HelpRates = Readonly<Record<string, number>>;

export type HelpCommand =
  | {
      type: 'AskForHelp';
      actor: Actor;
      sellerOrderId: string;
      reason: HelpReason;
      text: string;
      images: ProductImage[];
      at: string;
    }
  | { type: 'AnswerHelp'; actor: Actor; sellerOrderId: string; helpId: string; text: string; at: string }
  | {
      type: 'ResolveHelp';
      actor: Actor;
      sellerOrderId: string;
      helpId: string;
      resolution: HelpResolution;
      /** Refund only. */
      amountPaise: Paise | null;
      text: string;
      commission: HelpRates;
      at: string;
    }
  | { type: 'EscalateHelp'; actor: Actor; sellerOrderId: string; helpId: string; text: string; at: string }
  | {
      type: 'DecideDispute';
      actor: Actor;
      sellerOrderId: string;
      helpId: string;
      outcome: DisputeOutcome;
      /** Refund only. */
      amountPaise: Paise | null;
      reason: string;
      commission: HelpRates;
      at: string;
    };

export const HELP_COMMAND_TYPES = ['AskForHelp', 'AnswerHelp', 'ResolveHelp', 'EscalateHelp', 'DecideDispute'] as const;

export const HELP_MESSAGES = {
  buyerOnly: /*i18n*/ 'Only the buyer can ask for help with an order',
  sellerOnly: /*i18n*/ 'Only the seller answers a help request',
  buyerEscalates: /*i18n*/ 'Only the buyer can take a help request to MIBI',
  adminDecides: /*i18n*/ 'Only MIBI decides a dispute',
  notYet: /*i18n*/ 'Help can be asked once the order is shipped, or once its delivery window has passed',
  notReceivedTooSoon: english(
    /*i18n*/ '"Not received" can be asked once the delivery window has passed, or {days} days after shipping',
    { days: NOT_RECEIVED_AFTER_DAYS },
  ),
  receivedOnly: /*i18n*/ 'This can be asked once the order is delivered',
  windowClosed: english(/*i18n*/ 'Help can be asked up to {days} days after delivery', { days: HELP_WINDOW_DAYS }),
  alreadyOpen: /*i18n*/ 'A help request on this order is already open',
  closed: /*i18n*/ 'This help request is already settled',
  notEscalated: /*i18n*/ 'This help request is not with MIBI',
  returnNeedsDelivery: /*i18n*/ 'A return can be offered once the order is delivered',
  amountRequired: /*i18n*/ 'Enter the amount to refund',
} as const;

export const helpNotFound = (): DomainError =>
  new DomainError('not_found', /*i18n*/ 'Help request not found', 'not_found');

const conflict = (code: string, message: string) => new DomainError(code, message, 'conflict');

/** A seller order's help request still in play: not resolved by the seller nor decided by MIBI. */
export const isOpen = (help: HelpState): boolean => help.status !== 'resolved' && help.status !== 'decided';

/** Whether a dispute (a help request taken to MIBI) is open on the seller order: its earning is held. */
export const disputeOpen = (helps: readonly HelpState[]): boolean => helps.some((h) => h.status === 'escalated');

/** What is left to give back of a seller order: its subtotal less accepted returns and help refunds. */
export const refundablePaise = (facts: Pick<HelpFacts, 'subtotalPaise' | 'returnedPaise' | 'helps'>): Paise =>
  facts.subtotalPaise - facts.returnedPaise - sum(facts.helps.flatMap((h) => h.refunds.map((r) => r.amountPaise)));

/** The help requests of a seller order after one of its events. */
export function helpsAfter(helps: readonly HelpState[], event: HelpEvent): HelpState[] {
  if (event.type === 'HelpRequested') {
    const { helpId, reason, answerBy } = event.data;
    const help: HelpState = { helpId, reason, status: 'open', answerBy, resolution: null, outcome: null, refunds: [] };
    return [...helps, help];
  }
  return helps.map((help) => {
    if (help.helpId !== event.data.helpId) return help;
    switch (event.type) {
      case 'HelpAnswered':
        return help.status === 'open' ? { ...help, status: 'answered' } : help;
      case 'HelpResolved': {
        const { resolution, refund } = event.data;
        return { ...help, status: 'resolved', resolution, refunds: refund ? [...help.refunds, refund] : help.refunds };
      }
      case 'HelpEscalated':
        return { ...help, status: 'escalated' };
      case 'DisputeDecided': {
        const { outcome, refund } = event.data;
        return { ...help, status: 'decided', outcome, refunds: refund ? [...help.refunds, refund] : help.refunds };
      }
    }
  });
}

/** The rates a refund is split at: the delivery's, or (before delivery) the category's now. */
function splitLines(facts: HelpFacts, commission: HelpRates): SplitLine[] {
  if (facts.settlement.length > 0) return [...facts.settlement];
  return facts.lines.map(({ amountPaise, categoryId }) => {
    const commissionBps = commission[categoryId];
    if (commissionBps === undefined) throw new Error(`No commission rate given for category ${categoryId}`);
    return { amountPaise, commissionBps };
  });
}

/** A refund of 1 paisa up to what is left to give back, split for the ledger. */
function refundOf(facts: HelpFacts, refundId: string, amountPaise: Paise | null, commission: HelpRates): HelpRefund {
  const left = refundablePaise(facts);
  const invalid = (message: string) =>
    new DomainError('validation_failed', message, 'invalid', { amountPaise: message });
  if (amountPaise === null) throw invalid(HELP_MESSAGES.amountRequired);
  if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0 || amountPaise > left)
    throw invalid(`Refund between ₹0.01 and ${formatInr(Math.max(0, left))}, what is left of this order`);
  return { refundId, ...splitRefund(amountPaise, splitLines(facts, commission)) };
}

/** Whether the promised window has passed at `at`: from the day after its last day (UTC). */
const windowPassed = (promisedBy: string | null, at: string): boolean =>
  promisedBy !== null && Date.parse(at) >= Date.parse(`${promisedBy}T00:00:00.000Z`) + DAY_MS;

function canAsk(facts: HelpFacts, reason: HelpReason, at: string): void {
  const { status, shippedAt, deliveredAt, promisedBy } = facts;
  if (status === 'delivered' && deliveredAt !== null) {
    if (Date.parse(at) > Date.parse(deliveredAt) + HELP_WINDOW_DAYS * DAY_MS)
      throw conflict('help_window_closed', HELP_MESSAGES.windowClosed);
    return;
  }
  const late = windowPassed(promisedBy, at);
  // Not shipped yet: only a parcel that missed its window can be asked about (as not received).
  if (status === 'cancelled' || (status !== 'shipped' && !late)) throw conflict('not_shipped', HELP_MESSAGES.notYet);
  if (reason !== 'not_received') throw conflict('not_delivered', HELP_MESSAGES.receivedOnly);
  const longOnItsWay = shippedAt !== null && Date.parse(at) >= Date.parse(shippedAt) + NOT_RECEIVED_AFTER_DAYS * DAY_MS;
  if (!late && !longOnItsWay) throw conflict('too_soon', HELP_MESSAGES.notReceivedTooSoon);
}

/**
 * Who is who: the buyer asks and escalates, the seller answers and resolves, an admin decides.
 * Anyone else is told the order is not there; one of them doing another's part is forbidden.
 */
function assertRole(actor: Actor, facts: HelpFacts, role: 'buyer' | 'seller' | 'admin', message: string): void {
  const isBuyer = actor.userId === facts.buyerId;
  const isSeller = actor.userId === facts.sellerId && !isBuyer;
  const allowed = role === 'buyer' ? isBuyer : role === 'seller' ? isSeller : isAdmin(actor);
  if (allowed) return;
  if (isBuyer || isSeller || isAdmin(actor)) throw forbidden(message);
  throw new DomainError('not_found', /*i18n*/ 'Order not found', 'not_found');
}

function helpOf(facts: HelpFacts, helpId: string): HelpState {
  const help = facts.helps.find((h) => h.helpId === helpId);
  if (!help) throw helpNotFound();
  return help;
}

/** The events a help command decides, given the seller order's facts. */
export function decideHelp(command: HelpCommand, facts: HelpFacts): HelpEvent[] {
  const { actor, at } = command;
  const stamp = (helpId: string) => ({
    orderId: facts.orderId,
    sellerOrderId: facts.sellerOrderId,
    sellerId: facts.sellerId,
    helpId,
    by: actor.userId,
    at,
  });
  switch (command.type) {
    case 'AskForHelp': {
      assertRole(actor, facts, 'buyer', HELP_MESSAGES.buyerOnly);
      if (facts.helps.some(isOpen)) throw conflict('help_open', HELP_MESSAGES.alreadyOpen);
      canAsk(facts, command.reason, at);
      const helpId = helpIdOf(facts.sellerOrderId, facts.helps.length + 1);
      const { reason, text, images } = command;
      const answerBy = later(at, HELP_ANSWER_HOURS * HOUR_MS);
      return [
        {
          type: 'HelpRequested',
          data: { ...stamp(helpId), buyerId: facts.buyerId, reason, text, images, answerBy },
        },
      ];
    }
    case 'AnswerHelp': {
      assertRole(actor, facts, 'seller', HELP_MESSAGES.sellerOnly);
      const help = helpOf(facts, command.helpId);
      if (help.status !== 'open' && help.status !== 'answered') throw conflict('help_closed', HELP_MESSAGES.closed);
      return [{ type: 'HelpAnswered', data: { ...stamp(help.helpId), text: command.text } }];
    }
    case 'ResolveHelp': {
      assertRole(actor, facts, 'seller', HELP_MESSAGES.sellerOnly);
      const help = helpOf(facts, command.helpId);
      if (help.status !== 'open' && help.status !== 'answered') throw conflict('help_closed', HELP_MESSAGES.closed);
      const { resolution, text, amountPaise, commission } = command;
      if (resolution === 'return' && facts.status !== 'delivered')
        throw conflict('not_delivered', HELP_MESSAGES.returnNeedsDelivery);
      const refund =
        resolution === 'refund' ? refundOf(facts, sellerRefundId(help.helpId), amountPaise, commission) : null;
      return [{ type: 'HelpResolved', data: { ...stamp(help.helpId), resolution, text, refund } }];
    }
    case 'EscalateHelp': {
      assertRole(actor, facts, 'buyer', HELP_MESSAGES.buyerEscalates);
      const help = helpOf(facts, command.helpId);
      if (help.status === 'escalated') return [];
      if (help.status === 'decided') throw conflict('help_closed', HELP_MESSAGES.closed);
      if (help.status === 'open' && Date.parse(at) < Date.parse(help.answerBy))
        throw conflict(
          'seller_has_time',
          english(/*i18n*/ 'The seller has until {time} UTC to answer; you can ask MIBI after that', {
            time: help.answerBy.slice(0, 16).replace('T', ' '),
          }),
        );
      return [{ type: 'HelpEscalated', data: { ...stamp(help.helpId), text: command.text } }];
    }
    case 'DecideDispute': {
      assertRole(actor, facts, 'admin', HELP_MESSAGES.adminDecides);
      const help = helpOf(facts, command.helpId);
      if (help.status !== 'escalated') throw conflict('not_escalated', HELP_MESSAGES.notEscalated);
      const { outcome, reason, amountPaise, commission } = command;
      const refund =
        outcome === 'refund' ? refundOf(facts, disputeRefundId(help.helpId), amountPaise, commission) : null;
      return [{ type: 'DisputeDecided', data: { ...stamp(help.helpId), outcome, reason, refund } }];
    }
  }
}
