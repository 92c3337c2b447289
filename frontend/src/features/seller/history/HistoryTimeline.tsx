import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { formatNumber } from '../../../format.ts';
import type { HistoryEntry } from '../types.ts';
import { KIND_LABELS, entryStyle } from './entryKinds.ts';
import { HistoryEntryItem } from './HistoryEntryItem.tsx';
import { type KindChoice, KindFilter } from './KindFilter.tsx';

interface HistoryTimelineProps {
  entries: readonly HistoryEntry[];
  /** The position the as-of view shows, if any. */
  selectedPosition: number | null;
  onViewAsOf: (entry: HistoryEntry) => void;
  onRestore: (entry: HistoryEntry) => void;
}

function countByKind(entries: readonly HistoryEntry[]): Record<KindChoice, number> {
  const counts: Record<KindChoice, number> = { all: entries.length, edits: 0, stock: 0, status: 0, reviews: 0 };
  for (const entry of entries) {
    const { kind } = entryStyle(entry);
    if (kind) counts[kind]++;
  }
  return counts;
}

/** Every event of the product, oldest first, with a filter by kind. */
export function HistoryTimeline({ entries, selectedPosition, onViewAsOf, onRestore }: HistoryTimelineProps) {
  const { t } = useLingui();
  const [kind, setKind] = useState<KindChoice>('all');
  const shown = kind === 'all' ? entries : entries.filter((entry) => entryStyle(entry).kind === kind);
  const total = entries.length;
  const shownCount = formatNumber(shown.length);
  const kindLabel = kind === 'all' ? '' : t(KIND_LABELS[kind]);

  return (
    <section aria-labelledby="timeline-title">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="timeline-title" className="text-xl font-semibold">
          <Trans>Events</Trans>
        </h2>
        <KindFilter value={kind} counts={countByKind(entries)} onChange={setKind} />
      </div>
      <p role="status" className="mb-3 text-sm text-base-content/80">
        {kind === 'all'
          ? t`${plural(total, { one: '# event', other: '# events' })}, oldest first`
          : t`${kindLabel}: ${shownCount} of ${plural(total, { one: '# event', other: '# events' })}`}
      </p>
      {shown.length === 0 ? (
        <EmptyState title={t`No events of this kind`} text={t`Choose All to see every event of the product.`} />
      ) : (
        <ol className="space-y-3">
          {shown.map((entry) => (
            <HistoryEntryItem
              key={entry.position}
              entry={entry}
              selected={entry.position === selectedPosition}
              onViewAsOf={onViewAsOf}
              onRestore={onRestore}
            />
          ))}
        </ol>
      )}
    </section>
  );
}
