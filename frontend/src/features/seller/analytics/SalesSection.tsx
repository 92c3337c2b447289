import { type ReactNode, Suspense, lazy, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { type Figure, FigureCards } from '../../../components/StatCard.tsx';
import { formatDay, formatPrice } from '../../../format.ts';
import { useCategoryNames } from '../../catalog/index.ts';
import { CategoryTotals } from './CategoryTotals.tsx';
import { PeriodPicker } from './PeriodPicker.tsx';
import { DEFAULT_PERIOD, type Period } from './range.ts';
import { REVENUE_STEP, UNITS_STEP, revenueAxis, revenueSeries, unitsAxis, unitsSeries } from './salesSeries.ts';
import { SalesTable } from './SalesTable.tsx';
import type { SellerSales } from '../types.ts';
import { useSales } from './useSales.ts';

// uPlot comes in its own chunk: the figures and tables do not wait for it.
const SalesChart = lazy(() => import('./SalesChart.tsx'));

/** Of each chart's canvas: the box is sized before the chart arrives. */
const CHART_HEIGHT = 224;

/** The charts, side by side: each with its title, its series and how it draws it. */
const CHARTS = [
  {
    title: 'Revenue per day',
    of: revenueSeries,
    chart: { label: 'Revenue', step: REVENUE_STEP, formatValue: revenueAxis, tone: 'primary' },
  },
  {
    title: 'Units sold per day',
    of: unitsSeries,
    chart: { label: 'Units sold', step: UNITS_STEP, formatValue: unitsAxis, tone: 'secondary' },
  },
] as const;

const SALES_FIGURES: readonly Figure<SellerSales>[] = [
  { icon: 'rupee', label: 'Revenue', show: ({ totals }) => formatPrice(totals.revenuePaise) },
  { icon: 'package', label: 'Units Sold', show: ({ totals }) => totals.units.toLocaleString('en-IN') },
  { icon: 'cart', label: 'Orders', show: ({ totals }) => totals.orders.toLocaleString('en-IN') },
];

/** The seller's sales: totals, revenue and units per day for a period, the categories, and the figures as a table. */
export function SalesSection({ className = '' }: { className?: string }) {
  const [period, setPeriod] = useState<Period>(DEFAULT_PERIOD);
  const { sales, loading, failed, retry } = useSales(period);
  const [tableOpen, setTableOpen] = useState(false);
  const names = useCategoryNames();
  const series = useMemo(() => sales && CHARTS.map(({ of }) => of(sales)), [sales]);
  // The figures of the previous period stay, dimmed, while the next one loads.
  const busy = loading ? 'opacity-60 transition-opacity' : '';

  return (
    <section id="sales" aria-labelledby="sales-title" aria-busy={loading} className={className}>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="sales-title" className="text-xl font-semibold">
          Sales
        </h2>
        <PeriodPicker value={period} onChange={setPeriod} />
      </div>
      <div className={busy}>
        <FigureCards label="Sales in figures" of={{ data: sales, failed }} figures={SALES_FIGURES} />
      </div>
      <p className="mt-2 min-h-5 text-sm text-base-content/80">
        {sales && `${formatDay(sales.from)} to ${formatDay(sales.to)} (UTC days). `}
        Cancelled orders are not counted; delivery charges are not included.
      </p>

      <div className={`mt-6 ${busy}`}>
        {failed ? (
          <LoadFailed what="your sales" onRetry={retry} />
        ) : sales && sales.totals.orders === 0 ? (
          // As tall as a row of charts (card padding, caption, canvas): what follows does not move.
          <div className="grid min-h-72">
            <EmptyState title="No sales in this period" text="Orders for your products will show here, day by day." />
          </div>
        ) : (
          <div className="space-y-6">
            <div className="grid gap-6 lg:grid-cols-2">
              {CHARTS.map(({ title, chart }, index) => (
                <ChartCard key={title} title={title}>
                  {series && <SalesChart {...series[index]!} {...chart} height={CHART_HEIGHT} />}
                </ChartCard>
              ))}
            </div>
            {sales ? (
              <CategoryTotals categories={sales.categories} names={names} />
            ) : (
              <Skeleton className="h-40 rounded-box" />
            )}
            {sales && <SalesTable sales={sales} open={tableOpen} onToggle={setTableOpen} />}
          </div>
        )}
      </div>
    </section>
  );
}

/** A chart with its title, in a box of the chart's height: a placeholder until the data and the chart code arrive. */
function ChartCard({ title, children }: { title: string; children: ReactNode }) {
  const placeholder = <Skeleton className="h-full rounded-box" />;
  return (
    <figure className="card border border-base-300 p-4">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <div style={{ height: CHART_HEIGHT }}>
        {children ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
      </div>
    </figure>
  );
}
