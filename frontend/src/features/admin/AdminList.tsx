import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, type RefObject, useEffect, useId } from 'react';
import type { Resource } from '../../api/useApiGet.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { Skeleton } from '../../components/Skeleton.tsx';
import { Pager } from '../../components/Pager.tsx';
import { PAGE_SIZE } from './paging.tsx';

const SKELETON_ROWS = 3;

interface AdminListProps<T> {
  title: string;
  /** A line under the title: what the list holds. */
  description: string;
  /** Takes the focus when the item that had it leaves the list (see useListCommands). */
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Filters or a search form, above the list. */
  toolbar?: ReactNode;
  /** A page of the list (`?limit=&offset=`) and how many items match in all. */
  resource: Resource<{ items: T[]; total: number }>;
  paging: { offset: number; setOffset: (offset: number) => void };
  /** Its name after "We could not load". */
  what: string;
  empty: { title: string; text?: string };
  /** The classes of a loading row: a row's height. */
  rowSkeleton: string;
  /** An item, as an <li>. */
  children: (item: T) => ReactNode;
}

/** A section of the console: a titled, paged list with its loading, error and empty states. */
export function AdminList<T>(props: AdminListProps<T>) {
  const { title, description, headingRef, toolbar, resource, paging, what, empty, rowSkeleton, children } = props;
  const { t } = useLingui();
  const titleId = useId();
  const page = resource.data;

  // The last items of the last page went (verified, moved...): show the page that is last now.
  const lastOffset =
    page && page.items.length === 0 && paging.offset > 0
      ? Math.max(0, Math.ceil(page.total / PAGE_SIZE) - 1) * PAGE_SIZE
      : null;
  const { setOffset } = paging;
  useEffect(() => {
    if (lastOffset !== null) setOffset(lastOffset);
  }, [lastOffset, setOffset]);

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className="text-xl font-semibold outline-none">
        {title}
      </h2>
      <p className="mt-1 text-base-content/80">{description}</p>
      {toolbar && <div className="mt-4">{toolbar}</div>}
      <div className="mt-4">
        {resource.loading ? (
          <div className="space-y-3" aria-busy="true">
            <span className="sr-only">
              <Trans>Loading {what}...</Trans>
            </span>
            {Array.from({ length: SKELETON_ROWS }, (_, row) => (
              <Skeleton key={row} className={`rounded-box ${rowSkeleton}`} />
            ))}
          </div>
        ) : resource.failed ? (
          <LoadFailed what={what} onRetry={() => void resource.reload()} />
        ) : page!.total === 0 ? (
          <EmptyState {...empty} />
        ) : (
          <>
            <ul className="space-y-3">{page!.items.map(children)}</ul>
            <Pager
              label={t`Pages of ${what}`}
              pageSize={PAGE_SIZE}
              offset={paging.offset}
              total={page!.total}
              onOffset={paging.setOffset}
            />
          </>
        )}
      </div>
    </section>
  );
}
