/** Reads of the ledger read model (projections/ledger.ts): balances, entries, statements and category policies. */
import { type CategoryPolicy, commissionOf, defaultReturnable, returnableOf } from '../../domain/catalog/policy.ts';
import { type LedgerTotals, NO_TOTALS } from '../../domain/ledger/entries.ts';
import { type Statement, statementOf } from '../../domain/ledger/statement.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import {
  CATEGORY_POLICIES,
  type CategoryPolicyDoc,
  LEDGER_ENTRIES,
  type LedgerEntryDoc,
  type PolicyChange,
  SELLER_BALANCES,
  type SellerBalanceDoc,
} from '../../projections/ledger.ts';
import { type Page, type Paging, findPage } from '../../platform/readstore/paging.ts';
import { fullNames } from '../../projections/users/queries.ts';

const entries = (read: ReadStore) => read.collection<LedgerEntryDoc>(LEDGER_ENTRIES);
const balances = (read: ReadStore) => read.collection<SellerBalanceDoc>(SELLER_BALANCES);
const policies = (read: ReadStore) => read.collection<CategoryPolicyDoc>(CATEGORY_POLICIES);

/** What a seller is owed and how it came about; `updatedAt` is null before their first entry. */
export interface SellerBalance extends LedgerTotals {
  sellerId: string;
  sellerName: string;
  updatedAt: string | null;
}

export interface SellerLedger {
  balance: SellerBalance;
  /** Newest first. */
  entries: Page<LedgerEntryDoc>;
}

const balanceOf = ({
  id,
  sellerName,
  salesPaise,
  commissionPaise,
  earnedPaise,
  paidPaise,
  balancePaise,
  updatedAt,
}: SellerBalanceDoc): SellerBalance => ({
  sellerId: id,
  sellerName,
  salesPaise,
  commissionPaise,
  earnedPaise,
  paidPaise,
  balancePaise,
  updatedAt,
});

/** The seller's balance; all zeros, under `sellerName`, while they have no entry. */
export async function sellerBalance(read: ReadStore, sellerId: string, sellerName: string): Promise<SellerBalance> {
  const doc = await balances(read).get(sellerId);
  return doc ? balanceOf(doc) : { sellerId, sellerName, ...NO_TOTALS, updatedAt: null };
}

/** The seller's balance and a page of their entries, newest first. */
export async function sellerLedger(
  read: ReadStore,
  sellerId: string,
  sellerName: string,
  paging: Paging,
): Promise<SellerLedger> {
  const [balance, page] = await Promise.all([
    sellerBalance(read, sellerId, sellerName),
    // An entry's position breaks ties of time: two events of one millisecond stay in log order.
    findPage(
      entries(read),
      {
        where: { sellerId },
        sort: [
          ['at', 'desc'],
          ['position', 'desc'],
        ],
      },
      paging,
    ),
  ]);
  return { balance, entries: page };
}

/**
 * The seller's statement of `from`..`to` (UTC days, both included). The store filters by
 * equality only, so the seller's entries are read whole: the opening balance needs those before the range anyway.
 */
export async function sellerStatement(read: ReadStore, sellerId: string, from: string, to: string): Promise<Statement> {
  const ledger = await entries(read).find({
    where: { sellerId },
    sort: [
      ['at', 'asc'],
      ['position', 'asc'],
    ],
  });
  return statementOf(ledger, from, to);
}

/** A page of the sellers with a ledger, the largest balance due first. */
export async function balancesDue(read: ReadStore, paging: Paging): Promise<Page<SellerBalance>> {
  const page = await findPage(balances(read), { sort: [['balancePaise', 'desc']] }, paging);
  return { items: page.items.map(balanceOf), total: page.total };
}

/** The user's full name; null when there is no such user (a ledger of nobody is a 404, not an empty ledger). */
export async function userName(read: ReadStore, userId: string): Promise<string | null> {
  return (await fullNames(read, [userId])).get(userId) ?? null;
}

export type PolicyHistoryItem = PolicyChange & { byName: string | null };

/** A category's policies as the admins see them: what is set, what applies, and every change. */
export interface CategoryPolicyView {
  id: string;
  name: string;
  /** Null: the default rate applies. */
  commissionBps: number | null;
  effectiveCommissionBps: number;
  /** Null: the category's default applies. */
  returnable: boolean | null;
  defaultReturnable: boolean;
  effectiveReturnable: boolean;
  /** Newest first. */
  history: PolicyHistoryItem[];
}

export interface CategoryPolicies {
  defaultCommissionBps: number;
  returnWindowDays: number;
  items: CategoryPolicyView[];
}

export interface PolicyDefaults {
  commissionBps: number;
  returnWindowDays: number;
}

const policyOf = ({ id, commissionBps, returnable }: CategoryPolicyDoc): CategoryPolicy => ({
  categoryId: id,
  commissionBps,
  returnable,
});

/** Every category by name with its policies; the admins who changed them are named. */
export async function categoryPolicies(read: ReadStore, defaults: PolicyDefaults): Promise<CategoryPolicies> {
  const docs = await policies(read).find({ sort: [['name', 'asc']] });
  const names = await fullNames(read, [...new Set(docs.flatMap((doc) => doc.history.map((change) => change.by)))]);
  const items = docs.map((doc) => ({
    id: doc.id,
    name: doc.name,
    commissionBps: doc.commissionBps,
    effectiveCommissionBps: commissionOf(policyOf(doc), defaults.commissionBps),
    returnable: doc.returnable,
    defaultReturnable: defaultReturnable(doc.id),
    effectiveReturnable: returnableOf(doc.id, policyOf(doc)),
    history: doc.history.map((change) => ({ ...change, byName: names.get(change.by) ?? null })).reverse(),
  }));
  return { defaultCommissionBps: defaults.commissionBps, returnWindowDays: defaults.returnWindowDays, items };
}

/** The return policy the /returns page states: the window, and which categories take returns. */
export interface ReturnPolicy {
  windowDays: number;
  categories: Array<{ id: string; name: string; returnable: boolean }>;
}

export async function returnPolicy(read: ReadStore, windowDays: number): Promise<ReturnPolicy> {
  const docs = await policies(read).find({ sort: [['name', 'asc']] });
  return {
    windowDays,
    categories: docs.map((doc) => ({ id: doc.id, name: doc.name, returnable: returnableOf(doc.id, policyOf(doc)) })),
  };
}
