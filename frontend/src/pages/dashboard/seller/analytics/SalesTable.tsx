import type { SellerSales } from '../../../../api/types.ts';
import { formatPrice } from '../../../../format.ts';
import { formatDay } from './range.ts';

interface SalesTableProps {
  sales: SellerSales;
  /** Whether it is shown: kept by the section, so another period does not close it. */
  open: boolean;
  onToggle: (open: boolean) => void;
}

/** The figures of the charts as a table, a day a row, with the totals: opened on demand. */
export function SalesTable({ sales, open, onToggle }: SalesTableProps) {
  const { from, to, days, totals } = sales;
  const caption = `Sales per day, ${formatDay(from)} to ${formatDay(to)}`;
  return (
    <details className="rounded-box border border-base-300" open={open} onToggle={(event) => onToggle(event.currentTarget.open)}>
      <summary className="cursor-pointer p-4 font-medium">Show the figures as a table</summary>
      {/* Scrolls on its own: focusable, so the keyboard can scroll it too. */}
      <div className="max-h-96 overflow-y-auto px-4" tabIndex={0} role="region" aria-label={caption}>
        <table className="table table-sm table-pin-rows">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col" className="text-right">
                Revenue
              </th>
              <th scope="col" className="text-right">
                Units
              </th>
              <th scope="col" className="text-right">
                Orders
              </th>
            </tr>
          </thead>
          <tbody>
            {days.map(({ day, revenuePaise, units, orders }) => (
              <tr key={day}>
                <th scope="row" className="font-normal">
                  <time dateTime={day}>{formatDay(day)}</time>
                </th>
                <td className="text-right">{formatPrice(revenuePaise)}</td>
                <td className="text-right">{units}</td>
                <td className="text-right">{orders}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Total</th>
              <td className="text-right">{formatPrice(totals.revenuePaise)}</td>
              <td className="text-right">{totals.units}</td>
              <td className="text-right">{totals.orders}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </details>
  );
}
