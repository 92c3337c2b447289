import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SQLITE_EVENTS_MIGRATIONS, SqliteEventStore } from '../../platform/eventstore/sqlite.ts';
import { SQLITE_QUEUE_MIGRATIONS, SqliteQueue } from '../../platform/queue/sqlite.ts';
import { SQLITE_READ_MIGRATIONS, SqliteReadStore } from '../../platform/readstore/sqlite.ts';
import { VERSIONS_TABLE } from '../../platform/schema/migrations.ts';
import { mibi } from '../../scripts/cli/mibi.fixtures.ts';
import { DEMO_BUYER, DEMO_PASSWORD } from '../bootstrap/demo-catalog.ts';
import { ok, type TestApi, startTestApi } from '../testing/harness.ts';

/** The release before schema versions; `scripts/upgrade-fixture.ts` made its data directory. */
const RELEASE = '1778c13';
const FILES = { 'events.db': 'events', 'read.db': 'read', 'jobs.db': 'jobs' } as const;
const CURRENT = {
  events: SQLITE_EVENTS_MIGRATIONS.length,
  read: SQLITE_READ_MIGRATIONS.length,
  jobs: SQLITE_QUEUE_MIGRATIONS.length,
};

/** Every table of a file with its row count, and the projections' checkpoints if it has them. */
function contents(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    const tables = db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck();
    const counts = Object.fromEntries(
      tables.all().map((table) => [table, db.prepare(`SELECT count(*) FROM "${table}"`).pluck().get() as number]),
    );
    const checkpoints =
      'projection_checkpoints' in counts
        ? db.prepare<[], { projection: string; position: number }>('SELECT * FROM projection_checkpoints').all()
        : [];
    const versions =
      VERSIONS_TABLE in counts
        ? db.prepare(`SELECT store, version FROM ${VERSIONS_TABLE} ORDER BY version`).all()
        : undefined;
    return { counts, checkpoints: Object.fromEntries(checkpoints.map((c) => [c.projection, c.position])), versions };
  } finally {
    db.close();
  }
}

describe(`a data directory written by ${RELEASE} (the release before schema versions)`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-upgrade-'));
  const before: Record<string, ReturnType<typeof contents>> = {};
  const opened: Record<string, ReturnType<typeof contents>> = {};
  let api: TestApi;

  beforeAll(async () => {
    for (const file of Object.keys(FILES)) {
      const gzipped = readFileSync(new URL(`upgrade-fixtures/${RELEASE}/${file}.gz`, import.meta.url));
      writeFileSync(join(dir, file), gunzipSync(gzipped), { mode: 0o600 });
      before[file] = contents(join(dir, file));
    }
    // Each store opened alone first, so nothing but its migrations touches the files.
    for (const store of [
      new SqliteEventStore(join(dir, 'events.db')),
      new SqliteReadStore(join(dir, 'read.db')),
      new SqliteQueue(join(dir, 'jobs.db')),
    ]) {
      await store.close();
    }
    for (const file of Object.keys(FILES)) opened[file] = contents(join(dir, file));
    api = await startTestApi({ DATA_DIR: dir });
    await api.settle();
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('opens at the current version of every store, every table, row and checkpoint as it was', () => {
    for (const [file, store] of Object.entries(FILES)) {
      expect(before[file]!.versions).toBeUndefined();
      // A row per step: the first adopted, every later one applied.
      expect(opened[file]!.versions).toEqual(
        Array.from({ length: CURRENT[store] }, (_, i) => ({ store, version: i + 1 })),
      );
      expect(opened[file]!.checkpoints).toEqual(before[file]!.checkpoints);
      // Done jobs are pruned when the queue opens, a week after they ran: the fixture's will be.
      if (store !== 'jobs')
        expect(opened[file]!.counts).toEqual({ ...before[file]!.counts, [VERSIONS_TABLE]: CURRENT[store] });
    }
  });

  it('serves what it held, and takes new writes', async () => {
    expect(ok(await api.anonymous().api.products.$get({ query: {} })).total).toBe(26);
    const buyer = await api.signIn(DEMO_BUYER.email, DEMO_PASSWORD);
    const orders = ok(await buyer.api.orders.$get());
    expect(orders.length).toBeGreaterThan(0);
    const added = await buyer.api.cart.items.$post({ json: { productId: orders[0]!.lines[0]!.productId } });
    expect(added.status).toBe(200);
    await api.settle();
  });

  it('has read models equal to a rebuild from its log', async () => {
    const { code, stdout } = await mibi(dir, 'rebuild', '--all', '--compare');
    expect(code).toBe(0);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe('Every collection equals the rebuild.');
  });
});
