import { describe, it } from 'vitest';
import type { Actor } from '../actor.ts';
import { AT, actors, given } from '../testing.ts';
import { type CheckoutLine, type OrderCommand, type StatusChange, orderDecider } from './decider.ts';
import type { OrderEvent, OrderLine, ShippingAddress } from './events.ts';
import type { OrderStatus } from './status.ts';

const { buyer, otherBuyer, seller, otherSeller, admin } = actors;
const orderId = 'o-1';

const shippingAddress: ShippingAddress = {
  firstName: 'Asha',
  lastName: 'Rao',
  phone: '9876543210',
  address: '12 MG Road',
  city: 'Mumbai',
  state: 'Maharashtra',
  pincode: '400001',
};

const sareeLine: OrderLine = {
  productId: 'p-1',
  name: 'Banarasi Silk Saree',
  pricePaise: 1_250_050,
  quantity: 2,
  imageUrl: null,
  sellerId: seller.userId,
  sellerName: 'Varanasi Weavers',
  categoryId: 'textiles',
};
const checkoutLine = ({ quantity, ...product }: OrderLine, stockQuantity = 5): CheckoutLine => ({
  product: { ...product, stockQuantity, available: true },
  quantity,
});

const placeOrder = (changes: Partial<Extract<OrderCommand, { type: 'PlaceOrder' }>> = {}): OrderCommand => ({
  type: 'PlaceOrder',
  actor: buyer,
  orderId,
  buyerName: 'Asha Rao',
  lines: [checkoutLine(sareeLine)],
  shippingAddress,
  delivery: 'express',
  payment: 'cod',
  at: AT,
  ...changes,
});

const placed: OrderEvent = {
  type: 'OrderPlaced',
  data: {
    orderId,
    buyerId: buyer.userId,
    buyerName: 'Asha Rao',
    lines: [sareeLine],
    shippingAddress,
    delivery: 'express',
    payment: 'cod',
    subtotalPaise: 2_500_100,
    deliveryChargePaise: 15_000,
    totalPaise: 2_515_100,
    placedAt: AT,
  },
};

describe('PlaceOrder', () => {
  it('records the order with totals in paise', () => {
    given(orderDecider).when(placeOrder()).then([placed]);
  });

  it('totals several lines plus the charge of the chosen delivery', () => {
    const diyaLine: OrderLine = {
      ...sareeLine,
      productId: 'p-2',
      name: 'Brass Diya',
      pricePaise: 49_900,
      quantity: 3,
      sellerId: otherSeller.userId,
    };
    given(orderDecider)
      .when(placeOrder({ lines: [checkoutLine(sareeLine), checkoutLine(diyaLine)], delivery: 'standard' }))
      .then([
        {
          type: 'OrderPlaced',
          data: {
            ...placed.data,
            lines: [sareeLine, diyaLine],
            delivery: 'standard',
            subtotalPaise: 2_649_800,
            deliveryChargePaise: 5_000,
            totalPaise: 2_654_800,
          },
        },
      ]);
  });

  it('refuses an empty cart', () => {
    given(orderDecider).when(placeOrder({ lines: [] })).then({ code: 'cart_empty', status: 422, message: 'Your cart is empty' });
  });

  it('refuses online payment, which is coming soon', () => {
    given(orderDecider)
      .when(placeOrder({ payment: 'online' }))
      .then({
        code: 'payment_unavailable',
        status: 422,
        message: 'Online payment is coming soon. Please choose Cash on Delivery.',
        fields: { payment: 'Online payment is coming soon' },
      });
  });

  it('refuses lines beyond the stock or not for sale', () => {
    given(orderDecider)
      .when(placeOrder({ lines: [checkoutLine(sareeLine, 1)] }))
      .then({ code: 'insufficient_stock', status: 409, message: 'Only 1 of "Banarasi Silk Saree" left in stock' });
    const { product } = checkoutLine(sareeLine);
    given(orderDecider)
      .when(placeOrder({ lines: [{ product: { ...product, available: false }, quantity: 1 }] }))
      .then({ code: 'not_available', status: 409 });
  });

  it("places an order once: a retry finds it, another buyer's id clashes", () => {
    given(orderDecider, [placed]).when(placeOrder()).then([]);
    given(orderDecider, [placed])
      .when(placeOrder({ actor: otherBuyer }))
      .then({ code: 'already_exists', status: 409 });
  });
});

