import type { PurchaseFacts } from '../catalog/availability.ts';

/** A cart line that cannot be ordered as it is: `left` units can be (0: none, the line must go). */
export interface LineShortage {
  left: number;
}

/**
 * Whether `quantity` units of `product` can be ordered now. The stock may have dropped (another
 * buyer's order, the seller's count) or the product left sale since the line was added; the
 * buyer fixes the line by setting it to `left`, or removing it when nothing is left.
 */
export function shortageOf(
  quantity: number,
  product: Pick<PurchaseFacts, 'available' | 'stockQuantity'>,
): LineShortage | null {
  const left = product.available ? Math.max(0, product.stockQuantity) : 0;
  return quantity > left ? { left } : null;
}
