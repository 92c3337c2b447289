import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { notificationDecider } from '../notification/decider.ts';
import type { NotificationEvent } from '../notification/events.ts';
import type { Product } from '../product/decider.ts';
import { productDecider } from '../product/decider.ts';
import type { ProductEvent } from '../product/events.ts';
import type { Variant } from '../product/variants.ts';
import { AT, actors, given } from '../testing.ts';
import { alertKindOf, wishlistAlert, wishlistAlertId } from './alerts.ts';

const productId = 'p-1';
const stamp = { productId, by: actors.seller.userId, at: AT };
const listed: ProductEvent = {
  type: 'ProductListed',
  data: {
    productId,
    sellerId: actors.seller.userId,
    name: 'Brass Diya',
    description: 'Hand-cast',
    pricePaise: 399_00,
    originalPricePaise: null,
    categoryId: 'handicrafts',
    imageUrl: null,
    tags: [],
    stockQuantity: 4,
    listedAt: AT,
  },
};
const verified: ProductEvent = { type: 'ProductVerified', data: stamp };
const priced = (from: number, to: number): ProductEvent => ({
  type: 'ProductUpdated',
  data: { ...stamp, before: { pricePaise: from }, after: { pricePaise: to } },
});
const adjusted = (from: number, to: number): ProductEvent => ({
  type: 'StockAdjusted',
  data: { ...stamp, from, to, reason: 'manual' },
});
const released = (quantity: number, remaining: number): ProductEvent => ({
  type: 'StockReleased',
  data: { productId, orderId: 'o-1', quantity, remaining, reason: 'order_cancelled', at: AT },
});
const returned = (quantity: number, remaining: number): ProductEvent => ({
  type: 'StockReturned',
  data: { productId, returnId: 'r-1', quantity, remaining, at: AT },
});
const productAfter = (...events: ProductEvent[]): Product => fold(productDecider, [listed, verified, ...events])!;

describe('alertKindOf', () => {
  it('finds a lower price, not a higher one, nor an edit that leaves the price', () => {
    expect(alertKindOf(priced(499_00, 399_00))).toBe('price_drop');
    expect(alertKindOf(priced(399_00, 499_00))).toBeNull();
    expect(
      alertKindOf({
        type: 'ProductUpdated',
        data: { ...stamp, before: { originalPricePaise: null }, after: { originalPricePaise: 600_00 } },
      }),
    ).toBeNull();
  });

  it('finds stock again after none: set by the seller, released by a cancel, or brought back by a return', () => {
    expect(alertKindOf(adjusted(0, 5))).toBe('back_in_stock');
    expect(alertKindOf(adjusted(2, 5))).toBeNull();
    expect(alertKindOf(adjusted(3, 0))).toBeNull();
    expect(alertKindOf(released(2, 2))).toBe('back_in_stock');
    expect(alertKindOf(released(2, 3))).toBeNull();
    expect(alertKindOf(returned(1, 1))).toBe('back_in_stock');
    expect(alertKindOf(returned(1, 4))).toBeNull();
    expect(
      alertKindOf({ type: 'StockReserved', data: { productId, orderId: 'o-1', quantity: 1, remaining: 0, at: AT } }),
    ).toBeNull();
  });
});

describe('wishlistAlert', () => {
  it('tells the new price and the old one', () => {
    const event = priced(499_00, 399_00);
    expect(wishlistAlert(event, productAfter(event), null)).toEqual({
      kind: 'price_drop',
      title: 'Price drop: Brass Diya',
      body: 'Now ₹399.00, was ₹499.00.',
    });
  });

  it('tells how many are in stock again, and the price', () => {
    const events = [adjusted(4, 0), adjusted(0, 3)];
    expect(wishlistAlert(events[1]!, productAfter(...events), null)).toEqual({
      kind: 'back_in_stock',
      title: 'Back in stock: Brass Diya',
      body: '3 in stock now, at ₹399.00.',
    });
  });

  it('tells nothing of a product not for sale at the time, or of an event that calls for nothing', () => {
    const event = priced(499_00, 399_00);
    expect(wishlistAlert(event, { ...productAfter(event), delisted: true }, null)).toBeNull();
    expect(wishlistAlert(event, { ...productAfter(event), verification: 'pending' }, null)).toBeNull();
    expect(wishlistAlert(adjusted(1, 2), productAfter(), null)).toBeNull();
  });
});

