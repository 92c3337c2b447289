/** Display formats shared by the screens. Money rules live in domain/ and are shared with the server. */
export { formatInr as formatPrice } from '../../domain/money.ts';

/** "1 product", "12 products": a count with its noun, grouped the Indian way. */
export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en-IN')} ${noun}${count === 1 ? '' : 's'}`;
}

const date = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "5 Mar 2025" */
export const formatDate = (iso: string): string => date.format(new Date(iso));

/** "5 Mar 2025, 4:30 pm" */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));
