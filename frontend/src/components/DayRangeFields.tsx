import { Field } from './Field.tsx';

/** A range of days (YYYY-MM-DD, '' for open), as date inputs give them. */
interface DayRange {
  from: string;
  to: string;
}

interface DayRangeFieldsProps {
  labels: DayRange;
  value: DayRange;
  onChange: (change: Partial<DayRange>) => void;
  /** Under the second day: what is wrong with the range. */
  error?: string | undefined;
}

/** Two date fields (`name` from and to), each keeping the other's day as its bound so the range cannot be turned round. */
export function DayRangeFields({ labels, value, onChange, error }: DayRangeFieldsProps) {
  return (
    <>
      <Field
        label={labels.from}
        name="from"
        type="date"
        value={value.from}
        max={value.to || undefined}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <Field
        label={labels.to}
        name="to"
        type="date"
        value={value.to}
        min={value.from || undefined}
        error={error}
        onChange={(event) => onChange({ to: event.target.value })}
      />
    </>
  );
}
