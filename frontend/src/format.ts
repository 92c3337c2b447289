/** Display formats shared by the screens. Money rules live in domain/ and are shared with the server. */
export { formatInr as formatPrice } from '../../domain/money.ts';

/** "1 product", "12 products": a count with its noun, grouped the Indian way. */
export function countOf(count: number, noun: string): string {
  return `${count.toLocaleString('en-IN')} ${noun}${count === 1 ? '' : 's'}`;
}
