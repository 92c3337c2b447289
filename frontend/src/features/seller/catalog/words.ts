/** The import screen's words for what happens to a row, and for counts of rows. */
import { countOf } from '../../../format.ts';
import type { CatalogImport, CheckedImport, PlannedRow } from './types.ts';

export const ACTION_WORDS: Record<PlannedRow['action'], string> = {
  create: 'New product',
  update: 'Update',
  unchanged: 'No change',
  refuse: 'Refused',
};

export const ACTION_TONES: Record<PlannedRow['action'], string> = {
  create: 'badge-success',
  update: 'badge-info',
  unchanged: 'badge-ghost',
  refuse: 'badge-error',
};

/** "2 new, 1 to update, 0 unchanged, 3 refused" */
export const plannedCounts = ({ counts }: Pick<CheckedImport, 'counts'>): string =>
  `${counts.create} new, ${counts.update} to update, ${counts.unchanged} unchanged, ${counts.refuse} refused`;

/** "2 created, 1 updated, 0 unchanged, 3 refused" */
export const doneCounts = ({ counts }: Pick<CatalogImport, 'counts'>): string =>
  `${counts.created} created, ${counts.updated} updated, ${counts.unchanged} unchanged, ${counts.refused} refused`;

/** The rows an import would apply: every row not refused. */
export const rowsToImport = ({ counts }: Pick<CheckedImport, 'counts'>): number =>
  counts.create + counts.update + counts.unchanged;

export const importButton = (checked: Pick<CheckedImport, 'counts'>): string =>
  `Import ${countOf(rowsToImport(checked), 'row')}`;
