/**
 * `npm run bench:store`: appends and replays events through the SQLite event store and the
 * projection runner, beside raw better-sqlite3 inserts and selects of the same rows in the
 * same run, so the ratio says what the store and runner cost on this machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { MemoryBus } from '../platform/bus/memory.ts';
import { SqliteEventStore } from '../platform/eventstore/sqlite.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { logStats } from '../projections/log-stats.ts';
import { ProjectionRunner } from '../platform/projection/runner.ts';
import { recordFigures } from './bench-results.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 200_000);
const PER_APPEND = 10; // events per append (one command's worth, generously)
const SINGLE_APPENDS = 10_000; // one event per append: the order-placement shape
const dir = mkdtempSync(join(tmpdir(), 'mibi-bench-store-'));

const payload = (i: number) => ({ productId: `p-${i % 1000}`, quantity: (i % 5) + 1, pricePaise: 49_900 + (i % 100) });

function rate(count: number, ms: number): number {
  return Math.round((count / ms) * 1000);
}

async function time(work: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/** The same rows and durability settings as the store, without its checks and JSON of metadata objects. */
function rawSqlite() {
  const db = new Database(join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT UNIQUE, stream TEXT, revision INTEGER,
           type TEXT, data TEXT, metadata TEXT, UNIQUE(stream, revision))`);
  const insert = db.prepare(
    'INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const meta = JSON.stringify({
    actor: 'bench',
    correlationId: 'c',
    causationId: null,
    time: new Date().toISOString(),
  });
  const appendBatch = db.transaction((stream: string, from: number, count: number) => {
    for (let k = 0; k < count; k++)
      insert.run(crypto.randomUUID(), stream, from + k, 'ItemCounted', JSON.stringify(payload(from + k)), meta);
  });
  return { db, appendBatch };
}

async function main(): Promise<void> {
  const streams = EVENTS / PER_APPEND / 10; // ten appends per stream
  console.log(
    `bench:store · ${EVENTS.toLocaleString('en-US')} events in appends of ${PER_APPEND}, then replay · ${dir}\n`,
  );

  const raw = rawSqlite();
  const rawAppendMs = await time(() => {
    for (let a = 0; a < EVENTS / PER_APPEND; a++)
      raw.appendBatch(`bench-${a % streams}`, Math.floor(a / streams) * PER_APPEND, PER_APPEND);
  });
  const rawSingleMs = await time(() => {
    for (let a = 0; a < SINGLE_APPENDS; a++) raw.appendBatch(`single-${a}`, 0, 1);
  });
  const select = raw.db.prepare('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT 500');
  const rawReadMs = await time(() => {
    let after = 0;
    for (;;) {
      const rows = select.all(after) as Array<{ position: number; data: string; metadata: string }>;
      if (rows.length === 0) break;
      for (const row of rows) JSON.parse(row.data), JSON.parse(row.metadata);
      after = rows[rows.length - 1]!.position;
    }
  });
  raw.db.close();

  const events = new SqliteEventStore(join(dir, 'events.db'));
  const appendMs = await time(async () => {
    for (let a = 0; a < EVENTS / PER_APPEND; a++) {
      const round = Math.floor(a / streams);
      const batch = Array.from({ length: PER_APPEND }, (_, k) => ({
        type: 'ItemCounted',
        data: payload(round * PER_APPEND + k),
        metadata: { actor: 'bench' },
      }));
      await events.append(`bench-${a % streams}`, batch, round === 0 ? 'no_stream' : round * PER_APPEND - 1);
    }
  });
  const singleMs = await time(async () => {
    for (let a = 0; a < SINGLE_APPENDS; a++)
      await events.append(`single-${a}`, [{ type: 'ItemCounted', data: payload(a) }], 'no_stream');
  });
  const total = EVENTS + SINGLE_APPENDS;
  const readAllMs = await time(async () => {
    let after = 0;
    for (;;) {
      const batch = await events.readAll({ after, limit: 500 });
      if (batch.length === 0) break;
      after = batch[batch.length - 1]!.position;
    }
  });
  const read = new SqliteReadStore(join(dir, 'read.db'));
  const runner = new ProjectionRunner({ events, read, bus: new MemoryBus(), projections: [logStats] });
  const replayMs = await time(() => runner.catchUp(logStats.name));
  const streamsProjected = await read.collection('log_streams').count();
  await read.close();
  await events.close();
  rmSync(dir, { recursive: true, force: true });

  const rows = [
    ['append (batches of 10)', rate(EVENTS, appendMs), rate(EVENTS, rawAppendMs)],
    ['append (1 event, own commit)', rate(SINGLE_APPENDS, singleMs), rate(SINGLE_APPENDS, rawSingleMs)],
    ['readAll', rate(total, readAllMs), rate(total, rawReadMs)],
    ['replay through runner (log-stats)', rate(total, replayMs), rate(total, rawReadMs)],
  ] as const;
  console.log('| operation | MIBI events/s | raw better-sqlite3 rows/s | ratio |');
  console.log('|---|---:|---:|---:|');
  for (const [name, ours, base] of rows)
    console.log(
      `| ${name} | ${ours.toLocaleString('en-US')} | ${base.toLocaleString('en-US')} | ${(ours / base).toFixed(2)} |`,
    );
  recordFigures(
    'store',
    rows.map(([name, ours, base]) => ({
      name: `event store ${name}, events/s`,
      measured: `${ours.toLocaleString('en-US')} (${(ours / base).toFixed(2)} of raw)`,
      baseline: `raw better-sqlite3 ${base.toLocaleString('en-US')} rows/s`,
      target: '',
      met: null,
    })),
  );
  console.log(
    `\nreplay projected ${streamsProjected.toLocaleString('en-US')} stream documents from ${total.toLocaleString('en-US')} events`,
  );
}

await main();
