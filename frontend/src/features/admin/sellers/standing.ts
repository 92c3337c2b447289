import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { SellerStatus } from '../../../../../domain/seller/decider.ts';
import { sellerReasonSchema, verifySellerSchema } from '../../../../../domain/seller/schemas.ts';
import type { AdminSeller } from '../types.ts';

export const SELLER_STATUS_LABELS: Record<SellerStatus, MessageDescriptor> = {
  unverified: msg`Awaiting verification`,
  verified: msg`Verified`,
  suspended: msg`Suspended`,
};

/** Verify, suspend and reinstate: what each says and asks (the schema decides whether a reason is required). */
export const STANDING_ACTIONS = {
  verify: {
    button: msg`Verify`,
    effect: msg`Their products will show the Verified Seller badge.`,
    label: msg`Note (optional)`,
    schema: verifySellerSchema,
    confirmLabel: msg`Verify seller`,
    busyLabel: msg`Verifying...`,
    destructive: false,
    done: msg`Seller verified`,
    outcome: (name: string) => msg`${name} now shows the Verified Seller badge.`,
    failed: msg`Error verifying seller`,
  },
  suspend: {
    button: msg`Suspend`,
    effect: msg`Their products leave the catalog and they cannot list new ones until reinstated.`,
    label: msg`Reason for suspending`,
    schema: sellerReasonSchema,
    confirmLabel: msg`Suspend seller`,
    busyLabel: msg`Suspending...`,
    destructive: true,
    done: msg`Seller suspended`,
    outcome: (name: string) => msg`${name}'s products are out of the catalog.`,
    failed: msg`Error suspending seller`,
  },
  reinstate: {
    button: msg`Reinstate`,
    effect: msg`Their products return to the catalog and they can list new ones.`,
    label: msg`Reason for reinstating`,
    schema: sellerReasonSchema,
    confirmLabel: msg`Reinstate seller`,
    busyLabel: msg`Reinstating...`,
    destructive: false,
    done: msg`Seller reinstated`,
    outcome: (name: string) => msg`${name}'s products are back in the catalog.`,
    failed: msg`Error reinstating seller`,
  },
} as const;

export type StandingAction = keyof typeof STANDING_ACTIONS;

/** What a seller's standing allows (domain/seller/decider.ts): a suspended seller is reinstated before anything else. */
export function actionsFor({ verified, suspended }: AdminSeller): StandingAction[] {
  if (suspended) return ['reinstate'];
  return verified ? ['suspend'] : ['verify', 'suspend'];
}
