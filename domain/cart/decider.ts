import type { Actor } from '../actor.ts';
import { type PurchaseFacts, assertCanBuy, assertNotOwnProduct } from '../catalog/availability.ts';
import { type Decider, DomainError } from '../decider.ts';
import { keyFields, lineKey } from '../order/line-key.ts';
import type { Answer } from '../product/personalisation.ts';
import { DEFAULT_VARIANT_ID } from '../product/variants.ts';
import type { CartEvent, CartLineRef } from './events.ts';

/** What a line holds of the product: which variant, and the buyer's answers to its questions. */
export interface LineItem {
  productId: string;
  variantId: string;
  personalisation: Answer[];
}

/**
 * The cart of `actor` (stream `cart-{actor.userId}`). `product` is the variant as the API
 * reads it when the command is sent; a delisted product still has facts (not available).
 * Lines are named by their line key.
 */
export type CartCommand =
  | { type: 'AddToCart'; actor: Actor; item: LineItem; product: PurchaseFacts; quantity: number }
  /** Zero or less removes the line. */
  | { type: 'SetCartQuantity'; actor: Actor; key: string; product: PurchaseFacts; quantity: number }
  | { type: 'RemoveFromCart'; actor: Actor; key: string }
  | { type: 'ClearCart'; actor: Actor; orderId: string | null };

export interface CartLineState extends LineItem {
  quantity: number;
}

/** The lines by line key, in the order they were added. */
export type CartState = Record<string, CartLineState>;

export const NOT_IN_CART = 'This product is not in your cart';

/** A line as its events name it (the default variant, no answers, for events written before variants). */
export const itemOf = ({ productId, variantId = DEFAULT_VARIANT_ID, personalisation = [] }: CartLineRef): LineItem => ({
  productId,
  variantId,
  personalisation,
});

const refOf = (userId: string, item: LineItem): CartLineRef => ({
  userId,
  productId: item.productId,
  ...keyFields(item),
});

export const cartDecider: Decider<CartCommand, CartState, CartEvent> = {
  initialState: {},

  evolve(lines, { type, data }) {
    switch (type) {
      case 'CartItemAdded':
      case 'CartItemQuantityChanged':
        return { ...lines, [lineKey(data)]: { ...itemOf(data), quantity: data.quantity } };
      case 'CartItemRemoved': {
        const { [lineKey(data)]: _, ...rest } = lines;
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
        const { item, product } = command;
        assertNotOwnProduct(userId, product);
        const current = lines[lineKey(item)];
        // Adding what is already in the cart raises its quantity (spec section 4).
        const quantity = (current?.quantity ?? 0) + command.quantity;
        // Other lines of the same variant (other answers) take from the same stock.
        assertCanBuy(product, quantity + unitsElsewhere(lines, item, lineKey(item)));
        const data = { ...refOf(userId, item), quantity };
        return [current === undefined ? { type: 'CartItemAdded', data } : { type: 'CartItemQuantityChanged', data }];
      }
      case 'SetCartQuantity': {
        const { key, product, quantity } = command;
        const current = lines[key];
        if (current === undefined) throw new DomainError('not_found', NOT_IN_CART, 'not_found');
        const ref = refOf(userId, current);
        if (quantity <= 0) return [{ type: 'CartItemRemoved', data: ref }];
        if (quantity === current.quantity) return [];
        // Lowering is always allowed, even when the product is no longer available.
        if (quantity > current.quantity) {
          assertNotOwnProduct(userId, product);
          assertCanBuy(product, quantity + unitsElsewhere(lines, current, key));
        }
        return [{ type: 'CartItemQuantityChanged', data: { ...ref, quantity } }];
      }
      case 'RemoveFromCart': {
        const current = lines[command.key];
        // Removing twice (a double click) is not an error.
        return current === undefined ? [] : [{ type: 'CartItemRemoved', data: refOf(userId, current) }];
      }
      case 'ClearCart':
        return Object.keys(lines).length === 0
          ? []
          : [{ type: 'CartCleared', data: { userId, orderId: command.orderId } }];
    }
  },
};

/** Units of the same variant on the cart's other lines. */
function unitsElsewhere(lines: CartState, item: LineItem, key: string): number {
  return Object.entries(lines)
    .filter(([other, line]) => other !== key && line.productId === item.productId && line.variantId === item.variantId)
    .reduce((units, [, line]) => units + line.quantity, 0);
}
