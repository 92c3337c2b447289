/** The tax policy read model: the `tax-policy` stream folded by the domain's own evolve, in one document. */
import { type TaxPolicyEvent, taxPolicyDecider } from '../../domain/tax/policy.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { TaxPolicyDoc } from './documents.ts';

export const TAX_POLICY = 'tax_policy';
export const TAX_POLICY_ID = 'policy';

export const taxPolicy: Projection = {
  name: 'tax-policy',
  version: 2,
  collections: [{ name: TAX_POLICY }],
  eventTypes: new Set<TaxPolicyEvent['type']>(['GstRateSet', 'TcsRateSet', 'CategoryTaxDefaultSet', 'ServiceRateSet']),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const { id: _, ...policy } = (await work.get<TaxPolicyDoc>(TAX_POLICY, TAX_POLICY_ID)) ?? {
      id: TAX_POLICY_ID,
      ...taxPolicyDecider.initialState,
    };
    const event = { type: recorded.type, data: recorded.data } as TaxPolicyEvent;
    work.put<TaxPolicyDoc>(TAX_POLICY, { id: TAX_POLICY_ID, ...taxPolicyDecider.evolve(policy, event) });
  },
};
