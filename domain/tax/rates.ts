/**
 * Tax rates as data with effective dates. A rate is in basis points (500 = 5%). Every change is
 * a dated entry: in force from its `effectiveFrom` (a day, YYYY-MM-DD) until a later-dated entry
 * takes over, so a change never reaches back to days before it.
 *
 * Days are Indian days (IST, UTC+05:30, no daylight saving): a tax date is the date in India.
 */

/** Who set an entry and why. `by` and `at` are null for the initial policy MIBI starts with (see initial-policy.ts). */
export interface RateStamp {
  /** The first day the entry applies to (YYYY-MM-DD, in India). */
  effectiveFrom: string;
  /** Where the figure comes from: a notification, a council meeting, a circular. */
  source: string;
  by: string | null;
  at: string | null;
}

/**
 * The entry in force on `isoDate`: the one with the latest `effectiveFrom` not after that day;
 * of entries from the same day the one recorded last (history is in recorded order). Undefined
 * before the first entry. Entries may be dated by instants instead (ISO-8601 UTC, one form, as
 * the reference rates of domain/currency/ are): they compare the same way, as text.
 */
export function rateOn<T extends Pick<RateStamp, 'effectiveFrom'>>(
  history: readonly T[],
  isoDate: string,
): T | undefined {
  let inForce: T | undefined;
  for (const entry of history) {
    if (entry.effectiveFrom <= isoDate && (inForce === undefined || entry.effectiveFrom >= inForce.effectiveFrom))
      inForce = entry;
  }
  return inForce;
}

const IST_OFFSET_MS = (5 * 60 + 30) * 60 * 1000;

/** The day in India (YYYY-MM-DD) at the instant `at` (ISO-8601). */
export const indianDate = (at: string): string => new Date(Date.parse(at) + IST_OFFSET_MS).toISOString().slice(0, 10);

/** A whole day that exists, written YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(text);
}

/** The highest rate: 100% (10000 basis points). */
export const MAX_RATE_BPS = 10_000;

/** 1800 -> "18%", 25 -> "0.25%": a rate as people write it. */
export function formatRate(rateBps: number): string {
  const whole = Math.trunc(rateBps / 100);
  const fraction = String(rateBps % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}
