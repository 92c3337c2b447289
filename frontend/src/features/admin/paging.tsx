import { useCallback, useState } from 'react';

/** Items per page of the console's lists. */
export const PAGE_SIZE = 20;

/**
 * The offset of a paged list, back to the first page whenever `key` (the list's filters)
 * changes: a new search starts from its beginning.
 */
export function usePaging(key: string) {
  const [paging, setPaging] = useState({ key, offset: 0 });
  const offset = paging.key === key ? paging.offset : 0;
  const setOffset = useCallback(
    (next: number) => setPaging((current) => (current.key === key && current.offset === next ? current : { key, offset: next })),
    [key],
  );
  return { offset, setOffset };
}

interface PagerProps {
  label: string;
  offset: number;
  total: number;
  onOffset: (offset: number) => void;
}

/** "21–40 of 57" with the previous and next pages; nothing when everything fits on one page. */
export function Pager({ label, offset, total, onOffset }: PagerProps) {
  if (total <= PAGE_SIZE && offset === 0) return null;
  const last = Math.min(offset + PAGE_SIZE, total);
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-3">
      <p className="text-sm text-base-content/80" aria-live="polite">
        {offset + 1}–{last} of {total.toLocaleString('en-IN')}
      </p>
      <div className="join">
        <button type="button" className="btn join-item btn-sm" disabled={offset === 0} onClick={() => onOffset(Math.max(0, offset - PAGE_SIZE))}>
          Previous
        </button>
        <button type="button" className="btn join-item btn-sm" disabled={last >= total} onClick={() => onOffset(offset + PAGE_SIZE)}>
          Next
        </button>
      </div>
    </nav>
  );
}
