import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { openSqlite } from '../sqlite.ts';
import { migrationContract } from './contract.ts';
import { migrateSqlite } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'mibi-migrate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let files = 0;

migrationContract('migrateSqlite', async () => {
  const db = openSqlite(join(dir, `${++files}.db`), 5000);
  return {
    migrate: async (store, migrations) => migrateSqlite(db, store, migrations),
    rows: async (sql) => {
      const statement = db.prepare(sql);
      if (statement.reader) return statement.all() as Record<string, unknown>[];
      statement.run();
      return [];
    },
    close: async () => void db.close(),
  };
});
