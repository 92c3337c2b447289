/**
 * `npm run bench:analytics` (issue 28): over a generated log of BENCH_EVENTS events (1,000,000 by
 * default; the replay bench's generator), the warehouse's load of the log into DuckDB
 * (analytics/warehouse.ts loadEvents, through the pseudonymizer), a SQL count by type and day
 * over it (target: under a second), and the Parquet export's time and size.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { exportParquet } from '../analytics/parquet-export.ts';
import { pseudonymizer } from '../analytics/privacy.ts';
import { EVENTS_TABLE, loadEvents } from '../analytics/warehouse.ts';
import { SqliteEventStore } from '../platform/eventstore/sqlite.ts';
import { recordFigures } from './bench-results.ts';
import { formatCount, rate } from './cli/output.ts';
import { Progress } from './cli/progress.ts';
import { BENCH_MARKETPLACE, generateLog } from './marketplace-log.ts';

const TARGET_EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const COUNT_TARGET_MS = 1000;
const COUNT_BY_TYPE_AND_DAY = 'SELECT type, time::DATE AS day, count(*) FROM events GROUP BY ALL';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-bench-analytics-'));
  const store = new SqliteEventStore(join(dir, 'events.db'));
  const privacy = pseudonymizer('bench-analytics-key');
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    console.log(`bench:analytics · ${formatCount(TARGET_EVENTS)} events · ${dir}\n`);
    const progress = new Progress('generate', TARGET_EVENTS);
    const events = await generateLog(store, TARGET_EVENTS, BENCH_MARKETPLACE, (done) => progress.update(done));
    progress.finish();

    await connection.run(EVENTS_TABLE);
    const load = await timed(() => loadEvents(connection, store, privacy));
    console.log(
      `warehouse load: ${formatCount(events)} events in ${seconds(load.ms)} s (${formatCount(rate(events, load.ms))} events/s)`,
    );

    await connection.run(COUNT_BY_TYPE_AND_DAY); // warm: the first query of a table pays its setup
    const count = await timed(async () => (await connection.runAndReadAll(COUNT_BY_TYPE_AND_DAY)).getRows().length);
    console.log(`count by type and day: ${formatCount(count.value)} groups in ${Math.round(count.ms)} ms`);

    const out = join(dir, 'parquet');
    const parquet = await timed(() => exportParquet(store, privacy, out));
    const files = (await readdir(out, { recursive: true })).filter((name) => name.endsWith('.parquet'));
    const bytes = files.reduce((sum, name) => sum + statSync(join(out, name)).size, 0);
    console.log(
      `parquet export: ${formatCount(parquet.value.events)} events in ${seconds(parquet.ms)} s, ${formatCount(files.length)} files, ${(bytes / 2 ** 20).toFixed(1)} MiB`,
    );

    recordFigures('analytics', [
      {
        name: `warehouse load of ${formatCount(events)} events (pseudonymized), s`,
        measured: `${seconds(load.ms)} (${formatCount(rate(events, load.ms))} events/s)`,
        baseline: '',
        target: '',
        met: null,
      },
      {
        name: `SQL count by type and day over ${formatCount(events)} events, ms`,
        measured: `${Math.round(count.ms)}`,
        baseline: '',
        target: `< ${COUNT_TARGET_MS}`,
        met: count.ms < COUNT_TARGET_MS,
      },
      {
        name: `Parquet export of ${formatCount(events)} events, s and MiB`,
        measured: `${seconds(parquet.ms)} s, ${(bytes / 2 ** 20).toFixed(1)} MiB in ${formatCount(files.length)} files`,
        baseline: '',
        target: '',
        met: null,
      },
    ]);
  } finally {
    connection.closeSync();
    instance.closeSync();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
