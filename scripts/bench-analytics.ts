/**
 * `npm run bench:analytics` (issue 28): over a generated log of BENCH_EVENTS events (1,000,000 by
 * default; the replay bench's generator), along the analysts' own path (analytics/sql.ts, its
 * memory limit and kept warehouse file): the first load of the log, pseudonymized; a SQL count
 * by type and day over it (target: under a second); the warehouse reopened with nothing new;
 * and the Parquet export's time and size.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { exportParquet } from '../analytics/parquet-export.ts';
import { pseudonymizer } from '../analytics/privacy.ts';
import { AnalystSql } from '../analytics/sql.ts';
import { keptWarehouseFile } from '../analytics/warehouse.ts';
import { SqliteEventStore } from '../platform/eventstore/sqlite.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { recordFigures } from './bench-results.ts';
import { formatCount, rate } from './cli/output.ts';
import { Progress } from './cli/progress.ts';
import { BENCH_MARKETPLACE, generateLog } from './marketplace-log.ts';

const TARGET_EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const COUNT_TARGET_MS = 1000;
const KEY = 'b'.repeat(64);
const COUNT_BY_TYPE_AND_DAY = 'SELECT type, time::DATE AS day, count(*) FROM events GROUP BY ALL';

const seconds = (ms: number) => (ms / 1000).toFixed(1);

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await work();
  return { value, ms: performance.now() - start };
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-bench-analytics-'));
  const events = new SqliteEventStore(join(dir, 'events.db'));
  const read = new SqliteReadStore(join(dir, 'read.db'));
  const source = { events, read };
  const options = { key: KEY, file: keptWarehouseFile(dir) };
  try {
    console.log(`bench:analytics · ${formatCount(TARGET_EVENTS)} events · ${dir}\n`);
    const progress = new Progress('generate', TARGET_EVENTS);
    const count = await generateLog(events, TARGET_EVENTS, BENCH_MARKETPLACE, (done) => progress.update(done));
    progress.finish();

    const load = await timed(() => AnalystSql.open(source, options));
    console.log(
      `first load into the kept warehouse: ${formatCount(count)} events in ${seconds(load.ms)} s (${formatCount(rate(count, load.ms))} events/s)`,
    );
    await load.value.query(COUNT_BY_TYPE_AND_DAY); // warm: the first query of a table pays its setup
    const query = await timed(() => load.value.query(COUNT_BY_TYPE_AND_DAY));
    console.log(`count by type and day: ${formatCount(query.value.rows.length)} groups in ${Math.round(query.ms)} ms`);
    await load.value.close();

    const reopen = await timed(() => AnalystSql.open(source, options));
    const again = await timed(() => reopen.value.query(COUNT_BY_TYPE_AND_DAY));
    await reopen.value.close();
    console.log(
      `reopening the kept warehouse: ${Math.round(reopen.ms)} ms, then the count in ${Math.round(again.ms)} ms`,
    );

    const out = join(dir, 'parquet');
    const parquet = await timed(() => exportParquet(events, pseudonymizer(KEY), out));
    const files = (await readdir(out, { recursive: true })).filter((name) => name.endsWith('.parquet'));
    const bytes = files.reduce((sum, name) => sum + statSync(join(out, name)).size, 0);
    console.log(
      `parquet export: ${formatCount(parquet.value.events)} events in ${seconds(parquet.ms)} s, ${formatCount(files.length)} files, ${(bytes / 2 ** 20).toFixed(1)} MiB`,
    );
    const rssMb = Math.round(process.resourceUsage().maxRSS / 1024);
    console.log(`peak RSS of this process (generation included): ${formatCount(rssMb)} MB`);

    recordFigures('analytics', [
      {
        name: `first load of ${formatCount(count)} events into the kept warehouse (pseudonymized), s`,
        measured: `${seconds(load.ms)} (${formatCount(rate(count, load.ms))} events/s)`,
        baseline: '',
        target: '',
        met: null,
      },
      {
        name: `SQL count by type and day over ${formatCount(count)} events (the analysts' path, 512 MB limit), ms`,
        measured: `${Math.round(query.ms)}`,
        baseline: '',
        target: `< ${COUNT_TARGET_MS}`,
        met: query.ms < COUNT_TARGET_MS,
      },
      {
        name: `reopening the kept warehouse of ${formatCount(count)} events and counting, ms`,
        measured: `${Math.round(reopen.ms + again.ms)}`,
        baseline: '',
        target: '',
        met: null,
      },
      {
        name: `Parquet export of ${formatCount(count)} events, s and MiB`,
        measured: `${seconds(parquet.ms)} s, ${(bytes / 2 ** 20).toFixed(1)} MiB in ${formatCount(files.length)} files`,
        baseline: '',
        target: '',
        met: null,
      },
    ]);
  } finally {
    await read.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
