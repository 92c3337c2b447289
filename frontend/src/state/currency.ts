/**
 * The currency the buyer sees prices in beside rupees, and the reference rates to convert at.
 * The choice is kept in the browser (for visitors) and, once signed in, on the account; a choice
 * made signed out is taken to the account at sign-in unless the account has one. The rates are
 * fetched only while a foreign currency is chosen, again on every `reference-rates.changed` and
 * when a recorded rate takes effect, so open pages follow an admin's new rate without a reload.
 */
import { t } from '@lingui/core/macro';
import { computed, effect, signal } from '@preact/signals-react';
import { canonicalRate, parseRate, toMinorUnits } from '../../../domain/currency/convert.ts';
import {
  DEFAULT_DISPLAY_CURRENCY,
  DISPLAY_CURRENCIES,
  type DisplayCurrency,
  isForeignCurrency,
} from '../../../domain/currency/currencies.ts';
import { formatApprox } from '../../../domain/currency/format.ts';
import type { Paise } from '../../../domain/money.ts';
import { call, type Data, server } from '../api/client.ts';
import { subscribeLive } from './live.ts';
import { session } from './session.ts';
import { toast } from './toasts.ts';

const STORAGE_KEY = 'mibi:display-currency';

function storedCurrency(): DisplayCurrency {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    return DISPLAY_CURRENCIES.find((code) => code === stored) ?? DEFAULT_DISPLAY_CURRENCY;
  } catch {
    return DEFAULT_DISPLAY_CURRENCY;
  }
}

function store(currency: DisplayCurrency): void {
  try {
    localStorage.setItem(STORAGE_KEY, currency);
  } catch {
    // Storage refused (private mode, full): the choice holds for this visit.
  }
}

/** The chosen currency: INR (rupees alone) until the buyer picks another. */
export const displayCurrency = signal<DisplayCurrency>(
  typeof window === 'undefined' ? DEFAULT_DISPLAY_CURRENCY : storedCurrency(),
);

type RatesNow = Data<(typeof server)['reference-rates']['$get']>;

/** The rates in effect, once fetched. */
const rates = signal<RatesNow | null>(null);

/** The ten-thousandths of a rupee per unit of the chosen currency; null for rupees alone, or before its rate is known. */
const chosenRate = computed(() => {
  const currency = displayCurrency.value;
  if (!isForeignCurrency(currency)) return null;
  const rate = rates.value?.rates.find((entry) => entry.currency === currency);
  return rate ? { currency, rate: parseRate(rate.rupeesPerUnit) } : null;
});

/** "≈ €13.80" for `paise` in the chosen currency; null for rupees alone or while there is no rate. Read it in a component with useSignals. */
export function approxText(paise: Paise): string | null {
  const chosen = chosenRate.value;
  if (!chosen?.rate) return null;
  return formatApprox(toMinorUnits(paise, chosen.rate, chosen.currency), chosen.currency);
}

/**
 * "At ₹84.0729 per USD (RBI reference rate); you pay in rupees": what the approximate amounts are
 * converted at, in the language on screen. Read it in a component with useSignals.
 */
export function rateNote(): string | null {
  const chosen = chosenRate.value;
  const rate = rates.value?.rates.find((entry) => entry.currency === chosen?.currency);
  if (!chosen?.rate || !rate) return null;
  const rupees = canonicalRate(chosen.rate);
  const currency = chosen.currency;
  const source = rate.source;
  return t`At ₹${rupees} per ${currency} (${source}); you pay in rupees`;
}

let nextChange: ReturnType<typeof setTimeout> | undefined;

async function loadRates(): Promise<void> {
  try {
    const now = await call(server['reference-rates'].$get());
    rates.value = now;
    clearTimeout(nextChange);
    // A recorded rate that takes effect later is fetched as it does (timers hold at most about 24 days).
    if (now.nextChangeAt !== null)
      nextChange = setTimeout(
        () => void loadRates(),
        Math.min(Date.parse(now.nextChangeAt) - Date.now() + 1000, 2 ** 31 - 1),
      );
  } catch (error) {
    // Prices in rupees still show; the approximation waits for the next change or choice.
    console.error('Could not load the reference rates', error);
  }
}

// While a foreign currency is chosen: the rates, and their changes as they come.
effect(() => {
  if (displayCurrency.value === DEFAULT_DISPLAY_CURRENCY) return;
  void loadRates();
  const stops = [
    subscribeLive('reference-rates.changed', () => void loadRates()),
    subscribeLive('reset', () => void loadRates()),
  ];
  return () => {
    clearTimeout(nextChange);
    for (const stop of stops) stop();
  };
});

/** The buyer picks a currency: kept in the browser, and on the account when signed in. */
export async function chooseCurrency(currency: DisplayCurrency): Promise<void> {
  displayCurrency.value = currency;
  store(currency);
  if (!session.value) return;
  try {
    await call(server.auth['display-currency'].$put({ json: { currency } }));
  } catch (error) {
    toast({
      title: t`Could not keep your currency on your account`,
      description: (error as Error).message,
      tone: 'error',
    });
  }
}

// At sign-in: the account's choice, or the browser's taken to the account.
let signedInAs: string | null = null;
effect(() => {
  const userId = session.value?.id ?? null;
  if (userId === signedInAs) return;
  signedInAs = userId;
  if (userId === null) return;
  void (async () => {
    try {
      const { currency } = await call(server.auth['display-currency'].$get());
      if (currency !== null) {
        displayCurrency.value = currency;
        store(currency);
      } else if (displayCurrency.value !== DEFAULT_DISPLAY_CURRENCY) {
        await call(server.auth['display-currency'].$put({ json: { currency: displayCurrency.value } }));
      }
    } catch (error) {
      console.error('Could not load the display currency', error);
    }
  })();
});
