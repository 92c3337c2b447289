/** How a delivery window reads: "Arrives 3-5 Dec", "Arrives 30 Nov-2 Dec", "Arrives 3 Dec". Days are UTC days (YYYY-MM-DD). */
const dayMonth = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const dayOnly = new Intl.DateTimeFormat('en-IN', { day: 'numeric', timeZone: 'UTC' });

const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** The days of a window, the month said once when both ends share it. */
export function windowDays(from: string, to: string): string {
  if (from === to) return dayMonth.format(at(from));
  const sameMonth = from.slice(0, 7) === to.slice(0, 7);
  return `${(sameMonth ? dayOnly : dayMonth).format(at(from))}-${dayMonth.format(at(to))}`;
}

export const arrivesText = (from: string, to: string): string => `Arrives ${windowDays(from, to)}`;

/** Six digits not starting with 0: a PIN worth asking the server about. */
export const looksLikePin = (text: string): boolean => /^[1-9]\d{5}$/.test(text.replace(/\s/g, ''));
