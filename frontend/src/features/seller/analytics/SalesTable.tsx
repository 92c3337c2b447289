import { Trans, useLingui } from '@lingui/react/macro';
import { SalesCells, SalesHead } from '../../../components/SalesColumns.tsx';
import { formatDay } from '../../../format.ts';
import type { SellerSales } from '../types.ts';

interface SalesTableProps {
  sales: SellerSales;
  /** Whether it is shown: kept by the section, so another period does not close it. */
  open: boolean;
  onToggle: (open: boolean) => void;
}

/** The figures of the charts as a table, a day a row, with the totals: opened on demand. */
export function SalesTable({ sales, open, onToggle }: SalesTableProps) {
  const { from, to, days, totals } = sales;
  const { t } = useLingui();
  const fromDay = formatDay(from);
  const toDay = formatDay(to);
  const caption = t`Sales per day, ${fromDay} to ${toDay}`;
  return (
    <details
      className="rounded-box border border-base-300"
      open={open}
      onToggle={(event) => onToggle(event.currentTarget.open)}
    >
      <summary className="cursor-pointer p-4 font-medium">
        <Trans>Show the figures as a table</Trans>
      </summary>
      {/* Scrolls on its own: focusable, so the keyboard can scroll it too. */}
      <div className="max-h-96 overflow-y-auto px-4" tabIndex={0} role="region" aria-label={caption}>
        <table className="table table-sm table-pin-rows">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <SalesHead subject={t`Day`} />
          </thead>
          <tbody>
            {days.map(({ day, ...tally }) => (
              <tr key={day}>
                <th scope="row" className="font-normal">
                  <time dateTime={day}>{formatDay(day)}</time>
                </th>
                <SalesCells {...tally} />
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">
                <Trans>Total</Trans>
              </th>
              <SalesCells {...totals} />
            </tr>
          </tfoot>
        </table>
      </div>
    </details>
  );
}
