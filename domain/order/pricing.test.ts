import { expect, it } from 'vitest';
import { DELIVERY_OPTIONS, PAYMENT_METHODS } from './options.ts';
import { priceOrder, subtotal } from './pricing.ts';

it('offers the delivery options and payment methods of the spec', () => {
  expect(Object.values(DELIVERY_OPTIONS).map(({ id, chargePaise, estimate }) => [id, chargePaise, estimate])).toEqual([
    ['standard', 5_000, '5-7 business days'],
    ['express', 15_000, '2-3 business days'],
    ['overnight', 30_000, 'Next day'],
  ]);
  expect(PAYMENT_METHODS.cod).toMatchObject({
    label: 'Cash on Delivery',
    description: 'Pay when you receive',
    enabled: true,
  });
  expect(PAYMENT_METHODS.online).toMatchObject({ label: 'Pay online (UPI, cards, netbanking)', enabled: true });
});

it('totals price x quantity plus the delivery charge, in exact paise', () => {
  const lines = [
    { pricePaise: 10, quantity: 1 }, // ₹0.10
    { pricePaise: 20, quantity: 1 }, // ₹0.20
    { pricePaise: 99_999, quantity: 3 },
  ];
  expect(subtotal(lines)).toBe(300_027);
  expect(priceOrder(lines, 'overnight')).toEqual({
    subtotalPaise: 300_027,
    deliveryChargePaise: 30_000,
    totalPaise: 330_027,
  });
  expect(priceOrder([], 'standard')).toEqual({ subtotalPaise: 0, deliveryChargePaise: 5_000, totalPaise: 5_000 });
});
