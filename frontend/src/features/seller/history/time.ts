/** Times of the history: how long ago, and the values of a datetime-local input (the browser's time zone). */
import { t } from '@lingui/core/macro';
import { formatLocale } from '../../../i18n/i18n.ts';

/** From the largest unit down: the first that fits at least once is used. */
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 60 * 60 * 1000],
  ['month', 30 * 24 * 60 * 60 * 1000],
  ['week', 7 * 24 * 60 * 60 * 1000],
  ['day', 24 * 60 * 60 * 1000],
  ['hour', 60 * 60 * 1000],
  ['minute', 60 * 1000],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago"; in Hindi "अभी-अभी", "5 मिनट पहले", "कल". */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const relative = new Intl.RelativeTimeFormat(formatLocale(), { numeric: 'auto' });
  const elapsed = now - Date.parse(iso);
  for (const [unit, ms] of UNITS) {
    if (Math.abs(elapsed) >= ms) return relative.format(-Math.round(elapsed / ms), unit);
  }
  return t`just now`;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** An instant as a datetime-local value to the second, in the browser's time zone: "2025-03-05T16:30:07". */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A datetime-local value (read in the browser's time zone) as an ISO instant; null when it is empty or not a date. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
