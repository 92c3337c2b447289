/**
 * What the marketplace applies to a category's sales: the commission it keeps and whether
 * delivered items may be returned. Each is a default until an admin sets it, with a reason.
 */
import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import { CATEGORIES } from './categories.ts';
import type { CategoryEvent } from './events.ts';

export interface CategoryPolicy {
  categoryId: string;
  /** Null: the configured default rate. */
  commissionBps: number | null;
  /** Null: the category's default (CATEGORIES), returnable for categories without one. */
  returnable: boolean | null;
}

export type CategoryPolicyState = CategoryPolicy | null;

export type CategoryPolicyCommand =
  | { type: 'SetCommission'; actor: Actor; rateBps: number | null; reason: string; at: string }
  | { type: 'SetReturns'; actor: Actor; returnable: boolean; reason: string; at: string };

/** The marketplace's defaults, from the configuration: the commission rate and the return window. */
export interface PolicyDefaults {
  commissionBps: number;
  returnWindowDays: number;
}

/** The highest commission: all of a sale (10000 basis points). */
export const MAX_COMMISSION_BPS = 10_000;

export const defaultReturnable = (categoryId: string): boolean =>
  (CATEGORIES as readonly { id: string; returnable: boolean }[]).find((c) => c.id === categoryId)?.returnable ?? true;

/** The rate a category's sales are charged now. */
export const commissionOf = (policy: CategoryPolicyState, defaultBps: number): number =>
  policy?.commissionBps ?? defaultBps;

export const returnableOf = (categoryId: string, policy: CategoryPolicyState): boolean =>
  policy?.returnable ?? defaultReturnable(categoryId);

export const categoryPolicyDecider: Decider<CategoryPolicyCommand, CategoryPolicyState, CategoryEvent> = {
  initialState: null,

  evolve(state, event) {
    switch (event.type) {
      case 'CategoryCreated':
        return { categoryId: event.data.categoryId, commissionBps: null, returnable: null };
      case 'CategoryCommissionSet':
        return state && { ...state, commissionBps: event.data.rateBps };
      case 'CategoryReturnsSet':
        return state && { ...state, returnable: event.data.returnable };
    }
  },

  decide(command, state) {
    if (!isAdmin(command.actor)) throw forbidden(/*i18n*/ 'Only an admin can change the policies of a category');
    if (state === null) throw new DomainError('not_found', /*i18n*/ 'Category not found', 'not_found');
    const { categoryId } = state;
    const stamp = { categoryId, reason: command.reason, by: command.actor.userId, at: command.at };
    if (command.type === 'SetCommission') {
      if (command.rateBps === state.commissionBps) return [];
      return [{ type: 'CategoryCommissionSet', data: { ...stamp, rateBps: command.rateBps } }];
    }
    if (command.returnable === state.returnable) return [];
    return [{ type: 'CategoryReturnsSet', data: { ...stamp, returnable: command.returnable } }];
  },
};
