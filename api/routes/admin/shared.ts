/** What the admin console's routers share: paging, id parameters and command results. */
import { z } from '@hono/zod-openapi';
import type { Collection, Doc, FindQuery } from '../../../platform/readstore/port.ts';
import { PositionSchema, pagingFields as sharedPaging } from '../../http.ts';

/** `?limit=&offset=` of an admin list. */
export const pagingFields = sharedPaging(50);

export interface Paging {
  limit: number;
  offset: number;
}

/** A page of a list and how many items the whole list holds. */
export const pageOf = <T extends z.ZodType>(item: T, name: string) =>
  z.object({ items: z.array(item), total: z.number().int().openapi({ description: 'Items matching, on every page' }) }).openapi(name);

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
): Promise<{ items: T[]; total: number }> {
  if (!keep) {
    const [items, total] = await Promise.all([collection.find({ ...query, limit, skip: offset }), collection.count(query.where)]);
    return { items, total };
  }
  const matching = (await collection.find(query)).filter(keep);
  return { items: matching.slice(offset, offset + limit), total: matching.length };
}

export const IdParamsSchema = z.object({
  id: z.string().min(1).max(100).openapi({ param: { name: 'id', in: 'path' }, example: '6f1c2e1a-8f51-4f0e-9f7a-2d7f3c9a1b20' }),
});

export const CommandResultSchema = z.object({ id: z.string(), position: PositionSchema }).openapi('AdminCommandResult');
