import { Trans, useLingui } from '@lingui/react/macro';
import type { HistoryNames } from '../../../../../domain/product/history.ts';
import { SalesHead } from '../../../components/SalesColumns.tsx';
import { formatPrice } from '../../../format.ts';
import type { SellerSales } from '../types.ts';

/** Sales per category, highest revenue first, each with a bar of its share of the best one (from small screens up). */
export function CategoryTotals({ categories, names }: { categories: SellerSales['categories']; names: HistoryNames }) {
  const { t } = useLingui();
  const best = Math.max(1, ...categories.map(({ revenuePaise }) => revenuePaise));
  return (
    <section aria-labelledby="sales-categories-title" className="card border border-base-300 p-4">
      <h3 id="sales-categories-title" className="mb-2 font-semibold">
        <Trans>Sales by category</Trans>
      </h3>
      <table className="table table-sm">
        <thead>
          <SalesHead subject={t`Category`} revenueAlign="left" />
        </thead>
        <tbody>
          {categories.map(({ categoryId, revenuePaise, units, orders }) => (
            <tr key={categoryId}>
              <th scope="row" className="font-medium" dir="auto">
                {names.category(categoryId)}
              </th>
              <td>
                <span className="flex items-center gap-2">
                  <span className="hidden h-2 w-24 shrink-0 rounded-full bg-base-200 sm:block" aria-hidden="true">
                    <span
                      className="block h-2 rounded-full bg-primary"
                      style={{ width: `${(revenuePaise / best) * 100}%` }}
                    />
                  </span>
                  {formatPrice(revenuePaise)}
                </span>
              </td>
              <td className="text-right">{units}</td>
              <td className="text-right">{orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
