import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { formatNumber } from '../../../format.ts';
import { type EntryKind, KIND_LABELS } from './entryKinds.ts';

export type KindChoice = EntryKind | 'all';

interface KindFilterProps {
  value: KindChoice;
  /** Entries of each choice. */
  counts: Record<KindChoice, number>;
  onChange: (kind: KindChoice) => void;
}

const CHOICES: ReadonlyArray<[KindChoice, MessageDescriptor]> = [
  ['all', msg`All`],
  ...(Object.entries(KIND_LABELS) as Array<[EntryKind, MessageDescriptor]>),
];

/** Which entries the history shows: radio buttons styled as buttons, wrapping on narrow screens (arrow keys move between them). */
export function KindFilter({ value, counts, onChange }: KindFilterProps) {
  const { t } = useLingui();
  const name = useId();
  return (
    <fieldset>
      <legend className="sr-only">
        <Trans>Show events of kind</Trans>
      </legend>
      <div className="flex flex-wrap gap-1">
        {CHOICES.map(([kind, label]) => (
          <input
            key={kind}
            type="radio"
            name={name}
            className="btn btn-sm"
            aria-label={`${t(label)} (${formatNumber(counts[kind])})`}
            checked={value === kind}
            onChange={() => onChange(kind)}
          />
        ))}
      </div>
    </fieldset>
  );
}
