/**
 * Money is an integer number of paise (1 rupee = 100 paise), always a safe integer, so
 * totals are exact. Rupee amounts only exist at the edges: parsed from text, formatted
 * for display.
 */
export type Paise = number;

const RUPEES = /^(\d+)(?:\.(\d{1,2}))?$/;

/** Reads a non-negative rupee amount with at most two decimals ("499", "499.5", "499.50"); null otherwise. */
export function parseRupees(input: string): Paise | null {
  const match = RUPEES.exec(input.trim());
  if (!match) return null;
  const [, rupees = '', fraction = ''] = match;
  // Exact: both parts are integers, and a result above the safe range is rejected below.
  const paise = Number(rupees) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(paise) ? paise : null;
}

/**
 * A rupee amount that arrived as a JSON number. Goes through the shortest decimal text of
 * the number, so 12.5 is 1250 paise while 0.1 + 0.2 (0.30000000000000004) is rejected.
 */
export function rupeesFromNumber(n: number): Paise | null {
  return Number.isFinite(n) ? parseRupees(String(n)) : null;
}

export function assertPaise(value: number): Paise {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of paise: ${value}`);
  return value;
}

export function multiply(price: Paise, quantity: number): Paise {
  assertPaise(price);
  assertPaise(quantity);
  return assertPaise(price * quantity);
}

export function sum(amounts: readonly Paise[]): Paise {
  return amounts.reduce((total, amount) => assertPaise(total + assertPaise(amount)), 0);
}

/** `rateBps` basis points (1000 is 10%) of a non-negative amount, rounded half up, exactly. */
export function basisPoints(amount: Paise, rateBps: number): Paise {
  assertPaise(amount);
  assertPaise(rateBps);
  if (amount < 0 || rateBps < 0) throw new RangeError(`Not a non-negative amount and rate: ${amount}, ${rateBps}`);
  return assertPaise(Number((BigInt(amount) * BigInt(rateBps) + 5000n) / 10000n));
}

/** round((original - price) / original * 100), halves up; null when there is no discount to show. */
export function percentOff(price: Paise, original: Paise | null): number | null {
  if (original === null || assertPaise(original) <= assertPaise(price)) return null;
  const hundredfold = multiply(original - price, 100);
  const whole = Math.floor(hundredfold / original);
  const remainder = hundredfold - whole * original;
  return remainder * 2 >= original ? whole + 1 : whole;
}

const indianGrouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });

/**
 * `amount` counts units of 1/perWhole rupee (or of 1/perWhole thousand rupees): writes ₹,
 * the whole part grouped the Indian way (lakhs, crores), then the fraction.
 */
function rupeeText(amount: number, perWhole: number, fractionDigits: number): string {
  assertPaise(amount);
  const magnitude = Math.abs(amount);
  const whole = Math.floor(magnitude / perWhole);
  const fraction = fractionDigits > 0 ? `.${String(magnitude % perWhole).padStart(fractionDigits, '0')}` : '';
  return `${amount < 0 ? '-' : ''}₹${indianGrouping.format(whole)}${fraction}`;
}

/** ₹1,23,456.50: rupees in Indian grouping with two decimals. */
export function formatInr(paise: Paise): string {
  return rupeeText(paise, 100, 2);
}

/**
 * The Inventory Value figure: thousands of rupees with at most one decimal and a K.
 * Rounds half up to the nearest ₹100 (₹12,450 is ₹12.5K) and drops a ".0" (₹12K). Below
 * ₹1,000 it gives whole rupees instead (₹0, ₹450): a K there would read ₹0K or ₹0.5K.
 */
export function formatInrThousands(paise: Paise): string {
  assertPaise(paise);
  const magnitude = Math.abs(paise);
  const rupees = Math.floor(magnitude / 100) + (magnitude % 100 >= 50 ? 1 : 0);
  if (rupees < 1000) return rupeeText(paise < 0 ? -rupees : rupees, 1, 0);
  const paisePerHundredRupees = 10_000;
  const remainder = magnitude % paisePerHundredRupees;
  const tenths = (magnitude - remainder) / paisePerHundredRupees + (remainder * 2 >= paisePerHundredRupees ? 1 : 0);
  const signed = paise < 0 ? -tenths : tenths;
  return `${rupeeText(signed, 10, tenths % 10 === 0 ? 0 : 1)}K`;
}
