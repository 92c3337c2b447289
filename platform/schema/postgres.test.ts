import { afterAll, describe, expect, it } from 'vitest';
import { POSTGRES_EVENTS_MIGRATIONS, PostgresEventStore } from '../eventstore/postgres.ts';
import { ensureSchema, openPool } from '../postgres/connection.ts';
import { POSTGRES_READ_MIGRATIONS, PostgresReadStore } from '../readstore/postgres.ts';
import { startPostgres } from '../testing/postgres.ts';
import { migrationContract } from './contract.ts';
import { type Migration, VERSIONS_TABLE } from './migrations.ts';
import { migratePostgres } from './postgres.ts';

// Never skipped: the cluster is started here, and a missing PostgreSQL fails with the install command.
const server = await startPostgres();
afterAll(() => server.stop());

migrationContract('migratePostgres', async () => {
  const pool = openPool(await server.createDatabase());
  return {
    migrate: (store, migrations) => migratePostgres(pool, store, migrations),
    rows: async (sql) => (await pool.query(sql)).rows,
    close: () => pool.end(),
  };
});

describe('migratePostgres with processes starting together', () => {
  it('applies each step once while every process waits for it', async () => {
    const url = await server.createDatabase();
    const pools = Array.from({ length: 5 }, () => openPool(url));
    // Not idempotent, and slow enough that the starts overlap: run twice, either step fails.
    const steps: Migration[] = [
      { name: 'things', statements: ['CREATE TABLE things (id text PRIMARY KEY)', 'SELECT pg_sleep(0.2)'] },
      { name: 'first thing', statements: ["INSERT INTO things (id) VALUES ('a')"] },
    ];
    try {
      await Promise.all(pools.map((pool) => migratePostgres(pool, 'store', steps)));
      const { rows } = await pools[0]!.query(`SELECT version FROM ${VERSIONS_TABLE} ORDER BY version`);
      expect(rows).toEqual([{ version: 1 }, { version: 2 }]);
      expect((await pools[0]!.query('SELECT id FROM things')).rows).toEqual([{ id: 'a' }]);
    } finally {
      await Promise.all(pools.map((pool) => pool.end()));
    }
  });
});

describe('the PostgreSQL stores on a database written before schema versions', () => {
  it('adopt its tables as version 1 and read and write them on', async () => {
    const url = await server.createDatabase();
    const pool = openPool(url);
    try {
      // What the release before versions ran at each start (its statements are migration 1 of
      // each store, unchanged), and rows it wrote.
      await ensureSchema(pool, [
        ...POSTGRES_EVENTS_MIGRATIONS[0]!.statements,
        ...POSTGRES_READ_MIGRATIONS[0]!.statements,
      ]);
      await pool.query(`INSERT INTO events (position, id, stream, revision, type, data, metadata)
        VALUES (nextval('events_position'), 'e1', 'product-1', 0, 'ProductListed', '{"title":"Diya"}', '{}')`);
      await pool.query('CREATE TABLE doc_products (id text COLLATE "C" PRIMARY KEY, body jsonb NOT NULL)');
      await pool.query(`INSERT INTO doc_products VALUES ('product-1', '{"id":"product-1","title":"Diya"}')`);
      await pool.query("INSERT INTO projection_checkpoints VALUES ('products', 1)");
      await pool.query("INSERT INTO leases VALUES ('projections', 'host:1', 3, 0)");

      const events = await PostgresEventStore.open(url);
      const read = await PostgresReadStore.open(url);
      try {
        expect((await events.readStream('product-1')).map((event) => event.data)).toEqual([{ title: 'Diya' }]);
        expect(await events.append('product-1', [{ type: 'ProductRetitled', data: {} }], 0)).toEqual({
          revision: 1,
          position: 2,
        });
        expect(await read.collection('products').get('product-1')).toEqual({ id: 'product-1', title: 'Diya' });
        expect(await read.checkpoint('products')).toBe(1);
        expect((await read.leases.acquire('projections', 'host:2', 1000))?.epoch).toBe(4);
      } finally {
        await Promise.all([events.close(), read.close()]);
      }
      // A row per step: the first adopted, every later one applied.
      const { rows } = await pool.query(`SELECT store, version FROM ${VERSIONS_TABLE} ORDER BY store, version`);
      expect(rows).toEqual([
        ...stepsOf('events', POSTGRES_EVENTS_MIGRATIONS.length),
        ...stepsOf('read', POSTGRES_READ_MIGRATIONS.length),
      ]);
    } finally {
      await pool.end();
    }
  });
});

/** The version rows of `count` steps of `store`. */
const stepsOf = (store: string, count: number) => Array.from({ length: count }, (_, i) => ({ store, version: i + 1 }));
