import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatRate } from '../../../components/LedgerTable.tsx';
import { formatDateTime } from '../../../format.ts';
import { categoryName } from '../../../i18n/domain-labels.ts';
import type { CategoryPolicy, PolicyChange } from '../types.ts';

interface CategoryRowProps {
  category: CategoryPolicy;
  defaultCommissionBps: number;
  busy: boolean;
  onChangeCommission: () => void;
  onChangeReturns: () => void;
}

/** What a change set, in words. */
function changeText(change: PolicyChange, defaultCommissionBps: number): string {
  if (change.change === 'returns') return change.value ? t`Returns accepted` : t`Returns stopped`;
  const defaultRate = formatRate(defaultCommissionBps);
  if (change.value === null) return t`Commission back to the default (${defaultRate})`;
  const rate = formatRate(change.value);
  return t`Commission set to ${rate}`;
}

/** A category: its commission (its own or the default), whether it takes returns, the changes made, and the ways to change both. */
export function CategoryRow({
  category,
  defaultCommissionBps,
  busy,
  onChangeCommission,
  onChangeReturns,
}: CategoryRowProps) {
  const { t } = useLingui();
  const nameId = useId();
  const ownRate = category.commissionBps !== null;
  const rate = formatRate(category.effectiveCommissionBps);
  const defaultRate = formatRate(defaultCommissionBps);
  const changes = category.history.length;

  return (
    <li className="card gap-2 border border-base-300 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={nameId} className="font-semibold">
          {categoryName(category)}
        </h3>
        <span className={`badge whitespace-nowrap ${category.effectiveReturnable ? 'badge-success' : 'badge-neutral'}`}>
          {category.effectiveReturnable ? t`Returnable` : t`Not returnable`}
        </span>
      </div>
      <p className="text-sm">
        <Trans>
          Commission: <strong>{rate}</strong>
        </Trans>{' '}
        <span className="text-base-content/80">
          {ownRate ? t`(its own rate; default ${defaultRate})` : t`(the default)`}
        </span>
        {' · '}
        {category.effectiveReturnable ? t`Returns: accepted` : t`Returns: not accepted`}{' '}
        <span className="text-base-content/80">
          {category.returnable === null ? t`(the category’s default)` : t`(set by an admin)`}
        </span>
      </p>
      {category.history.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer">
            <Trans>Changes ({changes})</Trans>
          </summary>
          <ol className="mt-2 space-y-1 border-l-2 border-base-300 pl-3">
            {category.history.map((change) => {
              const what = changeText(change, defaultCommissionBps);
              const adminName = change.byName;
              const at = formatDateTime(change.at);
              return (
                <li key={`${change.change}-${change.at}`}>
                  {adminName ? (
                    <Trans>
                      <span className="font-medium">{what}</span> by <span dir="auto">{adminName}</span> on{' '}
                      <time dateTime={change.at}>{at}</time>
                    </Trans>
                  ) : (
                    <Trans>
                      <span className="font-medium">{what}</span> by an admin on <time dateTime={change.at}>{at}</time>
                    </Trans>
                  )}
                  <span className="text-base-content/80">
                    : <span dir="auto">{change.reason}</span>
                  </span>
                </li>
              );
            })}
          </ol>
        </details>
      )}
      <div className="mt-1 flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-describedby={nameId}
          disabled={busy}
          onClick={onChangeCommission}
        >
          <Trans>Change commission</Trans>
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-describedby={nameId}
          disabled={busy}
          onClick={onChangeReturns}
        >
          {category.effectiveReturnable ? t`Stop returns` : t`Accept returns`}
        </button>
      </div>
    </li>
  );
}
