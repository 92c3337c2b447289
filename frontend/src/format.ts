/** Display formats shared by the screens. Money rules live in domain/ and are shared with the server. */
import type { Role } from '../../domain/actor.ts';
export { formatInr as formatPrice } from '../../domain/money.ts';

/** "1 product", "12 products": a count with its noun, grouped the Indian way. */
export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en-IN')} ${noun}${count === 1 ? '' : 's'}`;
}

const date = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "5 Mar 2025" */
export const formatDate = (iso: string): string => date.format(new Date(iso));

/** "5 Mar 2025, 4:30 pm" */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

const utcDay = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "5 Mar 2025" for a UTC day of the sales figures ("2025-03-05"), whatever the time zone: the API counts sales by UTC day. */
export const formatDay = (day: string): string => utcDay.format(new Date(day));

/** How a role is named on screen. */
export const ROLE_LABELS: Record<Role, string> = {
  buyer: 'Buyer',
  seller: 'Seller',
  admin: 'Admin',
  analyst: 'Analyst',
};
