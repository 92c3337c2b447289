/** The reference rates read model: the `reference-rates` stream folded by the domain's own evolve, in one document. */
import { type ReferenceRateEvent, referenceRatesDecider } from '../../domain/currency/reference-rates.ts';
import type { RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import type { UnitOfWork } from '../../platform/readstore/port.ts';
import type { ReferenceRatesDoc } from './documents.ts';

export const REFERENCE_RATES = 'reference_rates';
export const REFERENCE_RATES_ID = 'rates';

export const referenceRates: Projection = {
  name: 'reference-rates',
  version: 1,
  collections: [{ name: REFERENCE_RATES }],
  eventTypes: new Set<ReferenceRateEvent['type']>(['ReferenceRateSet']),

  async apply(recorded: RecordedEvent, work: UnitOfWork): Promise<void> {
    const { id: _, ...rates } = (await work.get<ReferenceRatesDoc>(REFERENCE_RATES, REFERENCE_RATES_ID)) ?? {
      id: REFERENCE_RATES_ID,
      ...referenceRatesDecider.initialState,
    };
    const event = { type: recorded.type, data: recorded.data } as ReferenceRateEvent;
    work.put<ReferenceRatesDoc>(REFERENCE_RATES, {
      id: REFERENCE_RATES_ID,
      ...referenceRatesDecider.evolve(rates, event),
    });
  },
};
