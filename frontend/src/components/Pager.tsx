import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../format.ts';
interface PagerProps {
  label: string;
  /** Items per page. */
  pageSize: number;
  offset: number;
  total: number;
  onOffset: (offset: number) => void;
}

/** "21–40 of 57" with the previous and next pages; nothing when everything fits on one page. */
export function Pager({ label, pageSize, offset, total, onOffset }: PagerProps) {
  const { t } = useLingui();
  if (total <= pageSize && offset === 0) return null;
  const last = Math.min(offset + pageSize, total);
  const first = formatNumber(offset + 1);
  const shownTo = formatNumber(last);
  const all = formatNumber(total);
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <p className="text-sm text-base-content/80" aria-live="polite">
        {t`${first}–${shownTo} of ${all}`}
      </p>
      <div className="join">
        <button
          type="button"
          className="btn join-item btn-sm"
          disabled={offset === 0}
          onClick={() => onOffset(Math.max(0, offset - pageSize))}
        >
          <Trans>Previous</Trans>
        </button>
        <button
          type="button"
          className="btn join-item btn-sm"
          disabled={last >= total}
          onClick={() => onOffset(offset + pageSize)}
        >
          <Trans>Next</Trans>
        </button>
      </div>
    </nav>
  );
}
