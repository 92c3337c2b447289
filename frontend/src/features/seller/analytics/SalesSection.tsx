import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, Suspense, lazy, useMemo, useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { type Figure, FigureCards } from '../../../components/StatCard.tsx';
import { formatDay, formatNumber, formatPrice } from '../../../format.ts';
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
    title: msg`Revenue per day`,
    of: revenueSeries,
    chart: { label: msg`Revenue`, step: REVENUE_STEP, formatValue: revenueAxis, tone: 'primary' },
  },
  {
    title: msg`Units sold per day`,
    of: unitsSeries,
    chart: { label: msg`Units sold`, step: UNITS_STEP, formatValue: unitsAxis, tone: 'secondary' },
  },
] as const;

/** The seller's sales: totals, revenue and units per day for a period, the categories, and the figures as a table. */
export function SalesSection({ className = '' }: { className?: string }) {
  const { t } = useLingui();
  const salesFigures: readonly Figure<SellerSales>[] = [
    { icon: 'rupee', label: t`Revenue`, show: ({ totals }) => formatPrice(totals.revenuePaise) },
    { icon: 'package', label: t`Units Sold`, show: ({ totals }) => formatNumber(totals.units) },
    { icon: 'cart', label: t`Orders`, show: ({ totals }) => formatNumber(totals.orders) },
  ];
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
          <Trans>Sales</Trans>
        </h2>
        <PeriodPicker value={period} onChange={setPeriod} />
      </div>
      <div className={busy}>
        <FigureCards label={t`Sales in figures`} of={{ data: sales, failed }} figures={salesFigures} />
      </div>
      <p className="mt-2 min-h-5 text-sm text-base-content/80">
        {sales && <SalesSpan from={sales.from} to={sales.to} />}
        <Trans>Cancelled orders are not counted; delivery charges are not included.</Trans>
      </p>

      <div className={`mt-6 ${busy}`}>
        {failed ? (
          <LoadFailed what={t`your sales`} onRetry={retry} />
        ) : sales && sales.totals.orders === 0 ? (
          // As tall as a row of charts (card padding, caption, canvas): what follows does not move.
          <div className="grid min-h-72">
            <EmptyState
              title={t`No sales in this period`}
              text={t`Orders for your products will show here, day by day.`}
            />
          </div>
        ) : (
          <div className="space-y-6">
            <div className="grid gap-6 lg:grid-cols-2">
              {CHARTS.map(({ title, chart }, index) => (
                <ChartCard key={title.id} title={t(title)}>
                  {series && <SalesChart {...series[index]!} {...chart} label={t(chart.label)} height={CHART_HEIGHT} />}
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

/** The days the figures span, "5 Mar 2025 to 3 Apr 2025 (UTC days). " */
function SalesSpan({ from, to }: { from: string; to: string }) {
  const fromDay = formatDay(from);
  const toDay = formatDay(to);
  return (
    <>
      <Trans>
        {fromDay} to {toDay} (UTC days).
      </Trans>{' '}
    </>
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
