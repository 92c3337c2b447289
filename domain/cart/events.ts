import type { Answer } from '../product/personalisation.ts';

export const cartStream = (userId: string): string => `cart-${userId}`;

/**
 * A cart line names its product, variant and answers (see lineKey, domain/order/line-key.ts).
 * Events written before variants name the product alone: its default variant, no answers.
 */
export interface CartLineRef {
  userId: string;
  productId: string;
  variantId?: string;
  personalisation?: Answer[];
}

/**
 * Quantities are the line's new total, never a difference, so a read model that applies
 * an event twice still shows the right cart.
 */
export type CartEvent =
  | { type: 'CartItemAdded'; data: CartLineRef & { quantity: number } }
  | { type: 'CartItemQuantityChanged'; data: CartLineRef & { quantity: number } }
  | { type: 'CartItemRemoved'; data: CartLineRef }
  /** `orderId` names the order that emptied the cart; null when the user cleared it. */
  | { type: 'CartCleared'; data: { userId: string; orderId: string | null } };
