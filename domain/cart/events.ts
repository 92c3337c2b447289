export const cartStream = (userId: string): string => `cart-${userId}`;

/**
 * Quantities are the line's new total, never a difference, so a read model that applies
 * an event twice still shows the right cart.
 */
export type CartEvent =
  | { type: 'CartItemAdded'; data: { userId: string; productId: string; quantity: number } }
  | { type: 'CartItemQuantityChanged'; data: { userId: string; productId: string; quantity: number } }
  | { type: 'CartItemRemoved'; data: { userId: string; productId: string } }
  /** `orderId` names the order that emptied the cart; null when the user cleared it. */
  | { type: 'CartCleared'; data: { userId: string; orderId: string | null } };
