import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import type { SellerStreamEvent } from './events.ts';

export type StandingChange =
  | { type: 'VerifySeller'; reason: string | null }
  | { type: 'SuspendSeller'; reason: string }
  | { type: 'ReinstateSeller'; reason: string };

/** Admin commands on a seller; the API checks first that the account exists and sells. */
export type SellerCommand = { actor: Actor; sellerId: string; at: string } & StandingChange;

/**
 * Verification and suspension are independent: a suspended seller keeps their verification,
 * so reinstating them gives back exactly the standing they had.
 */
export interface SellerStanding {
  verified: boolean;
  suspended: boolean;
}

export const SELLER_STATUSES = ['unverified', 'verified', 'suspended'] as const;
export type SellerStatus = (typeof SELLER_STATUSES)[number];

/** What the admins see: suspension comes first, as it is what buyers notice. */
export const sellerStatus = ({ verified, suspended }: SellerStanding): SellerStatus =>
  suspended ? 'suspended' : verified ? 'verified' : 'unverified';

export const SELLER_SUSPENDED_MESSAGE =
  /*i18n*/ 'Your seller account is suspended, so you cannot list or change products';

/**
 * A suspended seller can change nothing it sells (list, edit, restock, upload images, delist):
 * their products are out of the catalog meanwhile, and stay as the admins suspended them.
 */
export function assertMaySell(standing: SellerStanding): void {
  if (standing.suspended) throw new DomainError('seller_suspended', SELLER_SUSPENDED_MESSAGE, 'forbidden');
}

export const sellerDecider: Decider<SellerCommand, SellerStanding, SellerStreamEvent> = {
  initialState: { verified: false, suspended: false },

  evolve(state, { type }) {
    switch (type) {
      case 'SellerVerified':
        return { ...state, verified: true };
      case 'SellerSuspended':
        return { ...state, suspended: true };
      case 'SellerReinstated':
        return { ...state, suspended: false };
      // The storefront and tax profiles share the stream and leave the standing as it is.
      case 'SellerProfileUpdated':
      case 'SellerTaxProfileSet':
        return state;
    }
  },

  decide(command, state) {
    const { actor, sellerId, at } = command;
    if (!isAdmin(actor)) throw forbidden(/*i18n*/ 'Only an admin can verify, suspend or reinstate sellers');
    const stamp = { sellerId, by: actor.userId, at };
    switch (command.type) {
      case 'VerifySeller':
        if (state.suspended)
          throw new DomainError('seller_suspended', /*i18n*/ 'Reinstate this seller before verifying them', 'conflict');
        // Verifying twice succeeds quietly, so a retried request is harmless.
        return state.verified ? [] : [{ type: 'SellerVerified', data: { ...stamp, reason: command.reason } }];
      case 'SuspendSeller':
        return state.suspended ? [] : [{ type: 'SellerSuspended', data: { ...stamp, reason: command.reason } }];
      case 'ReinstateSeller':
        if (!state.suspended)
          throw new DomainError('not_suspended', /*i18n*/ 'Only a suspended seller can be reinstated', 'conflict');
        return [{ type: 'SellerReinstated', data: { ...stamp, reason: command.reason } }];
    }
  },
};
