import type pg from 'pg';
import { withSchemaLock } from '../postgres/connection.ts';
import { type Applied, type Migration, VERSIONS_TABLE, pendingMigrations } from './migrations.ts';

/**
 * Brings `store`'s tables in the pool's database (its current schema) to the last of
 * `migrations` (see `./migrations.ts`). The versions are read under the advisory lock every
 * schema change of MIBI takes, in the transaction that applies the steps: a process starting
 * at the same time waits for the lock and then finds them applied, and a failing step leaves
 * no trace (PostgreSQL's DDL is transactional).
 */
export async function migratePostgres(pool: pg.Pool, store: string, migrations: readonly Migration[]): Promise<void> {
  await withSchemaLock(pool, async (client) => {
    await client.query(`CREATE TABLE IF NOT EXISTS ${VERSIONS_TABLE} (
      store text COLLATE "C" NOT NULL, version int NOT NULL, name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now(), PRIMARY KEY (store, version))`);
    const { rows: applied } = await client.query<Applied>(
      `SELECT version, name FROM ${VERSIONS_TABLE} WHERE store = $1 ORDER BY version`,
      [store],
    );
    for (const step of pendingMigrations(store, migrations, applied)) {
      for (const statement of step.statements) await client.query(statement);
      await client.query(`INSERT INTO ${VERSIONS_TABLE} (store, version, name) VALUES ($1, $2, $3)`, [
        store,
        step.version,
        step.name,
      ]);
    }
  });
}
