/** Tables that turn into cards on a phone (the ledger, tax documents). */

/**
 * Below sm each line is a card of labelled figures, two to a row (the table scrolled sideways on a
 * phone, its amounts out of sight): the cells stack, each shows its column's name before it from
 * `data-label`, and empty ones (a payout's sales in the ledger) leave no gap.
 */
export const CARD = {
  table: 'max-sm:block',
  head: 'max-sm:sr-only',
  body: 'max-sm:block',
  row: 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:py-2',
  cell: 'max-sm:block max-sm:px-0 max-sm:py-0 max-sm:text-left max-sm:empty:hidden max-sm:before:block max-sm:before:text-xs max-sm:before:font-normal max-sm:before:text-base-content/70 max-sm:before:content-[attr(data-label)]',
} as const;
