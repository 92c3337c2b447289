import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { PERIODS, type Period } from './range.ts';

/** The period of the sales: radio buttons in a row (arrow keys move between them). */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const { t } = useLingui();
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">{t`Period`}</legend>
      <div className="join">
        {PERIODS.map((days) => (
          <input
            key={days}
            type="radio"
            name={name}
            className="join-item btn btn-sm"
            aria-label={t`Last ${days} days`}
            checked={value === days}
            onChange={() => onChange(days)}
          />
        ))}
      </div>
    </fieldset>
  );
}
