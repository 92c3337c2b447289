/** The series of the sales charts and their descriptions in words, from the API's answer. */
import { formatInrThousands } from '../../../../../domain/money.ts';
import { countOf, formatDay, formatPrice } from '../../../format.ts';
import type { SellerSales } from '../types.ts';

export interface DailySeries {
  days: string[];
  values: number[];
  description: string;
}

/** The day with the most of `value` (the first of equals). */
function bestDay(days: SellerSales['days'], value: (day: SellerSales['days'][number]) => number) {
  return days.reduce((best, day) => (value(day) > value(best) ? day : best));
}

function describe(sales: SellerSales, what: string, total: string, best: { day: string; figure: string }): string {
  const span = `${formatDay(sales.from)} to ${formatDay(sales.to)}`;
  return `${what} per day, ${span}: ${total} in all; the best day was ${formatDay(best.day)} with ${best.figure}. The table below gives every day.`;
}

export function revenueSeries(sales: SellerSales): DailySeries {
  const best = bestDay(sales.days, (day) => day.revenuePaise);
  return {
    days: sales.days.map(({ day }) => day),
    values: sales.days.map(({ revenuePaise }) => revenuePaise),
    description: describe(sales, 'Revenue', formatPrice(sales.totals.revenuePaise), {
      day: best.day,
      figure: formatPrice(best.revenuePaise),
    }),
  };
}

export function unitsSeries(sales: SellerSales): DailySeries {
  const best = bestDay(sales.days, (day) => day.units);
  return {
    days: sales.days.map(({ day }) => day),
    values: sales.days.map(({ units }) => units),
    description: describe(sales, 'Units sold', countOf(sales.totals.units, 'unit'), {
      day: best.day,
      figure: countOf(best.units, 'unit'),
    }),
  };
}

/** Axis labels: revenue in thousands of rupees (₹12.5K), units as they are. */
export const revenueAxis = (paise: number): string => formatInrThousands(Math.round(paise));
export const unitsAxis = (units: number): string => units.toLocaleString('en-IN');

/** The smallest step of each value axis: ₹100 (in paise), 1 unit. */
export const REVENUE_STEP = 10_000;
export const UNITS_STEP = 1;
