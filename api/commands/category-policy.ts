/** Category policies as commands need them, read from the write side (the category streams). */
import { categoryStream } from '../../domain/catalog/events.ts';
import {
  type CategoryPolicyCommand,
  type PolicyDefaults,
  categoryPolicyDecider,
  commissionOf,
  returnableOf,
} from '../../domain/catalog/policy.ts';
import type { Actor } from '../../domain/actor.ts';
import type { CommissionRates, ReturnPolicy } from '../../domain/order/decider.ts';
import type { CommandContext } from './context.ts';

const policyOf = async (cx: CommandContext, categoryId: string) =>
  (await cx.streams.load(categoryStream(categoryId), categoryPolicyDecider)).state;

/** The commission now charged on each of `categoryIds`. */
export async function commissionRates(
  cx: CommandContext,
  categoryIds: Iterable<string>,
  defaults: PolicyDefaults,
): Promise<CommissionRates> {
  const ids = [...new Set(categoryIds)];
  const rates = await Promise.all(ids.map(async (id) => commissionOf(await policyOf(cx, id), defaults.commissionBps)));
  return Object.fromEntries(ids.map((id, i) => [id, rates[i]!]));
}

/** The return window, and whether each of `categoryIds` takes returns now. */
export async function returnPolicy(
  cx: CommandContext,
  categoryIds: Iterable<string>,
  defaults: PolicyDefaults,
): Promise<ReturnPolicy> {
  const ids = [...new Set(categoryIds)];
  const returnable = await Promise.all(ids.map(async (id) => returnableOf(id, await policyOf(cx, id))));
  return {
    windowDays: defaults.returnWindowDays,
    returnable: Object.fromEntries(ids.map((id, i) => [id, returnable[i]!])),
  };
}

type PolicyChange =
  | Omit<Extract<CategoryPolicyCommand, { type: 'SetCommission' }>, 'actor' | 'at' | 'type'>
  | Omit<Extract<CategoryPolicyCommand, { type: 'SetReturns' }>, 'actor' | 'at' | 'type'>;

/** An admin sets a category's commission or return policy; answers the log position reached. */
export async function setCategoryPolicy(
  cx: CommandContext,
  actor: Actor,
  categoryId: string,
  change: PolicyChange,
): Promise<{ position: number }> {
  const at = cx.now();
  const command: CategoryPolicyCommand =
    'rateBps' in change
      ? { type: 'SetCommission', actor, at, ...change }
      : { type: 'SetReturns', actor, at, ...change };
  const { position } = await cx.streams.handle(categoryStream(categoryId), categoryPolicyDecider, command, {
    actor: actor.userId,
  });
  return { position };
}
