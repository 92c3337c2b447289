/** Paging of read-model lists, shared by the queries of every read model (in projections/ and api/). */
import type { Collection, Doc, FindQuery } from './port.ts';

export interface Paging {
  limit: number;
  offset: number;
}

/** A page of a list and how many items the whole list holds. */
export interface Page<T> {
  items: T[];
  total: number;
}

/**
 * A page of the documents matching `query.where` and, when given, `keep`. The read store
 * filters by equality only, so with `keep` every document matching `where` is read and the
 * rest of the filter runs here; without it the store does the paging.
 */
export async function findPage<T extends Doc>(
  collection: Collection<T>,
  query: Pick<FindQuery, 'where' | 'sort'>,
  { limit, offset }: Paging,
  keep?: (doc: T) => boolean,
): Promise<Page<T>> {
  if (!keep) {
    const [items, total] = await Promise.all([
      collection.find({ ...query, limit, skip: offset }),
      collection.count(query.where),
    ]);
    return { items, total };
  }
  const matching = (await collection.find(query)).filter(keep);
  return { items: matching.slice(offset, offset + limit), total: matching.length };
}
