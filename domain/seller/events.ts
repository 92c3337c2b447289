/**
 * A seller's standing with the admins, on its own stream `seller-{userId}` rather than the
 * account stream: the account is folded for every signed-in request and its decider knows
 * nothing of verification, so standing is kept apart, and the seller stream is the whole
 * record of what admins decided about the seller and why. The storefront profile and the tax
 * profile the seller writes are on the same stream, so their every version stays in the record
 * beside the standing.
 */
export const sellerStream = (sellerId: string): string => `seller-${sellerId}`;

/** The admin who decided, and when (ISO-8601 UTC). */
interface Stamp {
  sellerId: string;
  by: string;
  at: string;
}

export type SellerEvent =
  /** The reason is optional: verifying needs no explanation to the seller. */
  | { type: 'SellerVerified'; data: Stamp & { reason: string | null } }
  | { type: 'SellerSuspended'; data: Stamp & { reason: string } }
  | { type: 'SellerReinstated'; data: Stamp & { reason: string } };

/** What a storefront shows of its seller, as the seller (or an admin) wrote it; null fields are left blank. */
export interface SellerProfile {
  displayName: string;
  region: string | null;
  craft: string | null;
  story: string | null;
}

/** A whole new version of the profile; `by` is the seller, or the admin who edited it. */
export type SellerProfileEvent = { type: 'SellerProfileUpdated'; data: Stamp & SellerProfile };

/** The principal place of business as the GST registration gives it; its state is the profile's `stateCode`. */
export interface PlaceOfBusiness {
  address: string;
  city: string;
  pincode: string;
}

interface TaxProfileFields {
  /** The name on the PAN (and the GST certificate). */
  legalName: string;
  /** The name the business trades under, when it differs. */
  tradeName: string | null;
  pan: string;
  address: PlaceOfBusiness;
  /** The GST state code of the place of business (domain/tax/states.ts): the state the seller supplies from. */
  stateCode: string;
}

/**
 * Who the seller is for GST: registered, with a GSTIN of its state that holds its PAN; or not
 * registered, selling under the special procedure for unregistered suppliers through an
 * operator (enrolled on the GST portal with its PAN, intra-state supplies only; see the README).
 */
export type TaxProfile =
  | (TaxProfileFields & { registered: true; gstin: string })
  | (TaxProfileFields & { registered: false; enrolmentNumber: string });

/** A whole new version of the tax profile, written by the seller. */
export type SellerTaxProfileEvent = { type: 'SellerTaxProfileSet'; data: Stamp & { profile: TaxProfile } };

/** Every event of a seller stream. */
export type SellerStreamEvent = SellerEvent | SellerProfileEvent | SellerTaxProfileEvent;
