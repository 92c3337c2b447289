import { Trans, useLingui } from '@lingui/react/macro';
import { server } from '../../../api/client.ts';
import { useApiGet } from '../../../api/useApiGet.ts';
import { DayRangeFields } from '../../../components/DayRangeFields.tsx';
import { LoadFailed } from '../../../components/LoadFailed.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDay, formatPrice } from '../../../format.ts';
import { useCategoryNames } from '../../catalog/index.ts';
import { useFilters } from '../url.ts';
import { RevenueChart } from './RevenueChart.tsx';
import { SalesTable } from './SalesTable.tsx';

/** The marketplace's sales over a range of days (`?from=&to=`; the last 30 days without), per day, category and seller. */
export function SalesReport() {
  const { t } = useLingui();
  const [{ from, to }, setFilters] = useFilters(['from', 'to']);
  const report = useApiGet(
    (options) => server.analytics.admin.$get({ query: { from: from || undefined, to: to || undefined } }, options),
    [from, to],
    t`Failed to load sales`,
    { live: true },
  );
  const names = useCategoryNames();
  const data = report.data;
  // The range in force: the one asked for, else the server's default once it has answered.
  const shownFrom = from || data?.from || '';
  const shownTo = to || data?.to || '';
  const rangeFrom = data ? formatDay(data.from) : '';
  const rangeTo = data ? formatDay(data.to) : '';

  return (
    <section aria-labelledby="sales-title" aria-busy={report.loading}>
      <h2 id="sales-title" className="text-xl font-semibold">
        <Trans>Sales</Trans>
      </h2>
      <p className="mt-1 h-6 text-base-content/80">
        {data ? (
          <Trans>
            {rangeFrom} to {rangeTo} (UTC days), cancelled orders not counted
          </Trans>
        ) : (
          <Skeleton className="h-6 w-80" />
        )}
      </p>
      <div className="mt-4 grid max-w-md grid-cols-2 gap-x-4">
        <DayRangeFields
          labels={{ from: t`From`, to: t`To` }}
          value={{ from: shownFrom, to: shownTo }}
          onChange={setFilters}
        />
      </div>
      {report.loading ? (
        <Skeleton className="mt-2 h-[30rem] rounded-box" />
      ) : report.failed ? (
        <LoadFailed what={t`the sales`} onRetry={() => void report.reload()} />
      ) : (
        <div className="mt-2 space-y-8">
          <dl className="flex flex-wrap gap-x-10 gap-y-2">
            <Total label={t`Revenue`} value={formatPrice(data!.totals.revenuePaise)} />
            <Total label={t`Units sold`} value={String(data!.totals.units)} />
            <Total label={t`Orders`} value={String(data!.totals.orders)} />
          </dl>
          <RevenueChart days={data!.days} />
          <div className="grid gap-8 lg:grid-cols-2">
            <SalesTable
              caption={t`Top categories`}
              subject={t`Category`}
              rows={data!.categories.map((row) => ({
                ...row,
                key: row.categoryId,
                name: names.category(row.categoryId),
              }))}
            />
            <SalesTable
              caption={t`Top sellers`}
              subject={t`Seller`}
              rows={data!.sellers.map((row) => ({ ...row, key: row.sellerId, name: row.sellerName }))}
            />
          </div>
        </div>
      )}
    </section>
  );
}

function Total({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-base-content/80">{label}</dt>
      <dd className="text-2xl font-bold">{value}</dd>
    </div>
  );
}
