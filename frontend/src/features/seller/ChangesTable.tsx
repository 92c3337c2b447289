import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

/** A field with its value before a change and after it. */
interface ChangeRow {
  key: string;
  field: string;
  before: ReactNode;
  after: ReactNode;
}

interface ChangesTableProps {
  rows: readonly ChangeRow[];
  caption: string;
  /** The headings of the value columns: 'Before' / 'After' in the history, 'On sale now' / 'Proposed' in the review. */
  labels: { before: string; after: string };
  /** The width of the field column. */
  fieldWidth: 'w-28' | 'w-32';
}

/** The fields a change touches (an edit in the history, a revision waiting for review): each with its value before, dimmed, and after. */
export function ChangesTable({ rows, caption, labels, fieldWidth }: ChangesTableProps) {
  return (
    <table className="table table-sm mt-2 table-fixed">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={fieldWidth}>
            <Trans>Field</Trans>
          </th>
          <th scope="col">{labels.before}</th>
          <th scope="col">{labels.after}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, field, before, after }) => (
          <tr key={key}>
            <th scope="row" className="font-medium">
              {field}
            </th>
            <td className="break-words whitespace-pre-line text-base-content/80">{before}</td>
            <td className="break-words whitespace-pre-line">{after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
