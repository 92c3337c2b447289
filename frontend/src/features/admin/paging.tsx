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
    (next: number) =>
      setPaging((current) => (current.key === key && current.offset === next ? current : { key, offset: next })),
    [key],
  );
  return { offset, setOffset };
}
