/**
 * The reference rates buyers' approximate prices are converted at, one stream
 * (`reference-rates`): for each foreign currency, every rate an admin recorded, with its source
 * and the instant it takes effect. A rate is data, never a constant, and never fetched from
 * outside while answering: an admin copies it from its source (the RBI's reference rate, say).
 * A rate takes effect now or later, never earlier, so an order keeps the rate of its moment.
 */
import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { type Decider, DomainError } from '../decider.ts';
import { rateOn } from '../tax/rates.ts';
import { canonicalRate, parseRate, type RateE4 } from './convert.ts';
import { FOREIGN_CURRENCIES, type ForeignCurrency, isForeignCurrency } from './currencies.ts';
import { english } from '../i18n/message.ts';

export const REFERENCE_RATES_STREAM = 'reference-rates';

/** One recorded rate: rupees per unit of its currency (canonicalRate's text) from `effectiveFrom` (an ISO-8601 UTC instant) on. */
export interface ReferenceRate {
  currency: ForeignCurrency;
  rupeesPerUnit: string;
  effectiveFrom: string;
  source: string;
  /** The admin who recorded it, and when. */
  by: string;
  at: string;
}

export type ReferenceRateEvent = { type: 'ReferenceRateSet'; data: ReferenceRate };

/** Each currency's rates in the order recorded. */
export type ReferenceRates = Record<ForeignCurrency, ReferenceRate[]>;

export type SetReferenceRate = {
  type: 'SetReferenceRate';
  actor: Actor;
  at: string;
  currency: string;
  rupeesPerUnit: string;
  source: string;
  /** When it takes effect; `at` (at once) when not given. */
  effectiveFrom?: string;
};

export const REFERENCE_RATE_MESSAGES = {
  currency: english(/*i18n*/ 'Currency must be one of {choices}', { choices: FOREIGN_CURRENCIES.join(', ') }),
  rate: /*i18n*/ 'Rate must be rupees per unit, more than 0, with at most 4 decimals (like 84.0729)',
  source: /*i18n*/ 'A source is required (where the rate comes from, like RBI reference rate)',
  effectiveFrom: /*i18n*/ 'Takes effect must be a time like 2026-12-01T00:00:00Z',
  past: /*i18n*/ 'A rate cannot take effect before now: leave the time out for now, or pick a later time',
} as const;

export const NO_REFERENCE_RATES: ReferenceRates = { USD: [], EUR: [], GBP: [], AED: [], SGD: [] };

const invalid = (field: string, message: string): DomainError =>
  new DomainError('validation_failed', message, 'invalid', { [field]: message });

/** An ISO-8601 time with its offset (Z or ±hh:mm), as one UTC form (so instants compare as text); null otherwise. */
function instantOf(text: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(text)) return null;
  const time = Date.parse(text);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

/** The rate of `currency` in effect at `at` (an ISO-8601 UTC instant): the latest to take effect by then. */
export const rateAt = (rates: ReferenceRates, currency: ForeignCurrency, at: string): ReferenceRate | undefined =>
  rateOn(rates[currency], at);

/** The same, as the number conversion takes (convert.ts). */
export const rateE4At = (rates: ReferenceRates, currency: ForeignCurrency, at: string): RateE4 | undefined => {
  const rate = rateAt(rates, currency, at);
  return rate && (parseRate(rate.rupeesPerUnit) ?? undefined);
};

/** The first time after `at` at which a rate recorded already takes effect (null for none): until then the rates in effect stay. */
export const nextChangeAfter = (rates: ReferenceRates, at: string): string | null =>
  Object.values(rates)
    .flat()
    .map((rate) => rate.effectiveFrom)
    .filter((from) => from > at)
    .sort()[0] ?? null;

export const referenceRatesDecider: Decider<SetReferenceRate, ReferenceRates, ReferenceRateEvent> = {
  initialState: NO_REFERENCE_RATES,

  evolve: (state, { data }) => ({ ...state, [data.currency]: [...state[data.currency], data] }),

  decide(command, state) {
    if (!isAdmin(command.actor)) throw forbidden(/*i18n*/ 'Only an admin can record reference rates');
    const { currency, at } = command;
    if (!isForeignCurrency(currency)) throw invalid('currency', REFERENCE_RATE_MESSAGES.currency);
    const rate = parseRate(command.rupeesPerUnit);
    if (rate === null) throw invalid('rupeesPerUnit', REFERENCE_RATE_MESSAGES.rate);
    const source = command.source.trim();
    if (source === '') throw invalid('source', REFERENCE_RATE_MESSAGES.source);
    const effectiveFrom = command.effectiveFrom === undefined ? at : instantOf(command.effectiveFrom);
    if (effectiveFrom === null) throw invalid('effectiveFrom', REFERENCE_RATE_MESSAGES.effectiveFrom);
    if (effectiveFrom < at) throw invalid('effectiveFrom', REFERENCE_RATE_MESSAGES.past);
    const rupeesPerUnit = canonicalRate(rate);
    // The same rate from the same source, already in effect with nothing after it: a retry, recording nothing.
    const history = state[currency];
    const last = history.at(-1);
    if (
      last &&
      last === rateAt(state, currency, effectiveFrom) &&
      last.rupeesPerUnit === rupeesPerUnit &&
      last.source === source
    )
      return [];
    return [
      {
        type: 'ReferenceRateSet',
        data: { currency, rupeesPerUnit, effectiveFrom, source, by: command.actor.userId, at },
      },
    ];
  },
};
