/** The series of the sales charts and their descriptions in words, from the API's answer. */
import { plural, t } from '@lingui/core/macro';
import { formatDay, formatNumber, formatPrice } from '../../../format.ts';
import { inrThousands } from '../inrThousands.ts';
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

/** The chart's figures in words: the span, the total and the best day (a sentence per chart, so each language words it whole). */
function describe(
  sales: SellerSales,
  chart: 'revenue' | 'units',
  total: string,
  best: { day: string; figure: string },
): string {
  const from = formatDay(sales.from);
  const to = formatDay(sales.to);
  const bestDay = formatDay(best.day);
  const figure = best.figure;
  return chart === 'revenue'
    ? t`Revenue per day, ${from} to ${to}: ${total} in all; the best day was ${bestDay} with ${figure}. The table below gives every day.`
    : t`Units sold per day, ${from} to ${to}: ${total} in all; the best day was ${bestDay} with ${figure}. The table below gives every day.`;
}

const unitsOf = (units: number): string => plural(units, { one: '# unit', other: '# units' });

export function revenueSeries(sales: SellerSales): DailySeries {
  const best = bestDay(sales.days, (day) => day.revenuePaise);
  return {
    days: sales.days.map(({ day }) => day),
    values: sales.days.map(({ revenuePaise }) => revenuePaise),
    description: describe(sales, 'revenue', formatPrice(sales.totals.revenuePaise), {
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
    description: describe(sales, 'units', unitsOf(sales.totals.units), {
      day: best.day,
      figure: unitsOf(best.units),
    }),
  };
}

/** Axis labels: revenue in thousands of rupees (₹12.5K), units as they are. */
export const revenueAxis = (paise: number): string => inrThousands(Math.round(paise));
export const unitsAxis = (units: number): string => formatNumber(units);

/** The smallest step of each value axis: ₹100 (in paise), 1 unit. */
export const REVENUE_STEP = 10_000;
export const UNITS_STEP = 1;
