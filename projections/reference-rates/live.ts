/** The reference rates' live event: to everyone, so open pages convert at a new rate without a reload. */
import { type LiveChange, liveEvent, liveSlice } from '../live.ts';
import type { ReferenceRatesDoc } from './documents.ts';
import { REFERENCE_RATES } from './projection.ts';

// Which rate is in effect depends on the time of asking, which a projection has no clock for: the SPA asks again.
export const referenceRatesLive = liveSlice({
  collection: REFERENCE_RATES,
  events: {
    'reference-rates.changed': liveEvent<{ id: string }>(
      null,
      '`{ id }`: a rate was recorded; GET /api/reference-rates gives the rates in effect',
    ),
  },
  messages: ({ id }: LiveChange<ReferenceRatesDoc>) => [
    { event: 'reference-rates.changed', data: { id }, audience: null },
  ],
});
