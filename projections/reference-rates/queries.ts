/** Reads of the reference rates read model: before any rate is recorded, none. */
import { FOREIGN_CURRENCIES } from '../../domain/currency/currencies.ts';
import {
  nextChangeAfter,
  NO_REFERENCE_RATES,
  rateAt,
  type ReferenceRates,
} from '../../domain/currency/reference-rates.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import type { ReferenceRatesDoc, ReferenceRatesNow, ReferenceRatesView } from './documents.ts';
import { REFERENCE_RATES, REFERENCE_RATES_ID } from './projection.ts';

async function ratesOf(read: ReadStore): Promise<ReferenceRates> {
  const doc = await read.collection<ReferenceRatesDoc>(REFERENCE_RATES).get(REFERENCE_RATES_ID);
  if (!doc) return NO_REFERENCE_RATES;
  const { id: _, ...rates } = doc;
  return rates;
}

/** The rate of each currency in effect at `at`, without who recorded it, and when the next recorded one takes effect. */
export async function referenceRatesAt(read: ReadStore, at: string): Promise<ReferenceRatesNow> {
  const rates = await ratesOf(read);
  return {
    at,
    rates: FOREIGN_CURRENCIES.flatMap((currency) => {
      const rate = rateAt(rates, currency, at);
      return rate
        ? [{ currency, rupeesPerUnit: rate.rupeesPerUnit, effectiveFrom: rate.effectiveFrom, source: rate.source }]
        : [];
    }),
    nextChangeAt: nextChangeAfter(rates, at),
  };
}

/** Every currency's history and the rate in effect at `at`. */
export async function referenceRatesView(read: ReadStore, at: string): Promise<ReferenceRatesView> {
  const rates = await ratesOf(read);
  return {
    at,
    currencies: FOREIGN_CURRENCIES.map((currency) => ({
      currency,
      inEffect: rateAt(rates, currency, at) ?? null,
      history: rates[currency],
    })),
  };
}
