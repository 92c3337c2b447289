/**
 * Made to order (issue 26): a product, or one of its variants, made after it is ordered, in a
 * number of days its seller gives. The seller's order then has that much longer to ship.
 */
import { z } from 'zod';
import { english } from '../i18n/message.ts';

export const MAX_MADE_TO_ORDER_DAYS = 90;

export const MADE_TO_ORDER_MESSAGE = english(/*i18n*/ 'Made-to-order days must be a whole number from 1 to {max}', {
  max: MAX_MADE_TO_ORDER_DAYS,
});

const days = z
  .number({ error: MADE_TO_ORDER_MESSAGE })
  .int(MADE_TO_ORDER_MESSAGE)
  .min(1, MADE_TO_ORDER_MESSAGE)
  .max(MAX_MADE_TO_ORDER_DAYS, MADE_TO_ORDER_MESSAGE);

/** Days to make it after the order, or null when it is made before (in stock). */
export const madeToOrderDaysSchema = days.nullable();

/** Plain whole numbers only; anything else reads as NaN, which the rule refuses with its message. */
const daysOfText = (text: string): number => (/^\d+$/.test(text) ? Number(text) : Number.NaN);

/** The days text of the seller's form: empty is not made to order. */
export const madeToOrderDaysField = z
  .string()
  .transform((input) => (input.trim() === '' ? null : daysOfText(input.trim())))
  .pipe(madeToOrderDaysSchema);

/** How one variant is made in the seller's grid: as the product is, from stock, or in days of its own. */
export const VARIANT_MADE_TO_ORDER = ['product', 'stock', 'days'] as const;
export type VariantMadeToOrder = (typeof VARIANT_MADE_TO_ORDER)[number];

/**
 * A variant's own `madeToOrderDays` from the seller's grid, its choice and days text: undefined
 * as the product, null from stock, else the days typed (NaN unless a whole number from 1 to 90).
 */
export function variantMadeToOrderDays(madeToOrder: VariantMadeToOrder, daysText: string): number | null | undefined {
  if (madeToOrder === 'product') return undefined;
  if (madeToOrder === 'stock') return null;
  const given = days.safeParse(daysOfText(daysText.trim()));
  return given.success ? given.data : Number.NaN;
}

/** The grid's choice and days text for a variant's own days (undefined: as the product). */
export const variantMadeToOrderText = (
  own: number | null | undefined,
): { madeToOrder: VariantMadeToOrder; madeToOrderDays: string } =>
  own === undefined
    ? { madeToOrder: 'product', madeToOrderDays: '' }
    : own === null
      ? { madeToOrder: 'stock', madeToOrderDays: '' }
      : { madeToOrder: 'days', madeToOrderDays: String(own) };

/** The made-to-order days of a product's variant: its own when it has them, else the product's. */
export function madeToOrderDaysOf(
  product: { madeToOrderDays: number | null; variants: ReadonlyArray<{ id: string; madeToOrderDays?: number | null }> },
  variantId: string,
): number | null {
  const own = product.variants.find((variant) => variant.id === variantId)?.madeToOrderDays;
  return own === undefined ? product.madeToOrderDays : own;
}

/** What the product page says: "Made to order: ships in 10 days". */
export const madeToOrderText = (days: number): string =>
  `Made to order: ships in ${days} ${days === 1 ? 'day' : 'days'}`;
