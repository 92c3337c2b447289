/**
 * The seller's tax profile (issue 25): set by the seller, read by the seller and the admins, and
 * the rule it puts on what an unregistered seller may sell.
 */
import { type Actor, forbidden, isAdmin } from '../actor.ts';
import type { Decider } from '../decider.ts';
import { stateByCode, stateByName } from '../tax/states.ts';
import type { SellerStreamEvent, TaxProfile } from './events.ts';

/** The tax profile (null until first set) and how many versions it had. */
export interface TaxProfileState {
  profile: TaxProfile | null;
  version: number;
}

/** The API checks first that the account exists and sells. */
export interface SetTaxProfile {
  type: 'SetTaxProfile';
  actor: Actor;
  sellerId: string;
  profile: TaxProfile;
  at: string;
}

export const TAX_PROFILE_MESSAGES = {
  forbidden: /*i18n*/ 'Only the seller can set its tax profile',
  readForbidden: /*i18n*/ 'Only the seller or an admin can see this tax profile',
} as const;

/** The seller themselves (while they hold the role) or an admin: who reads a tax profile and its versions. */
export const mayReadTaxProfile = (actor: Actor, sellerId: string): boolean =>
  isAdmin(actor) || mayWriteTaxProfile(actor, sellerId);

/** The seller alone declares who it is for GST: an admin who could rewrite it would be answerable for it. */
const mayWriteTaxProfile = (actor: Actor, sellerId: string): boolean =>
  actor.userId === sellerId && actor.roles.includes('seller');

/** Equal field by field (stored events may come back with their keys in another order). */
export function sameTaxProfile(a: TaxProfile, b: TaxProfile): boolean {
  const number = (profile: TaxProfile) => (profile.registered ? profile.gstin : profile.enrolmentNumber);
  return (
    a.registered === b.registered &&
    number(a) === number(b) &&
    a.legalName === b.legalName &&
    a.tradeName === b.tradeName &&
    a.pan === b.pan &&
    a.stateCode === b.stateCode &&
    a.address.address === b.address.address &&
    a.address.city === b.address.city &&
    a.address.pincode === b.address.pincode
  );
}

export const taxProfileDecider: Decider<SetTaxProfile, TaxProfileState, SellerStreamEvent> = {
  initialState: { profile: null, version: 0 },

  evolve(state, event) {
    if (event.type !== 'SellerTaxProfileSet') return state;
    return { profile: event.data.profile, version: state.version + 1 };
  },

  decide({ actor, sellerId, profile, at }, state) {
    if (!mayWriteTaxProfile(actor, sellerId)) throw forbidden(TAX_PROFILE_MESSAGES.forbidden);
    // A suspended seller may still correct it: the profile is no listing, and the record must be right.
    // Saving the same profile again (a retried request) writes no new version.
    if (state.profile && sameTaxProfile(state.profile, profile)) return [];
    return [{ type: 'SellerTaxProfileSet', data: { sellerId, by: actor.userId, at, profile } }];
  },
};

/**
 * Why a product of a seller with this profile cannot be shipped to the state written in the
 * address (`shipTo`), or null when it can. A seller not registered for GST may supply only
 * within its own state (Notification 34/2023-Central Tax; see the README, "Taxes"); a seller
 * registered for GST, or one that has set no profile yet, ships anywhere.
 */
export function interStateRefusal(profile: TaxProfile | null, productName: string, shipTo: string): string | null {
  if (!profile || profile.registered) return null;
  const destination = stateByName(shipTo);
  if (destination?.code === profile.stateCode) return null;
  const home = stateByCode(profile.stateCode)?.name ?? profile.stateCode;
  return destination
    ? `${productName} cannot be shipped to ${destination.name}: its seller is not registered for GST, so it may sell only within ${home}`
    : `${productName} can be shipped only within ${home}, and “${shipTo}” is not a state or union territory we know: check the State field`;
}
