import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SellerSales } from '../types.ts';
import { revenueSeries, unitsSeries } from './salesSeries.ts';

const sales: SellerSales = {
  from: '2025-03-03',
  to: '2025-03-05',
  totals: { revenuePaise: 449_700, units: 3, orders: 2 },
  days: [
    { day: '2025-03-03', revenuePaise: 0, units: 0, orders: 0 },
    { day: '2025-03-04', revenuePaise: 299_800, units: 2, orders: 1 },
    { day: '2025-03-05', revenuePaise: 149_900, units: 1, orders: 1 },
  ],
  categories: [{ categoryId: 'textiles', revenuePaise: 449_700, units: 3, orders: 2 }],
  variants: [],
};

beforeAll(() => i18n.loadAndActivate({ locale: 'en', locales: ['en-IN'], messages: {} }));

describe('sales series', () => {
  it('give a value per day and say the total and the best day in words', () => {
    const revenue = revenueSeries(sales);
    expect(revenue.values).toEqual([0, 299_800, 149_900]);
    expect(revenue.description).toBe(
      'Revenue per day, 3 Mar 2025 to 5 Mar 2025: ₹4,497.00 in all; the best day was 4 Mar 2025 with ₹2,998.00. The table below gives every day.',
    );
    expect(unitsSeries(sales).description).toContain('3 units in all; the best day was 4 Mar 2025 with 2 units');
  });
});
