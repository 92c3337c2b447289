import { useCallback, useState } from 'react';
import type { ClientRequestOptions, ClientResponse } from 'hono/client';
import { useApiGet } from '../../api/useApiGet.ts';

/** Items per page of the console's lists. */
export const PAGE_SIZE = 20;

/**
 * The offset of a paged list, back to the first page whenever `key` (the list's filters)
 * changes: a new search starts from its beginning.
 */
function usePaging(key: string) {
  const [paging, setPaging] = useState({ key, offset: 0 });
  const offset = paging.key === key ? paging.offset : 0;
  const setOffset = useCallback(
    (next: number) =>
      setPaging((current) => (current.key === key && current.offset === next ? current : { key, offset: next })),
    [key],
  );
  return { offset, setOffset };
}

/** The `limit` and `offset` of the page a console list shows. */
type Page = { limit: string; offset: string };

/**
 * A console list's GET of the page shown (useApiGet, kept live), and its paging for AdminList:
 * `request` is given the page to ask for; a change of `filters` (what the request reads
 * besides the page) fetches again from the first page.
 *
 *   const [users, paging] = usePagedGet((page, options) => server.admin.users.$get({ query: { q, ...page } }, options), [q], 'Failed to load users');
 */
export function usePagedGet<R extends ClientResponse<unknown, number, string>>(
  request: (page: Page, options: ClientRequestOptions) => Promise<R>,
  filters: readonly string[],
  errorTitle: string,
) {
  const paging = usePaging(JSON.stringify(filters));
  const page = { limit: String(PAGE_SIZE), offset: String(paging.offset) };
  const list = useApiGet((options) => request(page, options), [...filters, paging.offset], errorTitle, {
    live: true,
  });
  return [list, paging] as const;
}
