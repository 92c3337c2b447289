/** A product version (as-of, as-ordered) field by field, in words, with the labels of domain/product/history.ts. */
import {
  type FieldChange,
  type HistoryNames,
  STOCK_LABEL,
  detailChanges,
} from '../../../../../domain/product/history.ts';
import type { ProductVersion } from '../types.ts';

export const STATUS_LABEL = 'Status';

/**
 * Every field of two versions side by side, in the order of the product form, then stock
 * and status: `before` is `then`, `after` is `now`.
 */
export function compareVersions(then: ProductVersion, now: ProductVersion, names: HistoryNames): FieldChange[] {
  return [
    ...detailChanges(then, now, names),
    { field: STOCK_LABEL, before: String(then.stockQuantity), after: String(now.stockQuantity) },
    { field: STATUS_LABEL, before: then.displayStatus, after: now.displayStatus },
  ];
}

/** Every field of one version: label and value. */
export function versionFields(version: ProductVersion, names: HistoryNames): Array<{ field: string; value: string }> {
  return compareVersions(version, version, names).map(({ field, after }) => ({ field, value: after }));
}

export const differs = ({ before, after }: FieldChange): boolean => before !== after;
