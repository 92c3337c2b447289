import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { notPrivate } from '../files.fixtures.ts';
import { openSqlite } from '../sqlite.ts';
import { type Part, restoreBackup, takeBackup } from './backup.ts';
import { MANIFEST } from './manifest.ts';

const PARTS: Part[] = [
  { name: 'store.db', kind: 'sqlite' },
  { name: 'absent.db', kind: 'sqlite' },
  { name: 'media', kind: 'files' },
  { name: 'key', kind: 'files' },
];

const at = (second: number) => () => `2026-11-27T10:00:${String(second).padStart(2, '0')}.000Z`;

const tree = (dir: string) => readdirSync(dir, { recursive: true, encoding: 'utf8' }).sort();

describe('backup and restore of a data folder', () => {
  let work: string;
  let data: string;
  let store: Database.Database;

  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), 'mibi-backup-'));
    data = join(work, 'data');
    mkdirSync(join(data, 'media', 'products', 'u1'), { recursive: true });
    writeFileSync(join(data, 'media', 'products', 'u1', 'a.png'), 'picture', { mode: 0o644 });
    writeFileSync(join(data, 'media', 'products', 'u1', 'a.png~meta.json'), '{"contentType":"image/png"}');
    writeFileSync(join(data, 'media', 'products', 'u1', 'b.png~0b5e.tmp'), 'half a picture');
    writeFileSync(join(data, 'key'), 'secret\n');
    // Open, as the server holds it: its commits sit in the WAL file, not yet in store.db.
    store = openSqlite(join(data, 'store.db'), 1000);
    store.exec('CREATE TABLE orders (id TEXT PRIMARY KEY)');
    for (let i = 0; i < 50; i++) store.prepare('INSERT INTO orders VALUES (?)').run(`order-${i}`);
  });
  afterEach(() => {
    store.close();
    rmSync(work, { recursive: true, force: true });
  });

  const backup = (into = join(work, 'backup')) =>
    takeBackup({ dataDir: data, into, parts: PARTS, release: '0.1.0', now: at(1) });

  it('copies every committed row, the files but writes in flight, and restores them into a new folder, all private', async () => {
    const manifest = await backup();
    expect(manifest).toMatchObject({ format: 'mibi-backup', version: 1, release: '0.1.0', createdAt: at(1)() });
    expect(manifest.files.map((f) => f.path)).toEqual([
      'store.db',
      'media/products/u1/a.png',
      'media/products/u1/a.png~meta.json',
      'key',
    ]);
    expect(manifest.files[3]).toEqual({
      path: 'key',
      bytes: 7,
      sha256: createHash('sha256').update('secret\n').digest('hex'),
    });

    // The folder holds the manifest and its files alone (no journal or WAL file of the copy).
    const folders = ['media', 'media/products', 'media/products/u1'];
    expect(tree(join(work, 'backup'))).toEqual([MANIFEST, ...folders, ...manifest.files.map((f) => f.path)].sort());

    const restored = join(work, 'restored');
    const { setAside } = await restoreBackup({ from: join(work, 'backup'), to: restored, force: false, now: at(2) });
    expect(setAside).toBeUndefined();
    expect(tree(restored)).toEqual([...folders, ...manifest.files.map((f) => f.path)].sort());
    expect(notPrivate(join(work, 'backup'))).toEqual([]);
    expect(notPrivate(restored)).toEqual([]);
    expect(readFileSync(join(restored, 'media', 'products', 'u1', 'a.png'), 'utf8')).toBe('picture');
    expect(readFileSync(join(restored, 'key'), 'utf8')).toBe('secret\n');
    const copy = new Database(join(restored, 'store.db'), { readonly: true });
    expect(copy.prepare('SELECT count(*) AS n FROM orders').get()).toEqual({ n: 50 });
    copy.close();
  });

  it('refuses a folder that is not empty, or inside the data folder', async () => {
    const used = join(work, 'used');
    mkdirSync(used);
    writeFileSync(join(used, 'notes.txt'), 'mine');
    await expect(backup(used)).rejects.toThrow(`${used} is not empty: back up into a new folder`);
    await expect(backup(join(data, 'backup'))).rejects.toThrow(/is inside the data folder/);
  });

  it('restores over a folder in use only with force, setting its contents aside', async () => {
    await backup();
    const target = join(work, 'target');
    mkdirSync(target);
    writeFileSync(join(target, 'store.db'), 'the old store');
    const restore = (force: boolean) => restoreBackup({ from: join(work, 'backup'), to: target, force, now: at(3) });
    await expect(restore(false)).rejects.toThrow(`${target} is not empty: restore into a new folder, or give --force`);
    const { setAside } = await restore(true);
    expect(setAside).toBe(join(target, '.before-restore~2026-11-27T100003000Z'));
    expect(readFileSync(join(setAside!, 'store.db'), 'utf8')).toBe('the old store');
    expect(readdirSync(target).sort()).toEqual(['.before-restore~2026-11-27T100003000Z', 'key', 'media', 'store.db']);
  });

  describe('refuses a backup that does not verify, writing nothing', () => {
    const target = () => join(work, 'target');
    const restore = () => restoreBackup({ from: join(work, 'backup'), to: target(), force: false, now: at(4) });
    const refused = async (message: RegExp | string) => {
      await expect(restore()).rejects.toThrow(message);
      expect(() => readdirSync(target())).toThrow(/ENOENT/);
    };

    it('a changed file', async () => {
      await backup();
      writeFileSync(join(work, 'backup', 'key'), 'secreT\n');
      await refused('key in the backup is not the file the manifest describes (damaged or changed)');
    });

    it('a missing file', async () => {
      await backup();
      rmSync(join(work, 'backup', 'media', 'products', 'u1', 'a.png'));
      await refused('media/products/u1/a.png is missing from the backup');
    });

    it('no manifest: a backup that did not finish', async () => {
      await backup();
      rmSync(join(work, 'backup', MANIFEST));
      await refused(/holds no manifest\.json: not a backup, or one that did not finish/);
    });

    it('a manifest naming a path outside the folder', async () => {
      await backup();
      const file = join(work, 'backup', MANIFEST);
      const manifest = JSON.parse(readFileSync(file, 'utf8'));
      manifest.files[0].path = '../store.db';
      writeFileSync(file, JSON.stringify(manifest));
      await refused(/is not a MIBI backup manifest \(files\.0\.path: must be a relative path inside the data folder\)/);
    });

    it('another format version', async () => {
      await backup();
      const file = join(work, 'backup', MANIFEST);
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), version: 2 }));
      await refused(/is not a MIBI backup manifest \(version: /);
    });
  });
});
