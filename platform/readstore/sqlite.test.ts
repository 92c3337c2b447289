import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { readStoreContract } from './contract.ts';
import type { FindQuery } from './port.ts';
import { SqliteReadStore } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'mibi-readstore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

readStoreContract('SqliteReadStore', async () => {
  const store = new SqliteReadStore(join(dir, 'contract.db'));
  return { store, cleanup: () => store.close() };
});

describe('SqliteReadStore on its own', () => {
  it('serves a filtered, sorted find from the declared index', async () => {
    const store = new SqliteReadStore(join(dir, 'plan.db'));
    try {
      store.collection({ name: 'products', indexes: [['category', 'featured', 'createdAt'], ['sellerId']] });
      const plan = (query: FindQuery) => store.explain('products', query).join('\n');
      const page: FindQuery = {
        where: { category: 'textiles' },
        sort: [['featured', 'desc'], ['createdAt', 'desc']],
        limit: 24,
      };
      expect(plan(page)).toContain('USING INDEX doc_products(category,featured,createdAt)');
      expect(plan({ where: { sellerId: 's1' } })).toContain('USING INDEX doc_products(sellerId)');
      expect(plan({ where: { title: 'Lamp' } })).not.toContain('INDEX doc_products(');
    } finally {
      await store.close();
    }
  });

  it('shares a file with other tables and keeps its data across reopening', async () => {
    const file = join(dir, 'shared.db');
    const other = new Database(file);
    other.exec('CREATE TABLE events (position INTEGER PRIMARY KEY, type TEXT)');
    other.prepare('INSERT INTO events (type) VALUES (?)').run('ProductListed');
    try {
      const first = new SqliteReadStore(file);
      const work = first.unitOfWork();
      const doc = { id: 'e1', note: 'a read model named like the event table' };
      work.put('events', doc);
      await first.commit(work, 'products', 1);
      await first.close();

      const reopened = new SqliteReadStore(file);
      expect(await reopened.collection('events').get('e1')).toEqual(doc);
      expect(await reopened.checkpoint('products')).toBe(1);
      await reopened.close();
      expect(other.prepare('SELECT type FROM events').pluck().all()).toEqual(['ProductListed']);
    } finally {
      other.close();
    }
  });
});
