import { describe, expect, it } from 'vitest';
import {
  type OrderStatus,
  parseSellerOrderId,
  purchaseProgress,
  purchaseStatus,
  sellerOrderIdOf,
  shortOrderId,
  shortSellerOrderId,
  withSellerOrder,
} from './status.ts';

const purchase = '3f2b9c1e-77aa-4b1e-9d7c-0a1b2c3d4e5f';

it('shows the first 8 characters of an order id', () => {
  expect(shortOrderId(purchase)).toBe('3f2b9c1e');
});

describe('seller order ids', () => {
  it('number the sellers of a purchase from 1 and show the purchase short id with the number', () => {
    const id = sellerOrderIdOf(purchase, 2);
    expect(id).toBe(`${purchase}-2`);
    expect(shortSellerOrderId(id)).toBe('3f2b9c1e-2');
    expect(parseSellerOrderId(id)).toEqual({ orderId: purchase, n: 2 });
  });

  it('are not read from ids without a seller number', () => {
    for (const id of [purchase.slice(0, 23), 'abc', 'abc-0', 'abc-', '-1', 'abc-12345'])
      expect(parseSellerOrderId(id)).toBeNull();
  });
});

describe('purchaseStatus', () => {
  it('is the least advanced part not cancelled', () => {
    expect(purchaseStatus(['delivered', 'processing', 'shipped'])).toBe('processing');
    expect(purchaseStatus(['delivered', 'cancelled'])).toBe('delivered');
    expect(purchaseStatus(['pending'])).toBe('pending');
  });

  it('is cancelled only when every part is', () => {
    expect(purchaseStatus(['cancelled', 'cancelled'])).toBe('cancelled');
    expect(purchaseStatus(['cancelled', 'pending'])).toBe('pending');
  });
});

describe('purchaseProgress', () => {
  it('is the status the parts not cancelled share', () => {
    expect(purchaseProgress(['shipped', 'shipped', 'cancelled'])).toEqual({ status: 'shipped', partly: false });
    expect(purchaseProgress(['pending'])).toEqual({ status: 'pending', partly: false });
    expect(purchaseProgress(['cancelled', 'cancelled'])).toEqual({ status: 'cancelled', partly: false });
  });

  it('is partly the furthest status when the parts differ: never pending while a part is delivered', () => {
    expect(purchaseProgress(['pending', 'delivered'])).toEqual({ status: 'delivered', partly: true });
    expect(purchaseProgress(['processing', 'shipped', 'cancelled'])).toEqual({ status: 'shipped', partly: true });
  });
});

describe('withSellerOrder', () => {
  it('puts a seller order in its place, with the fields the purchase shows, and derives the purchase status again', () => {
    const part = (id: string, status: OrderStatus) => ({ id, status, cancelReason: null as string | null });
    const order = {
      id: 'order-1',
      sellerOrders: [part('order-1-1', 'delivered'), part('order-1-2', 'pending')],
      status: 'pending' as OrderStatus,
      updatedAt: '2025-03-01T10:00:00.000Z',
    };
    const cancelled = {
      ...part('order-1-2', 'cancelled'),
      cancelReason: 'Harvest late',
      buyerId: 'buyer',
      updatedAt: '2025-03-02T10:00:00.000Z',
    };
    const after = withSellerOrder(order, cancelled);
    expect(after.sellerOrders[1]).toEqual({ id: 'order-1-2', status: 'cancelled', cancelReason: 'Harvest late' });
    expect(after.sellerOrders[1]).not.toHaveProperty('updatedAt');
    expect(after.sellerOrders[0]).toBe(order.sellerOrders[0]);
    // Delivered and cancelled: the purchase is delivered.
    expect(after.status).toBe('delivered');
    expect(after.updatedAt).toBe('2025-03-02T10:00:00.000Z');
  });
});
