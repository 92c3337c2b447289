/**
 * Rupee amounts in another currency, exactly: a reference rate is rupees per unit of the
 * currency with at most four decimals (84.0729), kept as that decimal text and counted here
 * in ten-thousandths of a rupee, so no step goes through floating point.
 */
import { assertPaise, type Paise } from '../money.ts';
import { CURRENCY_INFO, type ForeignCurrency } from './currencies.ts';

/** Rupees per unit: up to 5 whole digits and 4 decimals ("84.0729", "0.5", "275"). */
const RATE = /^(\d{1,5})(?:\.(\d{1,4}))?$/;

/** A rate's ten-thousandths of a rupee per unit, as a BigInt. */
export type RateE4 = bigint;

/**
 * Reads a positive rate of rupees per unit with at most four decimals; null otherwise. The
 * text is the number itself, trimmed: "84.0729", "84.07290" is refused (five decimals).
 */
export function parseRate(text: string): RateE4 | null {
  const match = RATE.exec(text.trim());
  if (!match) return null;
  const [, whole = '', fraction = ''] = match;
  const rate = BigInt(whole) * 10_000n + BigInt(fraction.padEnd(4, '0'));
  return rate > 0n ? rate : null;
}

/** The rate written the one way it is kept: no leading zeros, no trailing zeros after the point ("084.50" is "84.5"). */
export function canonicalRate(rate: RateE4): string {
  const whole = rate / 10_000n;
  const fraction = String(rate % 10_000n)
    .padStart(4, '0')
    .replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}

/** `n` halves up to the nearest whole multiple of `by`: for non-negative n and positive by. */
const divideHalfUp = (n: bigint, by: bigint): bigint => (2n * n + by) / (2n * by);

/**
 * `paise` (a non-negative whole number) in minor units of `currency` (cents, fils) at `rupeesPerUnit`
 * (a rate as parseRate reads it), rounded to the nearest minor unit, halves up.
 *
 * paise / 100 rupees ÷ (rate / 10^4 rupees per unit) = paise × 100 / rate units, each 10^digits minor units.
 */
export function toMinorUnits(paise: Paise, rupeesPerUnit: RateE4, currency: ForeignCurrency): number {
  assertPaise(paise);
  if (paise < 0) throw new RangeError(`Not a non-negative amount: ${paise}`);
  if (rupeesPerUnit <= 0n) throw new RangeError(`Not a positive rate: ${rupeesPerUnit}`);
  const scale = 100n * 10n ** BigInt(CURRENCY_INFO[currency].minorDigits);
  return Number(divideHalfUp(BigInt(paise) * scale, rupeesPerUnit));
}
