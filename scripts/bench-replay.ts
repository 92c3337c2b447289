/**
 * `npm run bench:replay`: writes a marketplace's worth of events (BENCH_EVENTS, default
 * 1,000,000) through the SQLite event store, rebuilds every projection from zero into a fresh
 * read store (`replaySqlite`: the projections shared out among threads, one per core), and
 * prints the replay rate beside the raw read rate of the same file in the same run
 * (better-sqlite3 reading every row and parsing its data and metadata, in one thread).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '../platform/eventstore/sqlite.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { projections } from '../projections/index.ts';
import { collectionsOf, countDocuments } from '../projections/rebuild.ts';
import { replaySqlite } from '../projections/rebuild-threads.ts';
import { recordFigures } from './bench-results.ts';
import { formatCount, rate } from './cli/output.ts';
import { Progress } from './cli/progress.ts';
import { BENCH_MARKETPLACE, generateLog } from './marketplace-log.ts';

const TARGET_EVENTS = Number(process.env.BENCH_EVENTS ?? 1_000_000);
const TARGET_RATE = 100_000;

async function generate(file: string): Promise<{ events: number; ms: number }> {
  const progress = new Progress('generate', TARGET_EVENTS);
  const store = new SqliteEventStore(file);
  try {
    const events = await generateLog(store, TARGET_EVENTS, BENCH_MARKETPLACE, (done) => progress.update(done));
    return { events, ms: progress.finish() };
  } finally {
    await store.close();
  }
}

/** The floor: every row read with better-sqlite3 and its JSON parsed, nothing else. */
function rawRead(file: string): { events: number; ms: number } {
  const db = new Database(file, { readonly: true });
  const started = performance.now();
  let events = 0;
  const rows = db
    .prepare('SELECT position, id, stream, revision, type, data, metadata FROM events ORDER BY position')
    .raw()
    .iterate();
  for (const row of rows as Iterable<[number, string, string, number, string, string, string]>) {
    JSON.parse(row[5]);
    JSON.parse(row[6]);
    events++;
  }
  const ms = performance.now() - started;
  db.close();
  return { events, ms };
}

const seconds = (ms: number) => (ms / 1000).toFixed(2);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'mibi-bench-replay-'));
  const file = join(dir, 'events.db');
  try {
    console.log(`bench:replay · ${formatCount(TARGET_EVENTS)} events · ${projections.length} projections · ${dir}\n`);
    const written = await generate(file);
    console.log(
      `generated ${formatCount(written.events)} events in ${seconds(written.ms)} s (${formatCount(rate(written.events, written.ms))} events/s through append)`,
    );

    const raw = rawRead(file);
    const progress = new Progress('rebuild', written.events);
    const rebuilt = await replaySqlite(
      { events: file, read: join(dir, 'read.db') },
      projections.map((projection) => ({ projection, toPosition: written.events })),
      { onProgress: ({ events: done }) => progress.update(done) },
    );
    progress.finish();
    const read = new SqliteReadStore(join(dir, 'read.db'));
    const counts = await countDocuments(read, collectionsOf(projections));
    await read.close();

    const replayRate = rate(rebuilt.events, rebuilt.ms);
    const rawRate = rate(raw.events, raw.ms);
    console.log('\n| operation | events | seconds | events/s |');
    console.log('|---|---:|---:|---:|');
    console.log(
      `| raw read (better-sqlite3 + JSON.parse) | ${formatCount(raw.events)} | ${seconds(raw.ms)} | ${formatCount(rawRate)} |`,
    );
    console.log(
      `| rebuild of all projections (${rebuilt.threads.length} threads) | ${formatCount(rebuilt.events)} | ${seconds(rebuilt.ms)} | ${formatCount(replayRate)} |`,
    );
    console.log(
      `\nreplay / raw read: ${(replayRate / rawRate).toFixed(2)} · target ${formatCount(TARGET_RATE)} events/s: ${replayRate >= TARGET_RATE ? 'met' : 'NOT met'}`,
    );

    // Each thread's parts: the seconds it spent in each, and their share of the whole rebuild.
    console.log("\n| where the rebuild's time goes, per thread | seconds | share |");
    console.log('|---|---:|---:|');
    for (const [i, thread] of rebuilt.threads.entries()) {
      const parts = Object.entries(thread.parts).sort((a, b) => b[1] - a[1]);
      const rest = rebuilt.ms - parts.reduce((sum, [, ms]) => sum + ms, 0);
      console.log(`| **thread ${i + 1}**: ${thread.projections.join(', ')} | | |`);
      for (const [part, ms] of [
        ...parts,
        ['the rest (starting the thread, waiting for the others, finishing the file)', rest] as const,
      ]) {
        console.log(`| ${part} | ${seconds(ms)} | ${Math.round((ms / rebuilt.ms) * 100)}% |`);
      }
    }
    console.log(
      `\npeak RSS ${formatCount(Math.round(process.resourceUsage().maxRSS / 1024))} MB (all threads) · documents: ${counts.map(({ collection, documents }) => `${collection} ${formatCount(documents)}`).join(', ')}`,
    );

    recordFigures('replay', [
      {
        name: `replay of ${formatCount(rebuilt.events)} events through all ${projections.length} projections from zero, events/s`,
        measured: `${formatCount(replayRate)} (${(replayRate / rawRate).toFixed(2)} of raw read)`,
        baseline: `raw read of the same file ${formatCount(rawRate)} events/s`,
        target: `>= ${formatCount(TARGET_RATE)} events/s`,
        met: replayRate >= TARGET_RATE,
      },
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
