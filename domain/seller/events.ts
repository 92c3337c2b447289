/**
 * A seller's standing with the admins, on its own stream `seller-{userId}` rather than the
 * account stream: the account is folded for every signed-in request and its decider knows
 * nothing of verification, so standing is kept apart, and the seller stream is the whole
 * record of what admins decided about the seller and why. The storefront profile the seller
 * writes is on the same stream, so its every version stays in the record beside the standing.
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

/** Every event of a seller stream. */
export type SellerStreamEvent = SellerEvent | SellerProfileEvent;
