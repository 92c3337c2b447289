/** An approximate amount in a foreign currency as buyers read it beside the rupee price: "≈ US$14.60". */
import { CURRENCY_INFO, type ForeignCurrency } from './currencies.ts';

const formats = new Map<ForeignCurrency, Intl.NumberFormat>();

/** Intl's en-GB currency format (grouping by thousands, the currency's own decimals, a narrow symbol without a space); the symbol itself is ours (currencies.ts). */
const formatOf = (currency: ForeignCurrency): Intl.NumberFormat => {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-GB', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    formats.set(currency, format);
  }
  return format;
};

/** "US$1,234.60": `minor` units (cents) of `currency`, given to Intl as decimal text so nothing is rounded on the way. */
export function formatForeign(minor: number, currency: ForeignCurrency): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole number of minor units: ${minor}`);
  const digits = CURRENCY_INFO[currency].minorDigits;
  const magnitude = String(Math.abs(minor)).padStart(digits + 1, '0');
  const decimal = `${minor < 0 ? '-' : ''}${magnitude.slice(0, magnitude.length - digits)}.${magnitude.slice(-digits)}`;
  return formatOf(currency)
    .formatToParts(decimal as Intl.StringNumericLiteral)
    .map((part) => (part.type === 'currency' ? CURRENCY_INFO[currency].symbol : part.value))
    .join('');
}

/** "≈ €13.80": always marked approximate, since the buyer is charged the rupee amount beside it. */
export const formatApprox = (minor: number, currency: ForeignCurrency): string => `≈ ${formatForeign(minor, currency)}`;
