import { describe, expect, it } from 'vitest';
import { MADE_TO_ORDER_MESSAGE, madeToOrderDaysSchema, madeToOrderText } from './made-to-order.ts';

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
