import type { HistoryNames } from '../../../../../domain/product/history.ts';
import { countOf } from '../../../format.ts';
import type { ProductVersion } from '../types.ts';
import { compareVersions, differs } from './versionFields.ts';

interface VersionComparisonProps {
  then: ProductVersion;
  now: ProductVersion;
  names: HistoryNames;
  /** "as of 5 Mar 2025, 4:30 pm": names the Then column for screen readers. */
  thenLabel: string;
}

/** Every field of the product then beside now; the fields that differ are marked, not by colour alone. */
export function VersionComparison({ then, now, names, thenLabel }: VersionComparisonProps) {
  const rows = compareVersions(then, now, names);
  const changed = rows.filter(differs).length;
  return (
    <>
      <p className="mb-2 text-sm font-medium">
        {changed === 0 ? 'Exactly as it is now' : `${countOf(changed, 'field')} differ from now`}
      </p>
      <table className="table table-sm table-fixed">
        <caption className="sr-only">The product {thenLabel}, beside the product now</caption>
        <thead>
          <tr>
            <th scope="col" className="w-28">
              Field
            </th>
            <th scope="col">Then</th>
            <th scope="col">Now</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const different = differs(row);
            return (
              <tr key={row.field} className={different ? 'bg-warning/20' : undefined}>
                <th scope="row" className="align-top font-medium">
                  {row.field}
                  {different && <span className="badge badge-warning badge-xs mt-1 block w-fit">Differs</span>}
                </th>
                <td className="align-top break-words">{row.before}</td>
                <td className="align-top break-words">{row.after}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
