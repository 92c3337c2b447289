/** The periods of the sales section and the UTC days they span (the API counts sales by UTC day). */
import { formatLocale } from '../../../i18n/i18n.ts';

export const PERIODS = [7, 30, 90] as const;
export type Period = (typeof PERIODS)[number];

export const DEFAULT_PERIOD: Period = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

const dayOf = (time: number): string => new Date(time).toISOString().slice(0, 10);

/** The last `days` days, today included: `from` and `to` as YYYY-MM-DD. */
export function rangeOf(days: Period, now: number = Date.now()): { from: string; to: string } {
  const to = dayOf(now);
  return { from: dayOf(Date.parse(to) - (days - 1) * DAY_MS), to };
}

/** "2025-03-05" -> "5 Mar" (Hindi: "5 मार्च") */
export const formatShortDay = (day: string): string =>
  new Date(day).toLocaleDateString(formatLocale(), { day: 'numeric', month: 'short', timeZone: 'UTC' });
