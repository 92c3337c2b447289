import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../api/testing/harness.ts';
import { marketplace } from '../scripts/cli/marketplace.fixtures.ts';
import { mibi } from '../scripts/cli/mibi.fixtures.ts';
import { exportParquet, STATE_FILE } from './parquet-export.ts';
import { pseudonymizer } from './privacy.ts';

/** The documented schema (README, "Parquet export"): the warehouse's `events` columns, type and day from the path. */
const COLUMNS = [
  ['position', 'BIGINT'],
  ['id', 'VARCHAR'],
  ['stream', 'VARCHAR'],
  ['revision', 'BIGINT'],
  ['version', 'INTEGER'],
  ['time', 'TIMESTAMP'],
  ['actor', 'VARCHAR'],
  ['correlation_id', 'VARCHAR'],
  ['causation_id', 'VARCHAR'],
  ['payload', 'JSON'],
  ['day', 'DATE'],
  ['type', 'VARCHAR'],
];
const EMAIL = 'asha.parquet@example.in';

async function query(sql: string): Promise<Record<string, unknown>[]> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    return (await connection.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

const files = async (dir: string) =>
  (await readdir(dir, { recursive: true })).filter((name) => name.endsWith('.parquet')).sort();
const parquet = (dir: string) => `read_parquet('${dir}/**/*.parquet', hive_partitioning = true)`;

describe('mibi export --parquet', () => {
  let api: TestApi;
  let dir: string;

  beforeAll(async () => {
    api = await startTestApi();
    await api.signUp({ fullName: 'Asha Nair', email: EMAIL });
    await marketplace(api);
    await api.settle();
    dir = await mkdtemp(join(tmpdir(), 'mibi-parquet-'));
  });
  afterAll(() => api.close());

  it('writes the log by type and day with the documented schema, as many events of each type as the log, no personal data', async () => {
    const run = await mibi(api.dir, 'export', '--parquet', dir);
    expect(run).toMatchObject({ code: 0, stderr: expect.stringMatching(/^Exported \d+ events/) });
    const log = await api.platform.events.readAll({ after: 0, limit: 100_000 });
    expect(await files(dir)).toContain(
      `type=AccountRegistered/day=${log[0]!.metadata.time.slice(0, 10)}/events_1_${log.at(-1)!.position}_0.parquet`,
    );
    const described = await query(`DESCRIBE SELECT * FROM ${parquet(dir)}`);
    expect(described.map((c) => [c.column_name, c.column_type])).toEqual(COLUMNS);

    const counts = await query(`SELECT type, count(*)::INTEGER AS n FROM ${parquet(dir)} GROUP BY type`);
    const expected: Record<string, number> = {};
    for (const event of log) expected[event.type] = (expected[event.type] ?? 0) + 1;
    expect(Object.fromEntries(counts.map((row) => [row.type, row.n]))).toEqual(expected);

    const leaks = await query(
      `SELECT count(*)::INTEGER AS n FROM ${parquet(dir)} WHERE concat_ws('|', id, stream, actor, correlation_id, causation_id, payload) ILIKE '%asha%'`,
    );
    expect(leaks).toEqual([{ n: 0 }]);
    for (const file of await files(dir)) expect((await readFile(join(dir, file))).includes('asha')).toBe(false);
  });

  it('adds only what is new on a second export, and nothing when nothing is new', async () => {
    const before = await files(dir);
    const { position } = JSON.parse(await readFile(join(dir, STATE_FILE), 'utf8')) as { position: number };
    await api.signUp({ fullName: 'Dev Patel' });
    await api.settle();
    const last = await api.platform.events.lastPosition();

    expect(await mibi(api.dir, 'export', '--parquet', dir)).toMatchObject({ code: 0 });
    const added = (await files(dir)).filter((file) => !before.includes(file));
    expect(added.length).toBeGreaterThan(0);
    for (const file of added) expect(file).toMatch(new RegExp(`/events_${position + 1}_${last}_0\\.parquet$`));
    const [{ n, low }] = (await query(
      `SELECT count(*)::INTEGER AS n, min(position)::INTEGER AS low FROM read_parquet([${added.map((f) => `'${join(dir, f)}'`).join(', ')}])`,
    )) as [{ n: number; low: number }];
    expect({ n, low }).toEqual({ n: last - position, low: position + 1 });
    const total = await query(`SELECT count(*)::INTEGER AS n FROM ${parquet(dir)}`);
    expect(total).toEqual([{ n: last }]);

    const again = await mibi(api.dir, 'export', '--parquet', dir);
    expect(again).toMatchObject({ code: 0, stderr: `Nothing new since position ${last}: ${dir} is up to date\n` });
    expect((await files(dir)).length).toBe(before.length + added.length);
  });

  it('writes a long log in parts, each a range of files, holding every event once', async () => {
    const parts = await mkdtemp(join(tmpdir(), 'mibi-parquet-parts-'));
    const last = await api.platform.events.lastPosition();
    const result = await exportParquet(api.platform.events, pseudonymizer('a'.repeat(64)), parts, { partEvents: 25 });
    expect(result).toMatchObject({ events: last, after: 0, position: last });
    const ranges = new Set(
      result.files.map((file) => /events_(\d+)_(\d+)_\d+\.parquet$/.exec(file)!.slice(1).join('-')),
    );
    expect([...ranges].sort((a, b) => Number.parseInt(a) - Number.parseInt(b))[0]).toBe('1-25');
    expect(ranges.size).toBe(Math.ceil(last / 25));
    const [{ n, distinct }] = (await query(
      `SELECT count(*)::INTEGER AS n, count(DISTINCT position)::INTEGER AS distinct FROM ${parquet(parts)}`,
    )) as [{ n: number; distinct: number }];
    expect({ n, distinct }).toEqual({ n: last, distinct: last });
    expect(JSON.parse(await readFile(join(parts, STATE_FILE), 'utf8'))).toEqual({ position: last });
  });

  it('answers 2 for --parquet with other options', async () => {
    const run = await mibi(api.dir, 'export', '--parquet', dir, '--types', 'OrderPlaced');
    expect(run).toMatchObject({ code: 2, stderr: expect.stringContaining('--parquet <dir> takes a folder') });
  });
});
