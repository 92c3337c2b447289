import { describe, expect, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { fold } from '../decider.ts';
import { actors, given } from '../testing.ts';
import {
  nextChangeAfter,
  rateAt,
  rateE4At,
  REFERENCE_RATE_MESSAGES,
  type ReferenceRate,
  type ReferenceRateEvent,
  referenceRatesDecider,
  type SetReferenceRate,
} from './reference-rates.ts';

const AT = '2026-11-28T09:00:00.000Z';
const LATER = '2026-11-28T12:00:00.000Z';

const set = (change: Partial<SetReferenceRate> = {}, actor: Actor = actors.admin): SetReferenceRate => ({
  type: 'SetReferenceRate',
  actor,
  at: AT,
  currency: 'USD',
  rupeesPerUnit: '84.0729',
  source: 'RBI reference rate',
  ...change,
});

const rateSet = (data: Partial<ReferenceRate> = {}): ReferenceRateEvent => ({
  type: 'ReferenceRateSet',
  data: {
    currency: 'USD',
    rupeesPerUnit: '84.0729',
    effectiveFrom: AT,
    source: 'RBI reference rate',
    by: 'admin-1',
    at: AT,
    ...data,
  },
});

describe('recording a reference rate', () => {
  it('records the rate as exact decimal text with its source, in effect at once unless a later time is given', () => {
    given(referenceRatesDecider).when(set()).then([rateSet()]);
    given(referenceRatesDecider)
      .when(
        set({
          currency: 'EUR',
          rupeesPerUnit: ' 091.50 ',
          source: '  ECB via RBI  ',
          effectiveFrom: '2026-11-29T05:30:00+05:30',
        }),
      )
      .then([
        rateSet({
          currency: 'EUR',
          rupeesPerUnit: '91.5',
          source: 'ECB via RBI',
          effectiveFrom: '2026-11-29T00:00:00.000Z',
        }),
      ]);
  });

  it('is for admins only', () => {
    const refused = {
      code: 'forbidden',
      kind: 'forbidden',
      message: 'Only an admin can record reference rates',
    } as const;
    given(referenceRatesDecider).when(set({}, actors.buyer)).then(refused);
    given(referenceRatesDecider).when(set({}, actors.analyst)).then(refused);
  });

  it('refuses an unknown currency, a rate that is not a positive decimal of 4 places, no source, a bad or past time', () => {
    const refused = (field: string, message: string) => ({
      code: 'validation_failed',
      kind: 'invalid' as const,
      fields: { [field]: message },
    });
    given(referenceRatesDecider)
      .when(set({ currency: 'INR' }))
      .then(refused('currency', REFERENCE_RATE_MESSAGES.currency));
    for (const rupeesPerUnit of ['0', '84.07291', '-1', 'abc'])
      given(referenceRatesDecider)
        .when(set({ rupeesPerUnit }))
        .then(refused('rupeesPerUnit', REFERENCE_RATE_MESSAGES.rate));
    given(referenceRatesDecider)
      .when(set({ source: '  ' }))
      .then(refused('source', REFERENCE_RATE_MESSAGES.source));
    for (const effectiveFrom of ['tomorrow', '2026-11-29', '2026-11-29T10:00:00', '2026-13-01T00:00:00Z'])
      given(referenceRatesDecider)
        .when(set({ effectiveFrom }))
        .then(refused('effectiveFrom', REFERENCE_RATE_MESSAGES.effectiveFrom));
    given(referenceRatesDecider)
      .when(set({ effectiveFrom: '2026-11-28T08:59:59.999Z' }))
      .then(refused('effectiveFrom', REFERENCE_RATE_MESSAGES.past));
  });

  it('records nothing for the rate in effect from the same source, but a new figure or source, or one still to come, is recorded', () => {
    given(referenceRatesDecider, [rateSet()])
      .when(set({ at: LATER, rupeesPerUnit: '084.0729' }))
      .then([]);
    given(referenceRatesDecider, [rateSet()])
      .when(set({ at: LATER, rupeesPerUnit: '84.1' }))
      .then([rateSet({ rupeesPerUnit: '84.1', effectiveFrom: LATER, at: LATER })]);
    given(referenceRatesDecider, [rateSet()])
      .when(set({ at: LATER, source: 'RBI reference rate, 28 Nov' }))
      .then([rateSet({ source: 'RBI reference rate, 28 Nov', effectiveFrom: LATER, at: LATER })]);
    // Back to the rate in effect after another was recorded for later: recorded, so it replaces that one.
    const scheduled = rateSet({ rupeesPerUnit: '85', effectiveFrom: '2026-12-01T00:00:00.000Z' });
    given(referenceRatesDecider, [rateSet(), scheduled])
      .when(set({ effectiveFrom: '2026-12-01T00:00:00Z' }))
      .then([rateSet({ effectiveFrom: '2026-12-01T00:00:00.000Z' })]);
  });
});

describe('the rate in effect', () => {
  const history = [
    rateSet(),
    rateSet({ rupeesPerUnit: '85', effectiveFrom: '2026-12-01T00:00:00.000Z', at: LATER }),
    rateSet({ currency: 'GBP', rupeesPerUnit: '106.2', effectiveFrom: LATER, at: LATER }),
    // Recorded after the one above, for the same moment: it is the one in effect from then.
    rateSet({ currency: 'GBP', rupeesPerUnit: '106.25', effectiveFrom: LATER, at: LATER }),
  ];
  const rates = fold(referenceRatesDecider, history);

  it('is the latest to take effect by then, the last recorded of those from the same moment; none before the first', () => {
    expect(rateAt(rates, 'USD', '2026-11-28T08:59:59.999Z')).toBeUndefined();
    expect(rateAt(rates, 'USD', AT)?.rupeesPerUnit).toBe('84.0729');
    expect(rateAt(rates, 'USD', '2026-11-30T23:59:59.999Z')?.rupeesPerUnit).toBe('84.0729');
    expect(rateAt(rates, 'USD', '2026-12-01T00:00:00.000Z')?.rupeesPerUnit).toBe('85');
    expect(rateE4At(rates, 'GBP', LATER)).toBe(1_062_500n);
    expect(rateE4At(rates, 'EUR', LATER)).toBeUndefined();
  });

  it('changes next when a rate recorded already takes effect', () => {
    expect(nextChangeAfter(rates, AT)).toBe(LATER);
    expect(nextChangeAfter(rates, LATER)).toBe('2026-12-01T00:00:00.000Z');
    expect(nextChangeAfter(rates, '2026-12-01T00:00:00.000Z')).toBeNull();
  });
});