describe('ChangeOrderStatus', () => {
  const eventFor = (status: Exclude<OrderStatus, 'pending'>, by: string): OrderEvent => {
    const data = { orderId, by, at: AT };
    switch (status) {
      case 'processing':
        return { type: 'OrderProcessing', data };
      case 'shipped':
        return { type: 'OrderShipped', data };
      case 'delivered':
        return { type: 'OrderDelivered', data };
      case 'cancelled':
        return { type: 'OrderCancelled', data: { ...data, reason: 'Changed my mind' } };
    }
  };
  const change = (status: Exclude<OrderStatus, 'pending'>): StatusChange =>
    status === 'cancelled' ? { status, reason: 'Changed my mind' } : { status };
  const historyAt = (status: OrderStatus): OrderEvent[] => {
    const path: Record<OrderStatus, Array<Exclude<OrderStatus, 'pending'>>> = {
      pending: [],
      processing: ['processing'],
      shipped: ['processing', 'shipped'],
      delivered: ['processing', 'shipped', 'delivered'],
      cancelled: ['cancelled'],
    };
    return [placed, ...path[status].map((step) => eventFor(step, admin.userId))];
  };
  const move = (from: OrderStatus, to: Exclude<OrderStatus, 'pending'>, actor: Actor = admin) =>
    given(orderDecider, historyAt(from)).when({ type: 'ChangeOrderStatus', actor, at: AT, ...change(to) });

  it.each([
    ['pending', 'processing'],
    ['processing', 'shipped'],
    ['shipped', 'delivered'],
    ['pending', 'cancelled'],
    ['processing', 'cancelled'],
  ] as const)('moves an order from %s to %s', (from, to) => {
    move(from, to).then([eventFor(to, admin.userId)]);
    move(from, to, seller).then([eventFor(to, seller.userId)]);
  });

  it.each([
    ['pending', 'shipped'],
    ['pending', 'delivered'],
    ['processing', 'delivered'],
    ['shipped', 'processing'],
    ['shipped', 'cancelled'],
    ['delivered', 'cancelled'],
    ['delivered', 'shipped'],
    ['cancelled', 'processing'],
  ] as const)('cannot move an order from %s to %s', (from, to) => {
    move(from, to).then({ code: 'invalid_transition', status: 409, message: `Cannot move an order from ${from} to ${to}` });
  });

  it('changes nothing when the order already has the status', () => {
    move('shipped', 'shipped').then([]);
  });

  it('lets the buyer cancel while the order is pending, and nothing else', () => {
    move('pending', 'cancelled', buyer).then([eventFor('cancelled', buyer.userId)]);
    move('processing', 'cancelled', buyer).then({
      code: 'forbidden',
      status: 403,
      message: 'You can cancel your order only while it is pending',
    });
    move('pending', 'processing', buyer).then({
      code: 'forbidden',
      status: 403,
      message: 'Only the seller or an admin can change the status of an order',
    });
  });

  it('is not for sellers without a line in the order, or other buyers', () => {
    for (const actor of [otherSeller, otherBuyer]) {
      move('pending', 'processing', actor).then({ code: 'forbidden', status: 403, message: 'You cannot change this order' });
    }
  });

  it('answers 404 for an unknown order', () => {
    given(orderDecider)
      .when({ type: 'ChangeOrderStatus', actor: admin, at: AT, status: 'processing' })
      .then({ code: 'not_found', status: 404, message: 'Order not found' });
  });
});
