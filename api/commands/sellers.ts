/** The admins' decisions on a seller: verify, suspend and reinstate, on the seller's standing stream. */
import type { Actor } from '../../domain/actor.ts';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import {
  type SellerStatus,
  type StandingChange,
  assertMaySell,
  sellerDecider,
  sellerStatus,
} from '../../domain/seller/decider.ts';
import { sellerStream } from '../../domain/seller/events.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandContext } from './context.ts';

/** The seller's standing right after a decision, and the log position reached. */
export interface StandingResult {
  id: string;
  status: SellerStatus;
  position: number;
}

/** Refuses (403 `seller_suspended`) a change to what `actor` sells while they are suspended; an admin's standing is never suspended. */
export async function assertActorMaySell(cx: CommandContext, actor: Actor): Promise<void> {
  assertMaySell((await cx.streams.load(sellerStream(actor.userId), sellerDecider)).state);
}

const sellerNotFound = () => new ApiError(404, 'not_found', /*i18n*/ 'Seller not found');

/** Runs a standing command on a seller (an account holding the seller role, on the write side); the decider checks the actor is an admin. */
async function decideStanding(
  cx: CommandContext,
  actor: Actor,
  sellerId: string,
  change: StandingChange,
): Promise<StandingResult> {
  const { state: account } = await cx.streams.load(accountStream(sellerId), accountDecider);
  if (!account?.roles.includes('seller')) throw sellerNotFound();
  const stream = sellerStream(sellerId);
  const command = { ...change, actor, sellerId, at: cx.now() };
  const { position } = await cx.streams.handle(stream, sellerDecider, command, { actor: actor.userId });
  const { state } = await cx.streams.load(stream, sellerDecider);
  return { id: sellerId, status: sellerStatus(state), position };
}

/** Their products show the verified badge. */
export const verifySeller = (
  cx: CommandContext,
  actor: Actor,
  sellerId: string,
  reason: string | null,
): Promise<StandingResult> => decideStanding(cx, actor, sellerId, { type: 'VerifySeller', reason });

/** Their products leave the catalog and they cannot list new ones. */
export const suspendSeller = (
  cx: CommandContext,
  actor: Actor,
  sellerId: string,
  reason: string,
): Promise<StandingResult> => decideStanding(cx, actor, sellerId, { type: 'SuspendSeller', reason });

/** Their products return to the catalog, with the verification they had. */
export const reinstateSeller = (
  cx: CommandContext,
  actor: Actor,
  sellerId: string,
  reason: string,
): Promise<StandingResult> => decideStanding(cx, actor, sellerId, { type: 'ReinstateSeller', reason });
