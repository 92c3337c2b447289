import { Trans } from '@lingui/react/macro';
import { SalesCells, SalesHead } from '../../../components/SalesColumns.tsx';
import type { SalesTally } from '../types.ts';

/** Rows shown of a ranking. */
const TOP = 10;

interface SalesTableProps {
  caption: string;
  /** The heading of the first column: what is ranked. */
  subject: string;
  /** Highest revenue first. */
  rows: ReadonlyArray<SalesTally & { key: string; name: string }>;
}

/** The top of a sales ranking: revenue, units and orders. */
export function SalesTable({ caption, subject, rows }: SalesTableProps) {
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm">
        <caption className="pb-2 text-left text-sm font-medium">{caption}</caption>
        <thead>
          <SalesHead subject={subject} />
        </thead>
        <tbody>
          {rows.slice(0, TOP).map(({ key, name, ...tally }) => (
            <tr key={key}>
              <th scope="row" className="font-normal" dir="auto">
                {name}
              </th>
              <SalesCells {...tally} />
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={4} className="text-base-content/80">
                <Trans>No sales in this range.</Trans>
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
