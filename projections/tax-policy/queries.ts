/** Reads of the tax policy read model: before any change, the initial policy. */
import {
  categoryDefaultOn,
  SERVICES,
  serviceRateOn,
  slabsOn,
  type TaxPolicy,
  taxPolicyDecider,
  tcsRateOn,
} from '../../domain/tax/policy.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { categoriesByName } from '../categories/queries.ts';
import type { TaxPolicyDoc, TaxPolicyView, TaxRates } from './documents.ts';
import { TAX_POLICY, TAX_POLICY_ID } from './projection.ts';

async function policyOf(read: ReadStore): Promise<TaxPolicy> {
  const doc = await read.collection<TaxPolicyDoc>(TAX_POLICY).get(TAX_POLICY_ID);
  if (!doc) return taxPolicyDecider.initialState;
  const { id: _, ...policy } = doc;
  return policy;
}

const ratesOn = (policy: TaxPolicy, categoryIds: readonly string[], date: string): TaxRates => ({
  date,
  gstSlabsBps: slabsOn(policy, date),
  tcsRateBps: tcsRateOn(policy, date) ?? null,
  categoryDefaults: categoryIds.flatMap((categoryId) => {
    const entry = categoryDefaultOn(policy, categoryId, date);
    return entry ? [{ categoryId, hsn: entry.hsn, gstRateBps: entry.gstRateBps }] : [];
  }),
});

/** The rates in force on `date` (a day in India), with each category's defaults. */
export async function taxRatesOn(read: ReadStore, date: string): Promise<TaxRates> {
  const [policy, categories] = await Promise.all([policyOf(read), categoriesByName(read)]);
  return ratesOn(
    policy,
    categories.map((c) => c.id),
    date,
  );
}

/** Every history, categories by name, and what is in force `today`. */
export async function taxPolicyView(read: ReadStore, today: string): Promise<TaxPolicyView> {
  const [policy, categories] = await Promise.all([policyOf(read), categoriesByName(read)]);
  return {
    today,
    gstSlabs: policy.gstSlabs,
    tcsRate: policy.tcsRate,
    categories: categories.map(({ id, name }) => ({ id, name, history: policy.categoryDefaults[id] ?? [] })),
    services: SERVICES.map((service) => ({
      service,
      inForce: serviceRateOn(policy, service, today) ?? null,
      history: policy.serviceRates[service],
    })),
    inForce: ratesOn(
      policy,
      categories.map((c) => c.id),
      today,
    ),
  };
}
