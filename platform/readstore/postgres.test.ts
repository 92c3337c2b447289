import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { leaseContract } from '../lease/contract.ts';
import { startPostgres } from '../testing/postgres.ts';
import { readStoreContract } from './contract.ts';
import type { Doc, FindQuery } from './port.ts';
import { PostgresReadStore } from './postgres.ts';

// Never skipped: the cluster is started here, and a missing PostgreSQL fails with the install command.
const server = await startPostgres();
afterAll(() => server.stop());

readStoreContract('PostgresReadStore', async () => {
  const store = await PostgresReadStore.open(server.url);
  return { store, cleanup: () => store.close() };
});

// Two store objects on one database stand for two processes.
leaseContract('PostgresReadStore leases', async () => {
  const stores: [PostgresReadStore, PostgresReadStore] = [
    await PostgresReadStore.open(server.url),
    await PostgresReadStore.open(server.url),
  ];
  return { stores, cleanup: async () => void (await Promise.all(stores.map((store) => store.close()))) };
});

/** A store on a database of its own (close it in the test), and that database's URL. */
async function fresh() {
  const url = await server.createDatabase();
  return { store: await PostgresReadStore.open(url), url };
}

/** Runs one statement on the database, outside any store. */
async function sql<R extends pg.QueryResultRow>(url: string, text: string): Promise<R[]> {
  const client = new pg.Client(url);
  await client.connect();
  try {
    return (await client.query<R>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('PostgresReadStore on its own', () => {
  it('serves filtered, sorted pages from the declared indexes, whatever the sort directions', async () => {
    const { store, url } = await fresh();
    try {
      const products = store.collection({
        name: 'products',
        indexes: [['category', 'featured', 'createdAt'], ['sellerId']],
      });
      const work = store.unitOfWork();
      for (let i = 0; i < 5000; i++) {
        const createdAt = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
        work.put('products', {
          id: `p${i}`,
          category: `c${i % 50}`,
          featured: i % 7 === 0,
          createdAt,
          sellerId: `s${i % 100}`,
          title: `t${i}`,
        });
      }
      await store.commit(work, 'catalog', 1);
      await sql(url, 'ANALYZE doc_products');

      const plan = async (query: FindQuery) => (await store.explain('products', query)).join('\n');
      const page = (directions: ['asc' | 'desc', 'asc' | 'desc']): FindQuery => ({
        where: { category: 'c7' },
        sort: [
          ['featured', directions[0]],
          ['createdAt', directions[1]],
        ],
        limit: 24,
      });
      // One direction throughout: the index gives the order (ties on id at most re-sorted in their tiny groups).
      for (const directions of [
        ['desc', 'desc'],
        ['asc', 'asc'],
      ] as const) {
        const text = await plan(page([...directions]));
        expect(text, directions.join(' ')).toMatch(
          /Index Scan( Backward)? using "doc_products__category__featured__createdAt"/,
        );
        expect(text, directions.join(' ')).not.toMatch(/->\s+Sort\s+\(/);
      }
      // Mixed directions: the index still finds the category's rows; only those are sorted.
      for (const directions of [
        ['desc', 'asc'],
        ['asc', 'desc'],
      ] as const) {
        const text = await plan(page([...directions]));
        expect(text, directions.join(' ')).toMatch(/Index Cond: \(COALESCE\(\(body -> 'category'/);
        expect(text, directions.join(' ')).toContain('doc_products__category__featured__createdAt');
        expect(text, directions.join(' ')).not.toContain('Seq Scan');
      }
      expect(await plan({ where: { sellerId: 's1' } })).toContain('doc_products__sellerId');
      expect(await plan({ where: { title: 't1' } })).toContain('Seq Scan');

      const newest = await products.find(page(['desc', 'desc']));
      const expected = (await products.find({ where: { category: 'c7' } }))
        .sort(
          (a, b) => Number(b.featured) - Number(a.featured) || String(b.createdAt).localeCompare(String(a.createdAt)),
        )
        .slice(0, 24);
      expect(newest).toEqual(expected);
    } finally {
      await store.close();
    }
  });

  it('gives a long field list an index name of its own', async () => {
    const { store, url } = await fresh();
    try {
      const fields = (suffix: string) => ['aVeryLongFieldNameForAnIndex', 'anotherVeryLongFieldName', `third${suffix}`];
      store.collection({ name: 'wide', indexes: [fields('One'), fields('Two')] });
      await store.collection('wide').count();
      const rows = await sql(url, "SELECT indexname FROM pg_indexes WHERE tablename = 'doc_wide'");
      expect(rows).toHaveLength(3); // the key and the two declared
    } finally {
      await store.close();
    }
  });

  it('creates its tables and indexes once when several processes open a new database together', async () => {
    const url = await server.createDatabase();
    const stores = await Promise.all(Array.from({ length: 5 }, () => PostgresReadStore.open(url)));
    try {
      await Promise.all(
        stores.map((store) => store.collection({ name: 'items', indexes: [['a'], ['b', 'c']] }).count()),
      );
      const work = stores[0]!.unitOfWork();
      work.put('items', { id: '1', a: 1 });
      await stores[0]!.commit(work, 'p', 1);
      expect(await stores[4]!.collection('items').get('1')).toEqual({ id: '1', a: 1 });
    } finally {
      await Promise.all(stores.map((store) => store.close()));
    }
  });

  it('keeps collection names that differ only in case apart', async () => {
    const { store } = await fresh();
    try {
      await store.collection('orderLines').put({ id: 'a', v: 1 });
      await store.collection('orderlines').put({ id: 'a', v: 2 });
      expect(await store.collection('orderLines').get('a')).toEqual({ id: 'a', v: 1 });
    } finally {
      await store.close();
    }
  });

  it('patch removes the fields it sets to undefined, as JSON does', async () => {
    const { store } = await fresh();
    try {
      const items = store.collection('items');
      await items.put({ id: 'a', note: 'x', n: 1 });
      expect(await items.patch('a', { note: undefined, n: 2, id: 'other' })).toEqual({ id: 'a', n: 2 });
    } finally {
      await store.close();
    }
  });

  it('commits a large batch over several collections in one go', async () => {
    const { store } = await fresh();
    try {
      const work = store.unitOfWork();
      for (let i = 0; i < 20_000; i++)
        work.put(i % 2 ? 'odd' : 'even', { id: String(i), payload: { i, text: 'x'.repeat(50) } } as Doc);
      const started = performance.now();
      await store.commit(work, 'big', 20_000);
      const elapsed = performance.now() - started;
      expect(await store.collection('odd').count()).toBe(10_000);
      expect(await store.checkpoint('big')).toBe(20_000);
      expect(elapsed).toBeLessThan(10_000);
    } finally {
      await store.close();
    }
  });
});
