/** A seller's storefront profile: written by the seller or an admin, on the seller stream beside the standing. */
import type { Actor } from '../../domain/actor.ts';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import { DomainError } from '../../domain/decider.ts';
import { type SellerProfile, sellerStream } from '../../domain/seller/events.ts';
import { storefrontDecider } from '../../domain/seller/profile.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandContext } from './context.ts';

/** The version the profile is at after the edit (unchanged when nothing changed), and the log position reached. */
export interface ProfileResult {
  id: string;
  version: number;
  position: number;
}

export const sellerNotFound = () => new ApiError(404, 'not_found', /*i18n*/ 'Seller not found');

const VERIFY_FIRST = 'Verify your e-mail address before editing your storefront';

/**
 * Writes a new version of the seller's profile. The account must hold the seller role; the
 * seller must have verified their address (the storefront is public, as their listings are);
 * the decider checks who may edit, the standing and the version.
 */
export async function updateSellerProfile(
  cx: CommandContext,
  actor: Actor,
  sellerId: string,
  input: { profile: SellerProfile; expectedVersion: number | null },
): Promise<ProfileResult> {
  const { state: account } = await cx.streams.load(accountStream(sellerId), accountDecider);
  if (!account?.roles.includes('seller')) throw sellerNotFound();
  if (actor.userId === sellerId && !account.verification.verified)
    throw new DomainError('email_unverified', VERIFY_FIRST, 'forbidden');
  const stream = sellerStream(sellerId);
  const command = { type: 'UpdateSellerProfile', actor, sellerId, ...input, at: cx.now() } as const;
  const { position } = await cx.streams.handle(stream, storefrontDecider, command, { actor: actor.userId });
  const { state } = await cx.streams.load(stream, storefrontDecider);
  return { id: sellerId, version: state.version, position };
}
