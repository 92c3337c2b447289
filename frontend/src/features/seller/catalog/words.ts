/** The import screen's words for what happens to a row, and for counts of rows. */
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { CatalogImport, CheckedImport, PlannedRow } from './types.ts';

export const ACTION_WORDS: Record<PlannedRow['action'], MessageDescriptor> = {
  create: msg`New product`,
  update: msg`Update`,
  unchanged: msg`No change`,
  refuse: msg`Refused`,
};

export const ACTION_TONES: Record<PlannedRow['action'], string> = {
  create: 'badge-success',
  update: 'badge-info',
  unchanged: 'badge-ghost',
  refuse: 'badge-error',
};

/** "2 new, 1 to update, 0 unchanged, 3 refused" */
export const plannedCounts = ({ counts }: Pick<CheckedImport, 'counts'>): string => {
  const { create, update, unchanged, refuse } = counts;
  return i18n._(msg`${create} new, ${update} to update, ${unchanged} unchanged, ${refuse} refused`);
};

/** "2 created, 1 updated, 0 unchanged, 3 refused" */
export const doneCounts = ({ counts }: Pick<CatalogImport, 'counts'>): string => {
  const { created, updated, unchanged, refused } = counts;
  return i18n._(msg`${created} created, ${updated} updated, ${unchanged} unchanged, ${refused} refused`);
};

/** The rows an import would apply: every row not refused. */
export const rowsToImport = ({ counts }: Pick<CheckedImport, 'counts'>): number =>
  counts.create + counts.update + counts.unchanged;

/** "Import 1 row", "Import 1,234 rows" */
export const importButton = (checked: Pick<CheckedImport, 'counts'>): string => {
  const rows = rowsToImport(checked);
  return i18n._(msg`Import ${plural(rows, { one: '# row', other: '# rows' })}`);
};

/** "1 row", "12 rows" */
export const rowCount = (rows: number): string => i18n._(msg`${plural(rows, { one: '# row', other: '# rows' })}`);
