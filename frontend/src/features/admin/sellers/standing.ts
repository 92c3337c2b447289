import type { SellerStatus } from '../../../../../domain/seller/decider.ts';
import { sellerReasonSchema, verifySellerSchema } from '../../../../../domain/seller/schemas.ts';
import type { AdminSeller } from '../types.ts';

export const SELLER_STATUS_LABELS: Record<SellerStatus, string> = {
  unverified: 'Awaiting verification',
  verified: 'Verified',
  suspended: 'Suspended',
};

/** Verify, suspend and reinstate: what each says and asks (the schema decides whether a reason is required). */
export const STANDING_ACTIONS = {
  verify: {
    button: 'Verify',
    effect: 'Their products will show the Verified Seller badge.',
    label: 'Note (optional)',
    schema: verifySellerSchema,
    confirmLabel: 'Verify seller',
    busyLabel: 'Verifying...',
    destructive: false,
    done: 'Seller verified',
    outcome: (name: string) => `${name} now shows the Verified Seller badge.`,
    failed: 'Error verifying seller',
  },
  suspend: {
    button: 'Suspend',
    effect: 'Their products leave the catalog and they cannot list new ones until reinstated.',
    label: 'Reason for suspending',
    schema: sellerReasonSchema,
    confirmLabel: 'Suspend seller',
    busyLabel: 'Suspending...',
    destructive: true,
    done: 'Seller suspended',
    outcome: (name: string) => `${name}'s products are out of the catalog.`,
    failed: 'Error suspending seller',
  },
  reinstate: {
    button: 'Reinstate',
    effect: 'Their products return to the catalog and they can list new ones.',
    label: 'Reason for reinstating',
    schema: sellerReasonSchema,
    confirmLabel: 'Reinstate seller',
    busyLabel: 'Reinstating...',
    destructive: false,
    done: 'Seller reinstated',
    outcome: (name: string) => `${name}'s products are back in the catalog.`,
    failed: 'Error reinstating seller',
  },
} as const;

export type StandingAction = keyof typeof STANDING_ACTIONS;

/** What a seller's standing allows (domain/seller/decider.ts): a suspended seller is reinstated before anything else. */
export function actionsFor({ verified, suspended }: AdminSeller): StandingAction[] {
  if (suspended) return ['reinstate'];
  return verified ? ['suspend'] : ['verify', 'suspend'];
}
