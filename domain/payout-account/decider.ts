import { type Actor, forbidden } from '../actor.ts';
import type { Decider } from '../decider.ts';
import type { PayoutAccount, PayoutAccountEvent } from './events.ts';
import type { PayoutAccountInput } from './schemas.ts';

/** The account transfers go to now; null until the seller sets one up. */
export type PayoutAccountState = PayoutAccount | null;

export type PayoutAccountCommand = PayoutAccountInput & {
  type: 'SetUpPayoutAccount';
  actor: Actor;
  sellerId: string;
  /** What the gateway answered for this bank account. */
  linkedAccountId: string;
  at: string;
};

export const OWN_PAYOUTS_ONLY = 'Only the seller can set up their payouts';

export const payoutAccountDecider: Decider<PayoutAccountCommand, PayoutAccountState, PayoutAccountEvent> = {
  initialState: null,

  evolve: (_state, { data }) => data,

  decide(command, state) {
    const { actor, sellerId, linkedAccountId, beneficiaryName, accountNumber, ifsc, at } = command;
    // Money goes where this says: not even an admin sets it for a seller.
    if (actor.userId !== sellerId || !actor.roles.includes('seller')) throw forbidden(OWN_PAYOUTS_ONLY);
    const accountLast4 = accountNumber.slice(-4);
    // The same account sent again (a retried request): it is set up already.
    if (
      state?.linkedAccountId === linkedAccountId &&
      state.beneficiaryName === beneficiaryName &&
      state.accountLast4 === accountLast4 &&
      state.ifsc === ifsc
    ) {
      return [];
    }
    return [
      {
        type: 'PayoutAccountSetUp',
        data: { sellerId, linkedAccountId, beneficiaryName, accountLast4, ifsc, by: actor.userId, at },
      },
    ];
  },
};
