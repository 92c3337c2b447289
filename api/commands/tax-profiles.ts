/** A seller's tax profile (issue 25), on the seller stream, and the rule it puts on checkout. */
import type { Actor } from '../../domain/actor.ts';
import { accountDecider } from '../../domain/account/decider.ts';
import { accountStream } from '../../domain/account/events.ts';
import { DomainError } from '../../domain/decider.ts';
import type { CheckoutLine } from '../../domain/order/decider.ts';
import { type TaxProfile, sellerStream } from '../../domain/seller/events.ts';
import { interStateRefusal, taxProfileDecider } from '../../domain/seller/tax-profile.ts';
import type { CommandContext } from './context.ts';
import { sellerNotFound } from './storefronts.ts';

/** The version the tax profile is at after the request (unchanged when nothing changed), and the log position reached. */
export interface TaxProfileResult {
  id: string;
  version: number;
  position: number;
}

/** Writes a new version of the seller's tax profile; the account must hold the seller role, the decider checks who writes. */
export async function setTaxProfile(
  cx: CommandContext,
  actor: Actor,
  sellerId: string,
  profile: TaxProfile,
): Promise<TaxProfileResult> {
  const { state: account } = await cx.streams.load(accountStream(sellerId), accountDecider);
  if (!account?.roles.includes('seller')) throw sellerNotFound();
  const stream = sellerStream(sellerId);
  const command = { type: 'SetTaxProfile', actor, sellerId, profile, at: cx.now() } as const;
  const { position } = await cx.streams.handle(stream, taxProfileDecider, command, { actor: actor.userId });
  const { state } = await cx.streams.load(stream, taxProfileDecider);
  return { id: sellerId, version: state.version, position };
}

/**
 * Refuses an order with a line an unregistered seller would ship out of its state (the first such
 * line, by name), reading each seller's profile from the write side as the rest of checkout does.
 */
export async function assertIntraStateSupplies(
  cx: CommandContext,
  lines: readonly CheckoutLine[],
  shipTo: string,
): Promise<void> {
  const profiles = new Map<string, Promise<TaxProfile | null>>();
  const profileOf = (sellerId: string) => {
    let profile = profiles.get(sellerId);
    if (!profile) {
      profile = cx.streams.load(sellerStream(sellerId), taxProfileDecider).then(({ state }) => state.profile);
      profiles.set(sellerId, profile);
    }
    return profile;
  };
  for (const { product } of lines) {
    const refusal = interStateRefusal(await profileOf(product.sellerId), product.name, shipTo);
    if (refusal) throw new DomainError('unregistered_inter_state', refusal, 'rule_broken');
  }
}
