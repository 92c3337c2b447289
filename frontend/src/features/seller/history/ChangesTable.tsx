import type { FieldChange } from '../types.ts';

/** The fields an edit changed: each with its value before and after. */
export function ChangesTable({ changes, caption }: { changes: readonly FieldChange[]; caption: string }) {
  return (
    <table className="table table-sm mt-2 table-fixed">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className="w-32">
            Field
          </th>
          <th scope="col">Before</th>
          <th scope="col">After</th>
        </tr>
      </thead>
      <tbody>
        {changes.map(({ field, before, after }) => (
          <tr key={field}>
            <th scope="row" className="font-medium">
              {field}
            </th>
            <td className="break-words whitespace-pre-line text-base-content/80">{before}</td>
            <td className="break-words whitespace-pre-line">
              <span aria-hidden="true">→ </span>
              {after}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
