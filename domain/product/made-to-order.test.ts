import { describe, expect, it } from 'vitest';
import { MADE_TO_ORDER_MESSAGE, madeToOrderDaysOf, madeToOrderDaysSchema, madeToOrderText } from './made-to-order.ts';

describe('made to order', () => {
  it('takes 1 to 90 whole days, or null', () => {
    for (const days of [1, 45, 90, null]) expect(madeToOrderDaysSchema.parse(days)).toBe(days);
    for (const days of [0, 91, 2.5, -1, '10'])
      expect(madeToOrderDaysSchema.safeParse(days).error?.issues[0]?.message).toBe(MADE_TO_ORDER_MESSAGE);
  });

  it('says how long it takes, as the product page shows it', () => {
    expect(madeToOrderText(10)).toBe('Made to order: ships in 10 days');
    expect(madeToOrderText(1)).toBe('Made to order: ships in 1 day');
  });
});

describe('madeToOrderDaysOf', () => {
  const product = {
    madeToOrderDays: 10,
    variants: [{ id: 'v1' }, { id: 'v2', madeToOrderDays: 20 }, { id: 'v3', madeToOrderDays: null }],
  };

  it('takes a variant’s own days, else the product’s', () => {
    expect(['v1', 'v2', 'v3', 'default'].map((id) => madeToOrderDaysOf(product, id))).toEqual([10, 20, null, 10]);
  });
});
