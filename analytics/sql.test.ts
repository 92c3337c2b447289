import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pseudonymizer } from './privacy.ts';
import { personalMarketplaceSuite } from './privacy.fixtures.ts';
import { AnalystSql, type SqlRefusal } from './sql.ts';

const KEY = 'e'.repeat(64);
const suite = personalMarketplaceSuite();
let sql: AnalystSql;

beforeAll(async () => {
  sql = await AnalystSql.open(suite.api.platform, { key: KEY, rowLimit: 50, timeoutMs: 1_000 });
});
afterAll(() => sql?.close());

const refusal = (query: string) =>
  sql.query(query).then(
    () => null,
    (error: Error & { code?: SqlRefusal }) => ({ name: error.name, code: error.code, message: error.message }),
  );

describe("analysts' SQL", () => {
  it('counts the events by type, with JSON-safe values and the position it answers as of', async () => {
    const last = await suite.api.platform.events.lastPosition();
    const result = await sql.query('select type, count(*) as n, max(time) as last from events group by 1 order by 1');
    expect(result.columns).toEqual([
      { name: 'type', type: 'VARCHAR' },
      { name: 'n', type: 'BIGINT' },
      { name: 'last', type: 'TIMESTAMP' },
    ]);
    expect(result.rows).toContainEqual(['OrderPlaced', 2, expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/)]);
    expect(result.rows.reduce((sum, row) => sum + (row[1] as number), 0)).toBe(last);
    expect(result).toMatchObject({ truncated: false, position: last, ms: expect.any(Number) });
  });

  it('answers pseudonyms, never the personal fields', async () => {
    const { rows } = await sql.query('select id from users order by 1');
    const analyst = pseudonymizer(KEY);
    expect(rows.flat()).toEqual(expect.arrayContaining(suite.seeded.userIds.map((id) => analyst.user(id))));
    expect(await refusal('select email from users')).toMatchObject({ code: 'invalid' });
  });

  it.each<[string, SqlRefusal]>([
    ['insert into events (position) values (1)', 'not_read_only'],
    ['create table notes (text varchar)', 'not_read_only'],
    ['delete from orders', 'not_read_only'],
    ["copy events to '/tmp/mibi-events.csv'", 'external_access'],
    ["attach '/tmp/mibi-other.db' as other", 'not_read_only'],
    ['with old as (select 1) insert into events (position) select * from old', 'not_read_only'],
    ["select * from read_csv('/etc/passwd')", 'external_access'],
    ["select * from read_parquet('/tmp/mibi.parquet')", 'external_access'],
    ["select * from glob('/etc/*')", 'external_access'],
    ['install httpfs', 'not_read_only'],
    ['load httpfs', 'not_read_only'],
    ['set enable_external_access = true', 'not_read_only'],
    ["pragma table_info('events')", 'not_read_only'],
    ['pragma version', 'not_read_only'],
    ['select 1; select 2', 'too_many_statements'],
    ['select * from no_such_table', 'invalid'],
    ['selec 1', 'invalid'],
    ['', 'invalid'],
  ])('refuses %j (%s)', async (query, code) => {
    expect(await refusal(query)).toMatchObject({ name: 'SqlRefused', code, message: expect.any(String) });
  });

  it('keeps files and the network closed for good', async () => {
    expect((await sql.query("select current_setting('enable_external_access')")).rows).toEqual([[false]]);
    expect((await sql.query("select current_setting('lock_configuration')")).rows).toEqual([[true]]);
  });

  it('stops a query at the time limit, and answers the next one', async () => {
    const started = Date.now();
    expect(
      // A scan of 10^11 rows in constant memory: only the clock stops it (a cross join would hit the memory limit first).
      await refusal('select count(*) from range(100000000000) t(x) where x % 7 = 3'),
    ).toMatchObject({
      code: 'timeout',
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    expect((await sql.query('select 42 as answer')).rows).toEqual([[42]]);
  });

  it('refuses a query past the memory limit, and answers the next one over the kept warehouse', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mibi-sql-'));
    const small = await AnalystSql.open(suite.api.platform, {
      key: KEY,
      memoryLimit: '64MB',
      timeoutMs: 30_000,
      file: join(dir, 'warehouse.duckdb'),
    });
    try {
      await expect(small.query('select list(x) from range(50000000) t(x)')).rejects.toMatchObject({
        name: 'SqlRefused',
        code: 'memory_limit',
        message: 'The query needed more than the memory limit (64MB)',
      });
      const { rows } = await small.query('select count(*) from events');
      expect(rows).toEqual([[await suite.api.platform.events.lastPosition()]]);
    } finally {
      await small.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers at most the row limit, saying so', async () => {
    const many = await sql.query('select range from range(1000)');
    expect(many.rows).toHaveLength(50);
    expect(many.truncated).toBe(true);
    const few = await sql.query('select range from range(50)');
    expect(few).toMatchObject({ truncated: false, rows: expect.any(Array) });
    expect(few.rows).toHaveLength(50);
  });

  it('catches up with the log before each query', async () => {
    const count = async () =>
      (await sql.query("select count(*) from events where type = 'WishlistItemSaved'")).rows[0]![0];
    const before = await count();
    await suite.seeded.other.api.wishlist.items.$post({ json: { productId: suite.seeded.products.elephant } });
    expect(await count()).toBe((before as number) + 1);
  });

  it('answers as of a position: the log cut there and the read models as they were', async () => {
    const placed = (await suite.api.platform.events.readAll()).filter((event) => event.type === 'OrderPlaced');
    const asOf = { position: placed[0]!.position };
    const past = await sql.query(
      'select (select count(*) from orders) as orders, (select max(position) from events) as last',
      {
        asOf,
      },
    );
    expect(past.rows).toEqual([[1, asOf.position]]);
    expect(past.position).toBe(asOf.position);
    const now = await sql.query('select count(*) from orders');
    expect(now.rows).toEqual([[2]]);
  });
});
