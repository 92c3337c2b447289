import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { HistoryNames } from '../../../../../domain/product/history.ts';
import type { ProductVersion } from '../types.ts';
import { fieldLabel, fieldValue } from './fieldWords.ts';
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
  const { t } = useLingui();
  const rows = compareVersions(then, now, names);
  const changed = rows.filter(differs).length;
  return (
    <>
      <p className="mb-2 text-sm font-medium">
        {changed === 0
          ? t`Exactly as it is now`
          : t`${plural(changed, { one: '# field', other: '# fields' })} differ from now`}
      </p>
      <table className="table table-sm table-fixed">
        <caption className="sr-only">
          <Trans>The product {thenLabel}, beside the product now</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col" className="w-28">
              <Trans>Field</Trans>
            </th>
            <th scope="col">
              <Trans>Then</Trans>
            </th>
            <th scope="col">
              <Trans>Now</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const different = differs(row);
            return (
              <tr key={row.field} className={different ? 'bg-warning/20' : undefined}>
                <th scope="row" className="align-top font-medium">
                  {fieldLabel(row.field)}
                  {different && (
                    <span className="badge badge-warning badge-xs mt-1 block w-fit">
                      <Trans>Differs</Trans>
                    </span>
                  )}
                </th>
                <td dir="auto" className="align-top break-words">
                  {fieldValue(row.field, row.before)}
                </td>
                <td dir="auto" className="align-top break-words">
                  {fieldValue(row.field, row.after)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
