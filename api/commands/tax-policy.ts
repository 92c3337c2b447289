/** The tax policy as commands need it, read from the write side (the `tax-policy` stream). */
import type { Actor } from '../../domain/actor.ts';
import { type ProductTax, PRODUCT_TAX_MESSAGES } from '../../domain/tax/product-tax.ts';
import {
  categoryDefaultOn,
  notASlab,
  slabsOn,
  TAX_POLICY_STREAM,
  type TaxPolicy,
  type TaxPolicyCommand,
  taxPolicyDecider,
} from '../../domain/tax/policy.ts';
import { indianDate } from '../../domain/tax/rates.ts';
import { ApiError } from '../http/errors.ts';
import type { CommandContext } from './context.ts';

export const loadTaxPolicy = async (cx: CommandContext): Promise<TaxPolicy> =>
  (await cx.streams.load(TAX_POLICY_STREAM, taxPolicyDecider)).state;

const refused = (field: string, message: string) =>
  new ApiError(400, 'validation_failed', message, { [field]: message });

/**
 * A product's tax data as of today in India: the one given, else its category's defaults in
 * force; a 400 unless its rate is a GST slab in force today.
 */
export async function productTaxOf(
  cx: CommandContext,
  categoryId: string,
  given: ProductTax | undefined,
): Promise<ProductTax> {
  const policy = await loadTaxPolicy(cx);
  const today = indianDate(cx.now());
  const fallback = categoryDefaultOn(policy, categoryId, today);
  const tax = given ?? (fallback && { hsn: fallback.hsn, gstRateBps: fallback.gstRateBps });
  if (!tax) throw refused('tax', PRODUCT_TAX_MESSAGES.noDefault);
  const slabs = slabsOn(policy, today);
  if (!slabs.includes(tax.gstRateBps)) throw refused('tax.gstRateBps', notASlab(tax.gstRateBps, slabs, today));
  return tax;
}

/** A command as a route gives it: the session's admin and the clock are added here. */
export type TaxPolicyChange = TaxPolicyCommand extends infer C
  ? C extends unknown
    ? Omit<C, 'actor' | 'at'>
    : never
  : never;

/** An admin changes the tax policy; answers the log position reached. */
export async function setTaxPolicy(
  cx: CommandContext,
  actor: Actor,
  change: TaxPolicyChange,
): Promise<{ position: number }> {
  const command = { ...change, actor, at: cx.now() } as TaxPolicyCommand;
  const { position } = await cx.streams.handle(TAX_POLICY_STREAM, taxPolicyDecider, command, { actor: actor.userId });
  return { position };
}
