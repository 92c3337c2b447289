import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type Ref, useId, useState } from 'react';
import type { HistoryNames } from '../../../../../domain/product/history.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Skeleton } from '../../../components/Skeleton.tsx';
import { formatDateTime } from '../../../format.ts';
import type { ProductVersion } from '../types.ts';
import type { Moment } from './historyApi.ts';
import { fromLocalInput, toLocalInput } from './time.ts';
import { useVersionAsOf } from './useVersionAsOf.ts';
import { VersionComparison } from './VersionComparison.tsx';

interface AsOfPanelProps {
  productId: string;
  current: ProductVersion;
  /** When the product was listed: the earliest moment worth picking. */
  listedAt: string;
  moment: Moment | null;
  onMomentChange: (moment: Moment) => void;
  names: HistoryNames;
  /** The heading takes the focus when an entry's 'View as of here' picks the moment. */
  headingRef: Ref<HTMLHeadingElement>;
}

/** Pick a moment (or an entry of the history) and see the product exactly as it stood then, beside how it is now. */
export function AsOfPanel({ productId, current, listedAt, moment, onMomentChange, names, headingRef }: AsOfPanelProps) {
  const { t } = useLingui();
  const id = useId();
  const [inputError, setInputError] = useState<string | null>(null);
  const asOf = useVersionAsOf(productId, moment);
  const when = moment ? formatDateTime(moment.at) : '';
  const thenLabel = moment ? t`as of ${when}` : '';

  function pick(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const at = fromLocalInput(String(new FormData(event.currentTarget).get('at') ?? ''));
    setInputError(at ? null : t`Choose a date and time`);
    if (at) onMomentChange({ at });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="card gap-3 border border-base-300 p-4">
      <div>
        <h2
          id={`${id}-title`}
          ref={headingRef}
          tabIndex={-1}
          className="scroll-mt-32 text-xl font-semibold outline-none"
        >
          <Trans>As of</Trans>
        </h2>
        <p className="text-sm text-base-content/80">
          <Trans>See the product exactly as it stood at a moment, beside how it is now.</Trans>
        </p>
      </div>
      <form onSubmit={pick} noValidate className="flex flex-wrap items-end gap-2">
        <div className="min-w-56 flex-1">
          <label htmlFor={`${id}-at`} className="mb-1 block text-sm font-medium">
            <Trans>Date and time</Trans>
          </label>
          <input
            // Shows the moment picked, also when an entry of the history picked it.
            key={moment ? `${moment.position ?? ''}@${moment.at}` : 'none'}
            id={`${id}-at`}
            name="at"
            type="datetime-local"
            step="1"
            min={toLocalInput(listedAt).slice(0, 16)}
            defaultValue={moment ? toLocalInput(moment.at) : ''}
            className={`input w-full ${inputError ? 'input-error' : ''}`}
            aria-invalid={inputError ? true : undefined}
            aria-describedby={`${id}-error`}
          />
        </div>
        <button type="submit" className="btn btn-primary">
          <Trans>Show</Trans>
        </button>
      </form>
      <p id={`${id}-error`} className="-mt-2 min-h-5 text-sm text-error">
        {inputError}
      </p>
      {asOf.status === 'idle' ? (
        <p className="text-sm text-base-content/80">
          <Trans>Pick a moment, or choose "View as of here" on an event.</Trans>
        </p>
      ) : asOf.status === 'loading' ? (
        <div aria-busy="true" aria-label={t`Loading the product as it was`}>
          <Skeleton className="h-80 rounded-box" />
        </div>
      ) : asOf.status === 'failed' ? (
        <Alert tone="error">{asOf.message}</Alert>
      ) : (
        <div>
          <p className="mb-1 text-sm">
            <Trans>
              The product <strong>{thenLabel}</strong>
            </Trans>
          </p>
          <VersionComparison then={asOf.version} now={current} names={names} thenLabel={thenLabel} />
        </div>
      )}
    </section>
  );
}
