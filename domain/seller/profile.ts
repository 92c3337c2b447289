import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import { type SellerStanding, sellerDecider } from './decider.ts';
import type { SellerProfile, SellerProfileEvent, SellerStreamEvent } from './events.ts';

/** The seller stream as the storefront sees it: the standing, the profile (null until first written) and how many versions it had. */
export interface StorefrontState {
  standing: SellerStanding;
  profile: SellerProfile | null;
  version: number;
}

/**
 * The seller (or an admin) writes a new version of the profile. `expectedVersion` is the
 * version the edit started from (null: whatever is current); the API checks first that the
 * account exists and sells.
 */
export interface UpdateSellerProfile {
  type: 'UpdateSellerProfile';
  actor: Actor;
  sellerId: string;
  profile: SellerProfile;
  expectedVersion: number | null;
  at: string;
}

export const PROFILE_MESSAGES = {
  forbidden: /*i18n*/ 'Only the seller or an admin can edit this storefront',
  suspended: /*i18n*/ 'Your seller account is suspended, so you cannot edit your storefront',
  conflict:
    /*i18n*/ 'This storefront was changed since you opened it (in another tab, or by an admin): edit the latest version instead.',
} as const;

/** The seller themselves (while they hold the role) or an admin: who edits a storefront and reads its past versions. */
export const mayEditProfile = (actor: Actor, sellerId: string): boolean =>
  isAdmin(actor) || (actor.userId === sellerId && actor.roles.includes('seller'));

const sameProfile = (a: SellerProfile, b: SellerProfile): boolean =>
  a.displayName === b.displayName && a.region === b.region && a.craft === b.craft && a.story === b.story;

/** The profile an edit wrote, without its stamp. */
export const profileOf = ({ sellerId: _, by: __, at: ___, ...profile }: SellerProfileEvent['data']): SellerProfile =>
  profile;

export const storefrontDecider: Decider<UpdateSellerProfile, StorefrontState, SellerStreamEvent> = {
  initialState: { standing: sellerDecider.initialState, profile: null, version: 0 },

  evolve(state, event) {
    if (event.type === 'SellerProfileUpdated')
      return { ...state, profile: profileOf(event.data), version: state.version + 1 };
    return { ...state, standing: sellerDecider.evolve(state.standing, event) };
  },

  decide({ actor, sellerId, profile, expectedVersion, at }, state) {
    if (!mayEditProfile(actor, sellerId)) throw forbidden(PROFILE_MESSAGES.forbidden);
    // A suspended seller's storefront is hidden; an admin may still correct it (say, to take down what led to the suspension).
    if (!isAdmin(actor) && state.standing.suspended)
      throw new DomainError('seller_suspended', PROFILE_MESSAGES.suspended, 'forbidden');
    if (expectedVersion !== null && expectedVersion !== state.version)
      throw new DomainError('version_conflict', PROFILE_MESSAGES.conflict, 'conflict');
    // Saving the same words again (a retried request) writes no new version.
    if (state.profile && sameProfile(state.profile, profile)) return [];
    return [{ type: 'SellerProfileUpdated', data: { sellerId, ...profile, by: actor.userId, at } }];
  },
};
