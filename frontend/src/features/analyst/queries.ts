import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ANALYST_PATH } from '../../state/session.ts';

/** What the analyst page shows, kept in its address so a link shares it: the query and its "as of". */
export interface SharedQuery {
  q: string;
  asOf: string;
}

export const sharedQueryOf = (search: string): SharedQuery => {
  const params = new URLSearchParams(search);
  return { q: params.get('q') ?? '', asOf: params.get('asOf') ?? '' };
};

/** The page's address for a query: opening it runs the query. */
export function analystHref({ q, asOf }: SharedQuery): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (asOf.trim()) params.set('asOf', asOf.trim());
  const search = params.toString();
  return search ? `${ANALYST_PATH}?${search}` : ANALYST_PATH;
}

/** The first rows of one event type: its typed view when its schema is recorded, else its rows of `events`. */
export const typeQuery = (type: string, catalogued: boolean): string =>
  catalogued ? `select * from "${type}" limit 100` : `select * from events where type = '${type}' limit 100`;

/** Queries to start from. */
export const EXAMPLES: readonly { label: MessageDescriptor; sql: string }[] = [
  { label: msg`Events by type`, sql: 'select type, count(*) from events group by 1 order by 2 desc' },
  {
    label: msg`Events per day`,
    sql: "select date_trunc('day', time) as day, count(*) as events from events group by 1 order by 1",
  },
  {
    label: msg`Busiest streams`,
    sql: 'select stream, count(*) as events from events group by 1 order by 2 desc limit 20',
  },
  { label: msg`Tables`, sql: 'select table_name, table_type from information_schema.tables order by 1' },
];