describe('a variant saved', () => {
  const size = (id: string, value: string, pricePaise: number): Variant => ({
    id,
    sku: `DIYA-${value}`,
    optionValues: [value],
    pricePaise,
    originalPricePaise: null,
    imageUrls: [],
  });
  const sizes = (nine: number) => [size('v1', 'Small', 399_00), size('v2', 'Large', nine)];
  const listedInSizes: ProductEvent = {
    type: 'ProductListed',
    data: {
      ...(listed.data as Extract<ProductEvent, { type: 'ProductListed' }>['data']),
      options: [{ name: 'Size', values: ['Small', 'Large'] }],
      variants: sizes(499_00),
      stockByVariant: { v1: 2, v2: 0 },
      stockQuantity: 2,
    },
  };
  const inSizesAfter = (...events: ProductEvent[]): Product =>
    fold(productDecider, [listedInSizes, verified, ...events])!;
  // The large one is cheaper; the product's own (lowest) price stays.
  const repriced: ProductEvent = {
    type: 'ProductUpdated',
    data: { ...stamp, before: { variants: sizes(499_00) }, after: { variants: sizes(449_00) } },
  };

  it('is told of its own price drop, though the product’s lowest price stays', () => {
    expect(alertKindOf(repriced)).toBe('price_drop');
    expect(wishlistAlert(repriced, inSizesAfter(repriced), 'v2')).toEqual({
      kind: 'price_drop',
      title: 'Price drop: Brass Diya (Large)',
      body: 'Now ₹449.00, was ₹499.00.',
    });
    expect(wishlistAlert(repriced, inSizesAfter(repriced), 'v1')).toBeNull();
    expect(wishlistAlert(repriced, inSizesAfter(repriced), null)).toBeNull();
    const dearer: ProductEvent = {
      type: 'ProductUpdated',
      data: { ...stamp, before: { variants: sizes(449_00) }, after: { variants: sizes(499_00) } },
    };
    expect(alertKindOf(dearer)).toBeNull();
  });

  it('is told when it is back in stock, not when another variant is', () => {
    const back: ProductEvent = {
      type: 'StockAdjusted',
      data: { ...stamp, variantId: 'v2', from: 0, to: 3, reason: 'manual' },
    };
    const large = {
      kind: 'back_in_stock',
      title: 'Back in stock: Brass Diya (Large)',
      body: '3 in stock now, at ₹499.00.',
    };
    expect(wishlistAlert(back, inSizesAfter(back), 'v2')).toEqual(large);
    expect(wishlistAlert(back, inSizesAfter(back), null)).toEqual(large);
    expect(wishlistAlert(back, inSizesAfter(back), 'v1')).toBeNull();
  });
});

describe('a buyer’s notification', () => {
  const buyer = actors.buyer;
  const notificationId = wishlistAlertId(buyer.userId, 'event-1');
  const alert = { kind: 'price_drop', title: 'Price drop: Brass Diya', body: 'Now ₹399.00, was ₹499.00.' } as const;
  const notify = { type: 'NotifyBuyer', notificationId, buyerId: buyer.userId, productId, alert, at: AT } as const;
  const notified: NotificationEvent = {
    type: 'BuyerNotified',
    data: { notificationId, buyerId: buyer.userId, productId, ...alert, at: AT },
  };
  const read: NotificationEvent = { type: 'NotificationRead', data: { notificationId, by: buyer.userId, at: AT } };

  it('is recorded once per buyer and product event', () => {
    expect(notificationId).toBe('wishlist-buyer-1-event-1');
    given(notificationDecider).when(notify).then([notified]);
    given(notificationDecider, [notified]).when(notify).then([]);
  });

  it('is marked read by its buyer only; to anyone else it does not exist', () => {
    given(notificationDecider, [notified]).when({ type: 'MarkNotificationRead', actor: buyer, at: AT }).then([read]);
    given(notificationDecider, [notified, read]).when({ type: 'MarkNotificationRead', actor: buyer, at: AT }).then([]);
    for (const other of [actors.otherBuyer, actors.seller, actors.admin]) {
      given(notificationDecider, [notified])
        .when({ type: 'MarkNotificationRead', actor: other, at: AT })
        .then({ code: 'not_found', kind: 'not_found' });
    }
  });
});
