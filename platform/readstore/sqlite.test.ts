import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { leaseContract } from '../lease/contract.ts';
import { readStoreContract } from './contract.ts';
import type { FindQuery } from './port.ts';
import { SqliteReadStore, removeSqliteFile, replaceSqliteFile } from './sqlite.ts';

const dir = mkdtempSync(join(tmpdir(), 'mibi-readstore-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

readStoreContract('SqliteReadStore', async () => {
  const store = new SqliteReadStore(join(dir, 'contract.db'));
  return { store, cleanup: () => store.close() };
});

// A file being filled from zero by a rebuild keeps the port's semantics, its rollbacks included (nothing is written before a fence or a document fails).
readStoreContract('SqliteReadStore loading in bulk', async () => {
  const store = new SqliteReadStore(join(dir, 'bulk-contract.db'), { bulkLoad: true });
  return { store, cleanup: () => store.close() };
});

// Two store objects on one file stand for two processes on one machine.
leaseContract('SqliteReadStore leases', async () => {
  const stores: [SqliteReadStore, SqliteReadStore] = [
    new SqliteReadStore(join(dir, 'leases.db')),
    new SqliteReadStore(join(dir, 'leases.db')),
  ];
  return { stores, cleanup: async () => void (await Promise.all(stores.map((store) => store.close()))) };
});

describe('SqliteReadStore on its own', () => {
  it('gives each lease to one of several processes racing for it', async () => {
    const file = join(dir, 'race.db');
    await new SqliteReadStore(file).close(); // the tables exist before the race
    const names = Array.from({ length: 50 }, (_, i) => `race-${i}`);
    const startAt = Date.now() + 1_500; // once every process has loaded
    const script = `
      import { SqliteReadStore } from ${JSON.stringify(join(import.meta.dirname, 'sqlite.ts'))};
      const store = new SqliteReadStore(${JSON.stringify(file)});
      await new Promise((resolve) => setTimeout(resolve, ${startAt} - Date.now()));
      const won = [];
      for (const name of ${JSON.stringify(names)}) if (await store.leases.acquire(name, process.argv[1], 60000)) won.push(name);
      console.log(JSON.stringify(won));`;
    const owners = ['p1', 'p2', 'p3', 'p4'];
    const won = await Promise.all(
      owners.map(
        (owner) =>
          new Promise<string[]>((resolve, reject) =>
            execFile(
              process.execPath,
              ['--import', 'tsx', '--input-type=module', '-e', script, owner],
              (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as string[])),
            ),
          ),
      ),
    );
    expect(won.flat().sort()).toEqual([...names].sort());
    const store = new SqliteReadStore(file);
    const holders = new Map((await store.leases.list()).map((lease) => [lease.name, lease.owner]));
    owners.forEach((owner, i) => {
      for (const name of won[i]!) expect(holders.get(name)).toBe(owner);
    });
    await store.close();
  }, 30_000);

  it('serves a filtered, sorted find from the declared index', async () => {
    const store = new SqliteReadStore(join(dir, 'plan.db'));
    try {
      store.collection({ name: 'products', indexes: [['category', 'featured', 'createdAt'], ['sellerId']] });
      const plan = (query: FindQuery) => store.explain('products', query).join('\n');
      const page: FindQuery = {
        where: { category: 'textiles' },
        sort: [
          ['featured', 'desc'],
          ['createdAt', 'desc'],
        ],
        limit: 24,
      };
      expect(plan(page)).toContain('USING INDEX doc_products(category,featured,createdAt)');
      expect(plan({ where: { sellerId: 's1' } })).toContain('USING INDEX doc_products(sellerId)');
      expect(plan({ where: { title: 'Lamp' } })).not.toContain('INDEX doc_products(');
    } finally {
      await store.close();
    }
  });

  it('keeps a bulk load to its one connection, then opens as an ordinary store', async () => {
    const file = join(dir, 'bulk.db');
    const loader = new SqliteReadStore(file, { bulkLoad: true });
    for (let batch = 0; batch < 20; batch++) {
      const work = loader.unitOfWork();
      for (let n = 0; n < 50; n++) work.put('docs', { id: `${batch}-${n}`, n });
      await loader.commit(work, 'loader', batch + 1);
    }
    expect(await loader.collection('docs').get('3-7')).toEqual({ id: '3-7', n: 7 });
    expect(() => new SqliteReadStore(file, { bulkLoad: true })).toThrow(/locked/);
    expect(() => new Database(file, { readonly: true, timeout: 0 }).pragma('user_version')).toThrow(/locked/);
    await loader.close();

    const store = new SqliteReadStore(file);
    try {
      expect(await store.collection('docs').count()).toBe(1000);
      expect(await store.collection('docs').get('19-49')).toEqual({ id: '19-49', n: 49 });
      expect(await store.checkpoint('loader')).toBe(20);
      const opened = new Database(file, { readonly: true });
      expect(opened.pragma('journal_mode', { simple: true })).toBe('wal');
      opened.close();
    } finally {
      await store.close();
    }
  });

  it('removes a file with its write-ahead log', async () => {
    const file = join(dir, 'gone.db');
    const store = new SqliteReadStore(file);
    await store.collection('things').put({ id: 'x' });
    expect(existsSync(`${file}-wal`)).toBe(true);
    await store.close();
    removeSqliteFile(file);
    expect([file, `${file}-wal`, `${file}-shm`].filter(existsSync)).toEqual([]);
  });

  it('puts a closed file in the place of another, whose write-ahead log goes', async () => {
    const [file, next] = [join(dir, 'replaced.db'), join(dir, 'replacement.db')];
    const old = new SqliteReadStore(file);
    await old.collection('things').put({ id: 'old' });
    await old.close();
    writeFileSync(`${file}-wal`, 'left by a crash');
    const replacement = new SqliteReadStore(next);
    await replacement.collection('things').put({ id: 'new' });
    await replacement.close();
    replaceSqliteFile(next, file);
    expect([next, `${file}-wal`].filter(existsSync)).toEqual([]);
    const store = new SqliteReadStore(file);
    expect(await store.collection('things').find()).toEqual([{ id: 'new' }]);
    await store.close();
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
