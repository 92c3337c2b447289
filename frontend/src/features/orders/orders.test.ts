import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { amountSpent, canAskReturn, linesOf, notReturnable, returnableUnits, startingReturn } from './orders.ts';
import { rulesOf } from './returnPolicy.ts';
import type { Order, OrderPart, OrderReturn } from './types.ts';
import { KOCHI_ADDRESS } from '../../../../domain/order/addresses.fixtures.ts';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

const line = (
  productId: string,
  sellerId: string,
  pricePaise: number,
  quantity: number,
  categoryId = 'handicrafts',
) => ({
  productId,
  variantId: 'default',
  variantLabel: '',
  sku: '',
  personalisation: [],
  name: `Product ${productId}`,
  pricePaise,
  quantity,
  imageUrl: null,
  sellerId,
  sellerName: `Seller ${sellerId}`,
  categoryId,
});

const part = (n: number, sellerId: string, subtotalPaise: number, changes: Partial<OrderPart> = {}): OrderPart => ({
  id: `order-1-${n}`,
  shortId: `order-1-${n}`,
  sellerId,
  sellerName: `Seller ${sellerId}`,
  subtotalPaise,
  status: 'pending',
  shipBy: '2024-05-03',
  promise: null,
  cancelReason: null,
  deliveredAt: null,
  history: [],
  returns: [],
  shipment: null,
  ...changes,
});

const returned = (
  productId: string,
  quantity: number,
  status: OrderReturn['status'],
  pricePaise = 100_000,
): OrderReturn => ({
  returnId: `order-1-1-R1`,
  lines: [
    {
      lineKey: productId,
      productId,
      variantId: 'default',
      variantLabel: '',
      quantity,
      name: `Product ${productId}`,
      pricePaise,
    },
  ],
  reason: 'Loose clasp',
  status,
  decisionReason: null,
  requestedAt: '2025-03-06T10:00:00.000Z',
  decidedAt: null,
});

/** A purchase from two sellers: 2 x ₹1,000 from A, 3 x ₹600 of spices from B, ₹50 delivery. */
function purchase(a: Partial<OrderPart> = {}, b: Partial<OrderPart> = {}): Order {
  return {
    id: 'order-1',
    buyerId: 'buyer',
    buyerName: 'Kavya Menon',
    lines: [line('necklace', 'a', 100_000, 2, 'jewelry'), line('saffron', 'b', 60_000, 3, 'spices')],
    sellerIds: ['a', 'b'],
    sellerOrders: [part(1, 'a', 200_000, a), part(2, 'b', 180_000, b)],
    shippingAddress: KOCHI_ADDRESS,
    delivery: 'standard',
    payment: 'cod',
    paymentStatus: 'cod',
    paymentDueBy: null,
    paymentFailure: null,
    subtotalPaise: 380_000,
    deliveryChargePaise: 5_000,
    totalPaise: 385_000,
    refunds: [],
    status: 'pending',
    placedAt: '2025-03-01T10:00:00.000Z',
    updatedAt: '2025-03-01T10:00:00.000Z',
  };
}

describe('amountSpent', () => {
  it('is the total while nothing is cancelled or returned', () => {
    expect(amountSpent(purchase())).toBe(385_000);
  });

  it('leaves out a cancelled part and accepted returns, and keeps the delivery charge', () => {
    const order = purchase(
      { status: 'delivered', returns: [returned('necklace', 1, 'accepted')] },
      { status: 'cancelled' },
    );
    expect(amountSpent(order)).toBe(385_000 - 180_000 - 100_000);
  });

  it('is nothing once every part is cancelled', () => {
    expect(amountSpent({ ...purchase({ status: 'cancelled' }, { status: 'cancelled' }), status: 'cancelled' })).toBe(0);
  });
});

describe('returns', () => {
  const rules = rulesOf(7, [
    { id: 'jewelry', returnable: true },
    { id: 'spices', returnable: false },
  ]);
  const delivered = { status: 'delivered', deliveredAt: '2025-03-05T10:00:00.000Z' } as const;
  const day = (iso: string) => Date.parse(iso);

  it('offers no more of the units a refused return held: a refusal is final', () => {
    const order = purchase(delivered);
    const [a] = order.sellerOrders;
    const refused = { ...a!, returns: [returned('necklace', 1, 'rejected')] };
    const [necklace] = linesOf(order, refused);
    expect(returnableUnits(refused, necklace!, rules)).toBe(1);
    const both = { ...a!, returns: [returned('necklace', 2, 'rejected')] };
    expect(returnableUnits(both, necklace!, rules)).toBe(0);
    expect(canAskReturn(both, linesOf(order, both), rules, day('2025-03-06T10:00:00.000Z'))).toBe(false);
  });

  it('offers a return of a delivered part within the window, while units are left', () => {
    const order = purchase(delivered);
    const [a] = order.sellerOrders;
    expect(canAskReturn(a!, linesOf(order, a!), rules, day('2025-03-12T09:59:00.000Z'))).toBe(true);
    expect(canAskReturn(a!, linesOf(order, a!), rules, day('2025-03-12T10:01:00.000Z'))).toBe(false);
    const all = { ...a!, returns: [returned('necklace', 2, 'requested')] };
    expect(canAskReturn(all, linesOf(order, all), rules, day('2025-03-06T10:00:00.000Z'))).toBe(false);
  });

  it('starts a return at 1 of the only line that can be returned, at nothing of several', () => {
    const order = purchase(delivered);
    const [a] = order.sellerOrders;
    const [necklace] = linesOf(order, a!);
    const one = startingReturn(a!, [necklace!], rules);
    expect(one.quantities).toEqual({ necklace: 1 });
    expect(one.least('necklace')).toBe(1);
    // One unit left: 1 is the only choice.
    const lastUnit = { ...a!, returns: [returned('necklace', 1, 'requested')] };
    expect(returnableUnits(lastUnit, necklace!, rules)).toBe(1);
    expect(startingReturn(lastUnit, [necklace!], rules).quantities).toEqual({ necklace: 1 });
    const bangle = { ...necklace!, productId: 'bangle' };
    const several = startingReturn(a!, [necklace!, bangle], rules);
    expect(several.quantities).toEqual({});
    expect(several.least('necklace')).toBe(0);
    // A line that cannot be returned does not count: the other is the only one.
    const spices = { ...bangle, categoryId: 'spices' };
    expect(startingReturn(a!, [necklace!, spices], rules).quantities).toEqual({ necklace: 1 });
  });

  it('says a delivered line of a category that takes no returns is not returnable', () => {
    const order = purchase({}, delivered);
    const [, b] = order.sellerOrders;
    const [saffron] = linesOf(order, b!);
    expect(notReturnable(b!, saffron!, rules)).toBe('Not returnable');
    const [necklace] = linesOf(order, order.sellerOrders[0]!);
    expect(notReturnable({ ...b!, sellerId: 'a' }, necklace!, rules)).toBeNull();
    expect(notReturnable({ ...b!, status: 'shipped' }, saffron!, rules)).toBeNull();
  });

  it('offers none before delivery, nor of a category that takes no returns', () => {
    const pending = purchase();
    expect(
      canAskReturn(
        pending.sellerOrders[0]!,
        linesOf(pending, pending.sellerOrders[0]!),
        rules,
        day('2025-03-06T10:00:00.000Z'),
      ),
    ).toBe(false);
    const spices = purchase({}, delivered).sellerOrders[1]!;
    expect(canAskReturn(spices, linesOf(purchase(), spices), rules, day('2025-03-06T10:00:00.000Z'))).toBe(false);
  });
});
