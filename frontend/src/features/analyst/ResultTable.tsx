import { useLingui } from '@lingui/react/macro';
import type { Data, server } from '../../api/client.ts';

export type SqlResult = Data<typeof server.analyst.sql.$post>;

/** A value as a cell shows it: NULL apart from the text "null", objects and lists as JSON. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** A query's answer: each column with its type, then the rows; numbers to the right. */
export function ResultTable({ result }: { result: SqlResult }) {
  const { t } = useLingui();
  const numeric = result.columns.map(({ type }) => /INT|DECIMAL|DOUBLE|FLOAT|REAL|NUMERIC/i.test(type));
  return (
    // Scrolls both ways: focusable, so the keyboard scrolls it too.
    <div
      className="max-h-[70vh] overflow-auto rounded-box border border-base-300"
      tabIndex={0}
      role="region"
      aria-label={t`Rows`}
    >
      <table className="table table-sm table-pin-rows" translate="no" dir="auto">
        <thead>
          <tr>
            {result.columns.map((column, index) => (
              <th key={`${index}-${column.name}`} scope="col" className={numeric[index] ? 'text-right' : ''}>
                <span className="block">{column.name}</span>
                <span className="block font-mono text-xs font-normal text-base-content/70">{column.type}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {result.rows.map((row, rowIndex) => (
            // Rows have no identity of their own; the answer is replaced whole.
            <tr key={rowIndex}>
              {row.map((value, index) => (
                <td
                  key={index}
                  className={`max-w-md truncate font-mono text-xs ${numeric[index] ? 'text-right tabular-nums' : ''} ${value === null ? 'text-base-content/60 italic' : ''}`}
                  title={cellText(value)}
                >
                  {cellText(value)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
