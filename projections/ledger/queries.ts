/** Reads of the ledger read model: balances, entries, statements and category policies. */
import {
  type CategoryPolicy,
  type PolicyDefaults,
  commissionOf,
  defaultReturnable,
  returnableOf,
} from '../../domain/catalog/policy.ts';
import { NO_TOTALS } from '../../domain/ledger/entries.ts';
import { type Statement, statementOf } from '../../domain/ledger/statement.ts';
import { gstr8, sellerTaxReport } from '../../domain/tcs/returns.ts';
import { type Page, type Paging, findPage } from '../../platform/readstore/paging.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { fullNames } from '../users/queries.ts';
import type {
  CategoryPolicies,
  CategoryPolicyDoc,
  Gstr8,
  LedgerEntryDoc,
  ReturnPolicy,
  SellerBalance,
  SellerBalanceDoc,
  SellerTaxReportView,
  TcsRecordDoc,
  SellerLedger,
} from './documents.ts';
import { CATEGORY_POLICIES, LEDGER_ENTRIES, SELLER_BALANCES, TCS_RECORDS } from './projection.ts';

const entries = (read: ReadStore) => read.collection<LedgerEntryDoc>(LEDGER_ENTRIES);
const balances = (read: ReadStore) => read.collection<SellerBalanceDoc>(SELLER_BALANCES);
const policies = (read: ReadStore) => read.collection<CategoryPolicyDoc>(CATEGORY_POLICIES);

const balanceOf = ({
  id,
  sellerName,
  salesPaise,
  commissionPaise,
  earnedPaise,
  tcsPaise,
  paidPaise,
  transferredPaise,
  balancePaise,
  heldPaise,
  updatedAt,
}: SellerBalanceDoc): SellerBalance => ({
  sellerId: id,
  sellerName,
  salesPaise,
  commissionPaise,
  earnedPaise,
  tcsPaise,
  paidPaise,
  transferredPaise,
  balancePaise,
  heldPaise,
  updatedAt,
});

/** The seller's balance; all zeros, under `sellerName`, while they have no entry. */
async function sellerBalance(read: ReadStore, sellerId: string, sellerName: string): Promise<SellerBalance> {
  const doc = await balances(read).get(sellerId);
  return doc ? balanceOf(doc) : { sellerId, sellerName, ...NO_TOTALS, heldPaise: 0, updatedAt: null };
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

/**
 * Any seller's ledger, as the admins read it: before their first entry, the balance is named by
 * the user's full name; null when there is no such user (a ledger of nobody is not found, not empty).
 */
export async function ledgerOfSeller(read: ReadStore, sellerId: string, paging: Paging): Promise<SellerLedger | null> {
  const ledger = await sellerLedger(read, sellerId, '', paging);
  if (ledger.balance.updatedAt !== null) return ledger;
  // No entry yet: a seller who has sold nothing, or nobody at all.
  const name = (await fullNames(read, [sellerId])).get(sellerId);
  return name === undefined ? null : { ...ledger, balance: { ...ledger.balance, sellerName: name } };
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
export async function returnPolicy(read: ReadStore, windowDays: number): Promise<ReturnPolicy> {
  const docs = await policies(read).find({ sort: [['name', 'asc']] });
  return {
    windowDays,
    categories: docs.map((doc) => ({ id: doc.id, name: doc.name, returnable: returnableOf(doc.id, policyOf(doc)) })),
  };
}

const tcsRecords = (read: ReadStore) => read.collection<TcsRecordDoc>(TCS_RECORDS);

/** GSTR-8 of `month` (YYYY-MM): every supplier's documents of the month. */
export async function gstr8Of(read: ReadStore, month: string): Promise<Gstr8> {
  return { month, lines: gstr8(await tcsRecords(read).find({ where: { month } })) };
}

/** A seller's tax report of `month` (YYYY-MM). */
export async function sellerTaxReportOf(
  read: ReadStore,
  sellerId: string,
  month: string,
): Promise<SellerTaxReportView> {
  return { month, ...sellerTaxReport(await tcsRecords(read).find({ where: { sellerId, month } })) };
}
