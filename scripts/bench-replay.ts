/**
 * `npm run bench:replay`: writes a marketplace's worth of events (BENCH_EVENTS, default
 * 1,000,000) through the SQLite event store, rebuilds every projection from zero into a fresh
 * read store (`replaySqlite`: the projections shared out among threads, one per core), and
 * prints the replay rate beside the raw read rate of the same file in the same run
 * (better-sqlite3 reading every row and parsing its data and metadata, in one thread), and the
 * rebuild's peak memory. With BENCH_MEMORY_EVENTS (say 3,000,000) the log is written that long
 * and rebuilt once more whole: its peak memory beside the first's shows whether memory grows
 * with the log. Each rebuild runs in a process of its own, so its peak is its own.
 */
import { execFileSync } from 'node:child_process';
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
const MEMORY_EVENTS = Number(process.env.BENCH_MEMORY_EVENTS ?? 0);
const TARGET_RATE = 100_000;
const TARGET_RSS_MB = 1024;

type Rebuilt = Awaited<ReturnType<typeof replaySqlite>> & { rssMb: number; cpuMs: number };

/** `--rebuild <events> <read> <to>`: this process rebuilds every projection up to `to` and prints its result. */
async function rebuildHere([events, read, to]: string[]): Promise<void> {
  const rebuilt = await replaySqlite(
    { events: events!, read: read! },
    projections.map((projection) => ({ projection, toPosition: Number(to) })),
  );
  const { maxRSS, userCPUTime, systemCPUTime } = process.resourceUsage();
  const rssMb = Math.round(maxRSS / 1024);
  process.stdout.write(JSON.stringify({ ...rebuilt, rssMb, cpuMs: (userCPUTime + systemCPUTime) / 1000 }));
}

/** A rebuild in a process of its own (as tsx runs this one), up to position `to`. */
function rebuildApart(events: string, read: string, to: number): Rebuilt {
  const out = execFileSync(
    process.execPath,
    [...process.execArgv, process.argv[1]!, '--rebuild', events, read, String(to)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 1 << 24 },
  );
  return JSON.parse(out) as Rebuilt;
}

async function generate(file: string, count: number): Promise<{ events: number; ms: number }> {
  const progress = new Progress('generate', count);
  const store = new SqliteEventStore(file);
  try {
    const events = await generateLog(store, count, BENCH_MARKETPLACE, (done) => progress.update(done));
    return { events, ms: progress.finish() };
  } finally {
    await store.close();
  }
}

/** The floor: every row read with better-sqlite3 and its JSON parsed, nothing else. */
function rawRead(file: string, to: number): { events: number; ms: number } {
  const db = new Database(file, { readonly: true });
  const started = performance.now();
  let events = 0;
  const rows = db
    .prepare(
      'SELECT position, id, stream, revision, type, data, metadata FROM events WHERE position <= ? ORDER BY position',
    )
    .raw()
    .iterate(to);
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
    const written = await generate(file, Math.max(TARGET_EVENTS, MEMORY_EVENTS));
    console.log(
      `generated ${formatCount(written.events)} events in ${seconds(written.ms)} s (${formatCount(rate(written.events, written.ms))} events/s through append)`,
    );

    const raw = rawRead(file, TARGET_EVENTS);
    console.log('rebuilding...');
    const rebuilt = rebuildApart(file, join(dir, 'read.db'), TARGET_EVENTS);
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

    // CPU time rather than wall time: it does not count other work on the machine's cores.
    console.log(
      `\nCPU time of the rebuild ${seconds(rebuilt.cpuMs)} s (all threads, user + system): ${formatCount(rate(rebuilt.events, rebuilt.cpuMs))} events per CPU second`,
    );
    console.log("\n| where each thread's CPU time goes | seconds | share |");
    console.log('|---|---:|---:|');
    for (const [i, thread] of rebuilt.threads.entries()) {
      const parts = Object.entries(thread.parts).sort((a, b) => b[1] - a[1]);
      const rest = thread.cpuMs - parts.reduce((sum, [, ms]) => sum + ms, 0);
      console.log(`| **thread ${i + 1}** (${seconds(thread.cpuMs)} s): ${thread.projections.join(', ')} | | |`);
      for (const [part, ms] of [...parts, ['the rest (starting the thread, loading the code)', rest] as const]) {
        console.log(`| ${part} | ${seconds(ms)} | ${Math.round((ms / thread.cpuMs) * 100)}% |`);
      }
    }
    console.log(
      `\npeak RSS of the rebuild ${formatCount(rebuilt.rssMb)} MB (all threads) · documents: ${counts.map(({ collection, documents }) => `${collection} ${formatCount(documents)}`).join(', ')}`,
    );
    const figures = [
      {
        name: `replay of ${formatCount(rebuilt.events)} events through all ${projections.length} projections from zero, events/s`,
        measured: `${formatCount(replayRate)} (${(replayRate / rawRate).toFixed(2)} of raw read)`,
        baseline: `raw read of the same file ${formatCount(rawRate)} events/s`,
        target: `>= ${formatCount(TARGET_RATE)} events/s`,
        met: replayRate >= TARGET_RATE,
      },
      {
        name: `peak RSS of the rebuild of ${formatCount(rebuilt.events)} events, MB`,
        measured: formatCount(rebuilt.rssMb),
        baseline: '',
        target: `< ${formatCount(TARGET_RSS_MB)} MB`,
        met: rebuilt.rssMb < TARGET_RSS_MB,
      },
    ];
    if (MEMORY_EVENTS > TARGET_EVENTS) {
      console.log(`rebuilding ${formatCount(written.events)} events...`);
      const longer = rebuildApart(file, join(dir, 'read-longer.db'), written.events);
      console.log(
        `peak RSS of the rebuild of ${formatCount(longer.events)} events ${formatCount(longer.rssMb)} MB (${formatCount(rate(longer.events, longer.ms))} events/s) beside ${formatCount(rebuilt.rssMb)} MB for ${formatCount(rebuilt.events)}`,
      );
      figures.push({
        name: `peak RSS of the rebuild of ${formatCount(longer.events)} events, MB`,
        measured: formatCount(longer.rssMb),
        baseline: `${formatCount(rebuilt.rssMb)} MB for ${formatCount(rebuilt.events)} events`,
        target: `<= the shorter log's`,
        met: longer.rssMb <= rebuilt.rssMb,
      });
    }

    recordFigures('replay', figures);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--rebuild') await rebuildHere(process.argv.slice(3));
else await main();
