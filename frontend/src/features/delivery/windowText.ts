import { i18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

/** How a delivery window reads: "Arrives 3-5 Dec", "Arrives 30 Nov-2 Dec", "Arrives 3 Dec". Days are UTC days (YYYY-MM-DD), written in the language on screen. */
const DAY_MONTH: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'short', timeZone: 'UTC' };
const DAY_ONLY: Intl.DateTimeFormatOptions = { day: 'numeric', timeZone: 'UTC' };

const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** The days of a window, the month said once when both ends share it. */
export function windowDays(from: string, to: string): string {
  if (from === to) return i18n.date(at(from), DAY_MONTH);
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  return `${i18n.date(at(from), sameMonth ? DAY_ONLY : DAY_MONTH)}-${i18n.date(at(to), DAY_MONTH)}`;
}

export function arrivesText(from: string, to: string): string {
  const days = windowDays(from, to);
  return t`Arrives ${days}`;
}

/** Six digits not starting with 0: a PIN worth asking the server about. */
export const looksLikePin = (text: string): boolean => /^[1-9]\d{5}$/.test(text.replace(/\s/g, ''));
