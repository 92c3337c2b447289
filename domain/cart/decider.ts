import type { Actor } from '../actor.ts';
import { type PurchaseFacts, assertCanBuy, assertNotOwnProduct } from '../catalog/availability.ts';
import { type Decider, DomainError } from '../decider.ts';
import type { CartEvent } from './events.ts';

/**
 * The cart of `actor` (stream `cart-{actor.userId}`). `product` is the product as the API
 * reads it when the command is sent; a delisted product still has facts (not available).
 */
export type CartCommand =
  | { type: 'AddToCart'; actor: Actor; productId: string; product: PurchaseFacts; quantity: number }
  /** Zero or less removes the line. */
  | { type: 'SetCartQuantity'; actor: Actor; productId: string; product: PurchaseFacts; quantity: number }
  | { type: 'RemoveFromCart'; actor: Actor; productId: string }
  | { type: 'ClearCart'; actor: Actor; orderId: string | null };

/** Quantity per product id. */
export type CartState = Record<string, number>;

export const cartDecider: Decider<CartCommand, CartState, CartEvent> = {
  initialState: {},

  evolve(lines, { type, data }) {
    switch (type) {
      case 'CartItemAdded':
      case 'CartItemQuantityChanged':
        return { ...lines, [data.productId]: data.quantity };
      case 'CartItemRemoved': {
        const { [data.productId]: _, ...rest } = lines;
        return rest;
      }
      case 'CartCleared':
        return {};
    }
  },

  decide(command, lines) {
    const { userId } = command.actor;
    switch (command.type) {
      case 'AddToCart': {
        const { productId, product } = command;
        assertNotOwnProduct(userId, product);
        const current = lines[productId];
        // Adding what is already in the cart raises its quantity (spec section 4).
        const quantity = (current ?? 0) + command.quantity;
        assertCanBuy(product, quantity);
        const data = { userId, productId, quantity };
        return [current === undefined ? { type: 'CartItemAdded', data } : { type: 'CartItemQuantityChanged', data }];
      }

      case 'SetCartQuantity': {
        const { productId, product, quantity } = command;
        const current = lines[productId];
        if (current === undefined) throw new DomainError('not_found', 'This product is not in your cart', 'not_found');
        if (quantity <= 0) return [{ type: 'CartItemRemoved', data: { userId, productId } }];
        if (quantity === current) return [];
        // Lowering is always allowed, even when the product is no longer available.
        if (quantity > current) {
          assertNotOwnProduct(userId, product);
          assertCanBuy(product, quantity);
        }
        return [{ type: 'CartItemQuantityChanged', data: { userId, productId, quantity } }];
      }

      case 'RemoveFromCart': {
        const { productId } = command;
        // Removing twice (a double click) is not an error.
        return lines[productId] === undefined ? [] : [{ type: 'CartItemRemoved', data: { userId, productId } }];
      }

      case 'ClearCart':
        return Object.keys(lines).length === 0
          ? []
          : [{ type: 'CartCleared', data: { userId, orderId: command.orderId } }];
    }
  },
};
