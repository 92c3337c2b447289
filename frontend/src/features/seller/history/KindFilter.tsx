import { useId } from 'react';
import { type EntryKind, KIND_LABELS } from './entryKinds.ts';

export type KindChoice = EntryKind | 'all';

interface KindFilterProps {
  value: KindChoice;
  /** Entries of each choice. */
  counts: Record<KindChoice, number>;
  onChange: (kind: KindChoice) => void;
}

const CHOICES: ReadonlyArray<[KindChoice, string]> = [
  ['all', 'All'],
  ...(Object.entries(KIND_LABELS) as Array<[EntryKind, string]>),
];

/** Which entries the history shows: radio buttons styled as buttons, wrapping on narrow screens (arrow keys move between them). */
export function KindFilter({ value, counts, onChange }: KindFilterProps) {
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">Show events of kind</legend>
      <div className="flex flex-wrap gap-1">
        {CHOICES.map(([kind, label]) => (
          <input
            key={kind}
            type="radio"
            name={name}
            className="btn btn-sm"
            aria-label={`${label} (${counts[kind]})`}
            checked={value === kind}
            onChange={() => onChange(kind)}
          />
        ))}
      </div>
    </fieldset>
  );
}
