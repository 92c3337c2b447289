import { useSignals } from '@preact/signals-react/runtime';
import type { Paise } from '../../../domain/money.ts';
import { formatPrice } from '../format.ts';
import { approxText, rateNote } from '../state/currency.ts';

/**
 * " ≈ €13.80": `paise` in the buyer's chosen currency, beside the rupee amount charged; nothing
 * for rupees alone or while there is no rate. Its title says the rate and that payment is in rupees.
 * The space before it is its own, so a rupee amount alone ends where it always did.
 */
export function ApproxAmount({ paise, className = '' }: { paise: Paise; className?: string }) {
  useSignals();
  const text = approxText(paise);
  if (text === null) return null;
  return (
    <>
      {' '}
      <span
        className={`whitespace-nowrap text-sm font-normal text-base-content/80 ${className}`}
        title={rateNote() ?? undefined}
      >
        {text}
      </span>
    </>
  );
}

/** A rupee amount as charged, with its approximation in the buyer's currency beside it: every money figure a buyer reads. */
export function Money({ paise }: { paise: Paise }) {
  return (
    <>
      {formatPrice(paise)}
      <ApproxAmount paise={paise} />
    </>
  );
}
