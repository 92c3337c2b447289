import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { Icon } from '../../../components/Icon.tsx';
import { formatDateTime } from '../../../format.ts';
import { domainText } from '../../../i18n/domain-text.ts';
import type { HistoryEntry } from '../types.ts';
import { ChangesTable } from '../ChangesTable.tsx';
import { entryStyle, isRestorable, showsChangesTable, stockMoveOf } from './entryKinds.ts';
import { fieldLabel, fieldValue } from './fieldWords.ts';
import { timeAgo } from './time.ts';

interface HistoryEntryItemProps {
  entry: HistoryEntry;
  /** The as-of view shows the product after this entry. */
  selected: boolean;
  onViewAsOf: (entry: HistoryEntry) => void;
  onRestore: (entry: HistoryEntry) => void;
}

/** One event of the product: what happened in plain words, the fields it changed, who did it and when. */
export function HistoryEntryItem({ entry, selected, onViewAsOf, onRestore }: HistoryEntryItemProps) {
  const { t } = useLingui();
  const id = useId();
  const style = entryStyle(entry);
  const title = t(style.title);
  const table = showsChangesTable(entry);
  const stock = stockMoveOf(entry);
  const absolute = formatDateTime(entry.at);
  const actorName = entry.actor.name;
  const summary = domainText(entry.summary);

  return (
    <li>
      <article
        aria-labelledby={`${id}-title`}
        className={`card flex-row gap-3 border p-4 ${selected ? 'border-primary bg-orange-50' : 'border-base-300'}`}
      >
        <span className="grid size-9 shrink-0 place-items-center rounded-full bg-base-200 text-base-content/80">
          <Icon name={style.icon} className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-4">
            <h3 id={`${id}-title`} className="font-semibold">
              {title}
              {selected && (
                <span className="badge badge-primary badge-sm ml-2 align-middle">
                  <Trans>Shown as of</Trans>
                </span>
              )}
            </h3>
            <p id={`${id}-when`} className="text-sm text-base-content/80">
              <time dateTime={entry.at} title={absolute}>
                {timeAgo(entry.at)}
              </time>
              {' · '}
              {absolute}
            </p>
          </div>
          {!table && summary !== title && <p className="break-words">{summary}</p>}
          {stock && (
            <p className="text-sm">
              {fieldLabel(stock.field)}: {stock.before} → {stock.after}
            </p>
          )}
          {table && (
            <ChangesTable
              rows={entry.changes!.map(({ field, before, after }) => ({
                key: field,
                field: fieldLabel(field),
                before: <span dir="auto">{fieldValue(field, before)}</span>,
                after: (
                  <>
                    <span aria-hidden="true">→ </span>
                    <span dir="auto">{fieldValue(field, after)}</span>
                  </>
                ),
              }))}
              caption={t`Fields changed ${absolute}`}
              labels={{ before: t`Before`, after: t`After` }}
              fieldWidth="w-32"
            />
          )}
          <p className="mt-1 text-sm text-base-content/80">
            <Trans>
              By <span dir="auto">{actorName}</span>
            </Trans>
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn btn-ghost btn-xs"
              aria-describedby={`${id}-title ${id}-when`}
              onClick={() => onViewAsOf(entry)}
            >
              <Icon name="eye" className="size-3.5" /> <Trans>View as of here</Trans>
            </button>
            {isRestorable(entry) && (
              <button
                type="button"
                className="btn btn-outline btn-xs"
                aria-describedby={`${id}-title ${id}-when`}
                onClick={() => onRestore(entry)}
              >
                <Trans>Restore this version</Trans>
              </button>
            )}
          </div>
        </div>
      </article>
    </li>
  );
}
