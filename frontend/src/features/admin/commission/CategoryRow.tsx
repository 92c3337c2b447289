import { useId } from 'react';
import { formatRate } from '../../../components/LedgerTable.tsx';
import { formatDateTime } from '../../../format.ts';
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
  if (change.change === 'returns') return change.value ? 'Returns accepted' : 'Returns stopped';
  return change.value === null
    ? `Commission back to the default (${formatRate(defaultCommissionBps)})`
    : `Commission set to ${formatRate(change.value)}`;
}

/** A category: its commission (its own or the default), whether it takes returns, the changes made, and the ways to change both. */
export function CategoryRow({
  category,
  defaultCommissionBps,
  busy,
  onChangeCommission,
  onChangeReturns,
}: CategoryRowProps) {
  const nameId = useId();
  const ownRate = category.commissionBps !== null;

  return (
    <li className="card gap-2 border border-base-300 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={nameId} className="font-semibold">
          {category.name}
        </h3>
        <span className={`badge whitespace-nowrap ${category.effectiveReturnable ? 'badge-success' : 'badge-neutral'}`}>
          {category.effectiveReturnable ? 'Returnable' : 'Not returnable'}
        </span>
      </div>
      <p className="text-sm">
        Commission: <strong>{formatRate(category.effectiveCommissionBps)}</strong>{' '}
        <span className="text-base-content/80">
          {ownRate ? `(its own rate; default ${formatRate(defaultCommissionBps)})` : '(the default)'}
        </span>
        {' · '}
        Returns: {category.effectiveReturnable ? 'accepted' : 'not accepted'}{' '}
        <span className="text-base-content/80">
          {category.returnable === null ? '(the category’s default)' : '(set by an admin)'}
        </span>
      </p>
      {category.history.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer">Changes ({category.history.length})</summary>
          <ol className="mt-2 space-y-1 border-l-2 border-base-300 pl-3">
            {category.history.map((change) => (
              <li key={`${change.change}-${change.at}`}>
                <span className="font-medium">{changeText(change, defaultCommissionBps)}</span> by{' '}
                {change.byName ?? 'an admin'} on <time dateTime={change.at}>{formatDateTime(change.at)}</time>
                <span className="text-base-content/80">: {change.reason}</span>
              </li>
            ))}
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
          Change commission
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          aria-describedby={nameId}
          disabled={busy}
          onClick={onChangeReturns}
        >
          {category.effectiveReturnable ? 'Stop returns' : 'Accept returns'}
        </button>
      </div>
    </li>
  );
}
