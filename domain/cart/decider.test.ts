import { describe, it } from 'vitest';
import type { PurchaseFacts } from '../catalog/availability.ts';
import { actors, given } from '../testing.ts';
import { cartDecider } from './decider.ts';
import type { CartEvent } from './events.ts';

const actor = actors.buyer;
const userId = actor.userId;
const productId = 'p-1';
const item = { productId, variantId: 'default', personalisation: [] };
const diya: PurchaseFacts = { name: 'Brass Diya', sellerId: actors.seller.userId, stockQuantity: 5, available: true };
const added = (quantity: number): CartEvent => ({ type: 'CartItemAdded', data: { userId, productId, quantity } });
const changed = (quantity: number): CartEvent => ({
  type: 'CartItemQuantityChanged',
  data: { userId, productId, quantity },
});
const removed: CartEvent = { type: 'CartItemRemoved', data: { userId, productId } };

describe('AddToCart', () => {
  const add = (history: CartEvent[], quantity: number, product = diya) =>
    given(cartDecider, history).when({ type: 'AddToCart', actor, item, product, quantity });

  it('adds a new line', () => {
    add([], 1).then([added(1)]);
  });

  it('raises the quantity of a line already in the cart by the amount added', () => {
    add([added(2)], 3).then([changed(5)]);
    add([added(2), changed(4)], 1).then([changed(5)]);
  });

  it('adds again after the line was removed or the cart cleared', () => {
    add([added(2), removed], 1).then([added(1)]);
    add([added(2), { type: 'CartCleared', data: { userId, orderId: 'o-1' } }], 1).then([added(1)]);
  });

  it('refuses a seller its own product: no self-dealing', () => {
    given(cartDecider)
      .when({ type: 'AddToCart', actor: actors.seller, item, product: diya, quantity: 1 })
      .then({ code: 'own_product', kind: 'forbidden', message: 'You cannot buy your own product' });
  });

  it('never holds more than the stock', () => {
    add([added(4)], 2).then({
      code: 'insufficient_stock',
      kind: 'conflict',
      message: 'Only 5 of "Brass Diya" left in stock',
    });
    add([], 1, { ...diya, stockQuantity: 0 }).then({
      code: 'insufficient_stock',
      kind: 'conflict',
      message: '"Brass Diya" is out of stock',
    });
  });

  it('does not add a product that is not for sale', () => {
    add([], 1, { ...diya, available: false }).then({
      code: 'not_available',
      kind: 'conflict',
      message: '"Brass Diya" is not available for purchase',
    });
  });
});

describe('SetCartQuantity', () => {
  const set = (history: CartEvent[], quantity: number, product = diya) =>
    given(cartDecider, history).when({ type: 'SetCartQuantity', actor, key: productId, product, quantity });

  it('sets the quantity of a line', () => {
    set([added(1)], 5).then([changed(5)]);
    set([added(3)], 3).then([]);
  });

  it('removes the line at zero or less', () => {
    set([added(3)], 0).then([removed]);
    set([added(3)], -2).then([removed]);
  });

  it('does not go above the stock', () => {
    set([added(1)], 6).then({
      code: 'insufficient_stock',
      kind: 'conflict',
      message: 'Only 5 of "Brass Diya" left in stock',
    });
  });

  it('lets a line be lowered even when the product can no longer be bought', () => {
    set([added(4)], 3, { ...diya, stockQuantity: 1, available: false }).then([changed(3)]);
    set([added(1)], 2, { ...diya, available: false }).then({ code: 'not_available', kind: 'conflict' });
  });

  it('finds no product that is not in the cart', () => {
    set([], 1).then({ code: 'not_found', kind: 'not_found', message: 'This product is not in your cart' });
  });
});

describe('RemoveFromCart and ClearCart', () => {
  it('removes a line, and nothing the second time', () => {
    given(cartDecider, [added(1)])
      .when({ type: 'RemoveFromCart', actor, key: productId })
      .then([removed]);
    given(cartDecider, [added(1), removed])
      .when({ type: 'RemoveFromCart', actor, key: productId })
      .then([]);
  });

  it('clears a cart that has lines, naming the order that emptied it', () => {
    given(cartDecider, [added(1)])
      .when({ type: 'ClearCart', actor, orderId: 'o-1' })
      .then([{ type: 'CartCleared', data: { userId, orderId: 'o-1' } }]);
    given(cartDecider, [added(1)])
      .when({ type: 'ClearCart', actor, orderId: null })
      .then([{ type: 'CartCleared', data: { userId, orderId: null } }]);
    given(cartDecider, [added(1), removed])
      .when({ type: 'ClearCart', actor, orderId: null })
      .then([]);
  });
});
