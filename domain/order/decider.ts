import { type Actor, forbidden, isAdmin } from '../actor.ts';
import { type PurchaseFacts, assertCanBuy } from '../catalog/availability.ts';
import { type Decider, DomainError } from '../decider.ts';
import type { OrderEvent, OrderLine, ShippingAddress } from './events.ts';
import type { DeliveryMethod, PaymentMethod } from './options.ts';
import { priceOrder } from './pricing.ts';
import { type OrderStatus, canMove } from './status.ts';

/** A cart line with the product as the API reads it at checkout. */
export interface CheckoutLine {
  product: PurchaseFacts & Omit<OrderLine, 'quantity'>;
  quantity: number;
}

export type StatusChange =
  | { status: 'processing' | 'shipped' | 'delivered' }
  | { status: 'cancelled'; reason: string };

/**
 * PlaceOrder decides the order only: the API then reserves stock on each product stream
 * (ReserveStock) and appends OrderPlaced when every line is reserved; it releases the stock
 * of a cancelled order (ReleaseStock).
 */
export type OrderCommand =
  | {
      type: 'PlaceOrder';
      actor: Actor;
      /** From the request's idempotency key, so a retried request finds the order it placed. */
      orderId: string;
      buyerName: string;
      lines: CheckoutLine[];
      shippingAddress: ShippingAddress;
      delivery: DeliveryMethod;
      payment: PaymentMethod;
      at: string;
    }
  | ({ type: 'ChangeOrderStatus'; actor: Actor; at: string } & StatusChange);

export interface Order {
  orderId: string;
  buyerId: string;
  sellerIds: string[];
  status: OrderStatus;
}

export type OrderState = Order | null;

export const CART_EMPTY_MESSAGE = 'Your cart is empty';

function placeOrder(command: Extract<OrderCommand, { type: 'PlaceOrder' }>, state: OrderState): OrderEvent[] {
  const { actor, orderId, buyerName, shippingAddress, delivery, payment, at } = command;
  if (state !== null) {
    if (state.buyerId === actor.userId) return [];
    throw new DomainError('already_exists', 'Order already exists', 409);
  }
  if (command.lines.length === 0) throw new DomainError('cart_empty', CART_EMPTY_MESSAGE, 422);
  if (payment !== 'cod') {
    throw new DomainError('payment_unavailable', 'Online payment is coming soon. Please choose Cash on Delivery.', 422, {
      payment: 'Online payment is coming soon',
    });
  }
  for (const { product, quantity } of command.lines) assertCanBuy(product, quantity);
  const lines = command.lines.map(({ product, quantity }) => {
    const { productId, name, pricePaise, imageUrl, sellerId, sellerName, categoryId } = product;
    return { productId, name, pricePaise, quantity, imageUrl, sellerId, sellerName, categoryId };
  });
  return [
    {
      type: 'OrderPlaced',
      data: {
        orderId,
        buyerId: actor.userId,
        buyerName,
        lines,
        shippingAddress,
        delivery,
        payment,
        ...priceOrder(lines, delivery),
        placedAt: at,
      },
    },
  ];
}

/**
 * Admins may move any order, sellers any order with a line of theirs (the whole order,
 * even when other sellers have lines in it); the buyer may only cancel while it is pending.
 */
function changeStatus(command: Extract<OrderCommand, { type: 'ChangeOrderStatus' }>, order: Order): OrderEvent[] {
  const { actor, at } = command;
  const manages = isAdmin(actor) || order.sellerIds.includes(actor.userId);
  if (!manages && actor.userId !== order.buyerId) throw forbidden('You cannot change this order');
  // The same change retried.
  if (command.status === order.status) return [];
  if (!canMove(order.status, command.status)) {
    throw new DomainError('invalid_transition', `Cannot move an order from ${order.status} to ${command.status}`, 409);
  }
  if (!manages && !(command.status === 'cancelled' && order.status === 'pending')) {
    throw forbidden(
      command.status === 'cancelled'
        ? 'You can cancel your order only while it is pending'
        : 'Only the seller or an admin can change the status of an order',
    );
  }
  const data = { orderId: order.orderId, by: actor.userId, at };
  switch (command.status) {
    case 'processing':
      return [{ type: 'OrderProcessing', data }];
    case 'shipped':
      return [{ type: 'OrderShipped', data }];
    case 'delivered':
      return [{ type: 'OrderDelivered', data }];
    case 'cancelled':
      return [{ type: 'OrderCancelled', data: { ...data, reason: command.reason } }];
  }
}

const STATUS_AFTER: Record<Exclude<OrderEvent['type'], 'OrderPlaced'>, OrderStatus> = {
  OrderProcessing: 'processing',
  OrderShipped: 'shipped',
  OrderDelivered: 'delivered',
  OrderCancelled: 'cancelled',
};

export const orderDecider: Decider<OrderCommand, OrderState, OrderEvent> = {
  initialState: null,

  evolve(state, event) {
    if (event.type === 'OrderPlaced') {
      const { orderId, buyerId, lines } = event.data;
      return { orderId, buyerId, sellerIds: [...new Set(lines.map((line) => line.sellerId))], status: 'pending' };
    }
    return state && { ...state, status: STATUS_AFTER[event.type] };
  },

  decide(command, state) {
    if (command.type === 'PlaceOrder') return placeOrder(command, state);
    if (state === null) throw new DomainError('not_found', 'Order not found', 404);
    return changeStatus(command, state);
  },
};
