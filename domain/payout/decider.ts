import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import { type Paise, formatInr } from '../money.ts';
import type { Payout, PayoutEvent } from './events.ts';
import { PAYOUT_MESSAGES } from './schemas.ts';
import { later } from '../time.ts';
import { english } from '../i18n/message.ts';

export interface PayoutState {
  /** Every payout recorded, added up. */
  paidPaise: Paise;
  /** The payouts by `referenceKey` of their reference. */
  byReference: ReadonlyMap<string, Payout>;
}

export type PayoutCommand = Omit<Payout, 'by' | 'at'> & {
  type: 'RecordPayout';
  actor: Actor;
  /**
   * What the seller has earned, net of reversals, less the TCS collected and what transfers of orders paid online
   * brought them, as the ledger read model has it once caught up with the log. Payouts are
   * taken from this stream instead, current at the append, so a payout recorded by another
   * admin a moment ago always counts.
   */
  earnedPaise: Paise;
  at: string;
};

export const PAYOUT_REFERENCE_USED = 'A payout with this reference is already recorded';

/** References typed by hand differ in case and spacing only too often ("utr 123" is "UTR 123"). */
export const referenceKey = (reference: string): string => reference.trim().replace(/\s+/g, ' ').toLowerCase();

/** India has one time zone, UTC+05:30, without daylight saving. */
const INDIA_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The day of `at` (ISO-8601) in India: what "today" is for an admin paying Indian sellers. */
export const dayInIndia = (at: string): string => later(at, INDIA_OFFSET_MS).slice(0, 10);

const invalid = (field: 'amountPaise' | 'paidOn', message: string) =>
  new DomainError('validation_failed', message, 'invalid', { [field]: message });

export const payoutDecider: Decider<PayoutCommand, PayoutState, PayoutEvent> = {
  initialState: { paidPaise: 0, byReference: new Map() },

  evolve(state, { data }) {
    return {
      paidPaise: state.paidPaise + data.amountPaise,
      byReference: new Map(state.byReference).set(referenceKey(data.reference), data),
    };
  },

  decide(command, state) {
    const { actor, sellerId, payoutId, amountPaise, paidOn, reference, earnedPaise, at } = command;
    if (!isAdmin(actor)) throw forbidden(/*i18n*/ 'Only an admin can record payouts');
    if (!Number.isSafeInteger(amountPaise) || amountPaise <= 0) throw invalid('amountPaise', PAYOUT_MESSAGES.amount);
    if (paidOn > dayInIndia(at)) throw invalid('paidOn', PAYOUT_MESSAGES.future);

    const recorded = state.byReference.get(referenceKey(reference));
    if (recorded) {
      // The same transfer sent again (a retried request): it is recorded already.
      if (recorded.amountPaise === amountPaise && recorded.paidOn === paidOn) return [];
      throw new DomainError('payout_reference_used', PAYOUT_REFERENCE_USED, 'conflict');
    }

    const balanceDuePaise = earnedPaise - state.paidPaise;
    if (amountPaise > balanceDuePaise) {
      const due = formatInr(Math.max(0, balanceDuePaise));
      throw new DomainError(
        'exceeds_balance',
        english(/*i18n*/ 'A payout of {amount} is more than the balance due, {due}', {
          amount: formatInr(amountPaise),
          due,
        }),
        'rule_broken',
        {
          amountPaise: `At most ${due}`,
        },
      );
    }
    return [
      {
        type: 'PayoutRecorded',
        data: { payoutId, sellerId, amountPaise, paidOn, reference: reference.trim(), by: actor.userId, at },
      },
    ];
  },
};
