/**
 * Made to order (issue 26): a product, or one of its variants, made after it is ordered, in a
 * number of days its seller gives. The seller's order then has that much longer to ship.
 */
import { z } from 'zod';

export const MAX_MADE_TO_ORDER_DAYS = 90;

export const MADE_TO_ORDER_MESSAGE = `Made-to-order days must be a whole number from 1 to ${MAX_MADE_TO_ORDER_DAYS}`;

/** Days to make it after the order, or null when it is made before (in stock). */
export const madeToOrderDaysSchema = z
  .number({ error: MADE_TO_ORDER_MESSAGE })
  .int(MADE_TO_ORDER_MESSAGE)
  .min(1, MADE_TO_ORDER_MESSAGE)
  .max(MAX_MADE_TO_ORDER_DAYS, MADE_TO_ORDER_MESSAGE)
  .nullable();

/** The days text of the seller's form: empty is not made to order. */
export const madeToOrderDaysField = z
  .string()
  .transform((input) => {
    const text = input.trim();
    if (text === '') return null;
    // Plain whole numbers only; anything else reads as NaN, which the rule refuses with its message.
    return /^\d+$/.test(text) ? Number(text) : Number.NaN;
  })
  .pipe(madeToOrderDaysSchema);

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
