import { Trans } from '@lingui/react/macro';
import type { Data, server } from '../api/client.ts';
import { formatPrice } from '../format.ts';
import { FigureHead } from './FigureHead.tsx';

/** Sales of a day, a category or a range (the totals of GET /analytics/seller and /admin); cancelled orders are not counted. */
type SalesTally = Data<typeof server.analytics.seller.$get>['totals'];

/** The header row of a sales table: what a row is about, then revenue, units and orders. */
export function SalesHead({ subject, revenueAlign = 'right' }: { subject: string; revenueAlign?: 'left' | 'right' }) {
  return (
    <tr>
      <th scope="col">{subject}</th>
      <th scope="col" className={revenueAlign === 'right' ? 'text-right' : undefined}>
        <Trans>Revenue</Trans>
      </th>
      <FigureHead>
        <Trans>Units</Trans>
      </FigureHead>
      <FigureHead>
        <Trans>Orders</Trans>
      </FigureHead>
    </tr>
  );
}

/** A row's figures, under SalesHead's columns. */
export function SalesCells({ revenuePaise, units, orders }: SalesTally) {
  return (
    <>
      <td className="text-right">{formatPrice(revenuePaise)}</td>
      <td className="text-right">{units}</td>
      <td className="text-right">{orders}</td>
    </>
  );
}
