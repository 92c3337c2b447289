import type Database from 'better-sqlite3';
import { type Applied, type Migration, VERSIONS_TABLE, pendingMigrations } from './migrations.ts';

/**
 * Brings `store`'s tables in `db` to the last of `migrations` (see `./migrations.ts`). A table
 * of versions rather than `PRAGMA user_version`: the file may hold several stores, each with a
 * version of its own. BEGIN IMMEDIATE takes the file's write lock before reading the versions,
 * so a process opening the file at the same time waits (the connection's busy timeout) and then
 * finds the steps applied; SQLite's DDL is transactional, so a failing step undoes them all.
 */
export function migrateSqlite(db: Database.Database, store: string, migrations: readonly Migration[]): void {
  db.transaction(() => {
    db.exec(`CREATE TABLE IF NOT EXISTS ${VERSIONS_TABLE} (
      store TEXT NOT NULL, version INTEGER NOT NULL, name TEXT NOT NULL, applied_at TEXT NOT NULL,
      PRIMARY KEY (store, version))`);
    const applied = db
      .prepare<[string], Applied>(`SELECT version, name FROM ${VERSIONS_TABLE} WHERE store = ? ORDER BY version`)
      .all(store);
    const record = db.prepare<[string, number, string]>(
      `INSERT INTO ${VERSIONS_TABLE} (store, version, name, applied_at) VALUES (?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ'))`,
    );
    for (const step of pendingMigrations(store, migrations, applied)) {
      for (const statement of step.statements) db.exec(statement);
      record.run(store, step.version, step.name);
    }
  }).immediate();
}
