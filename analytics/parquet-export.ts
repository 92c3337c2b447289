/**
 * `mibi export --parquet <dir>`: the log as analysts may see it (the warehouse's `events` table,
 * loaded by `loadEvents` through the pseudonymizer) written as Parquet, partitioned hive style
 * by event type and UTC day: `<dir>/type=OrderPlaced/day=2026-11-28/events_<from>_<to>_0.parquet`.
 *
 * Incremental: `<dir>/export-state.json` holds the last position exported; a run writes only the
 * events after it, into new files named by their position range. A run that dies midway leaves
 * no half state: files are written under a temporary folder and renamed into place, the state
 * last; the next run first removes any file of a range past the recorded position (and the
 * temporary folder), so what a dead run renamed is written again, once. A long log is written
 * in parts of `PART_EVENTS`, each recorded as it is done.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import type { EventStore } from '../platform/eventstore/port.ts';
import type { Pseudonymizer } from './privacy.ts';
import { EVENTS_TABLE, loadEvents } from './warehouse.ts';

export const STATE_FILE = 'export-state.json';
const TEMP = '.export-in-progress';
/** `events_<first position>_<last position>_<n>.parquet`: the range tells a dead run's files apart. */
const FILE = /^events_(\d+)_(\d+)_\d+\.parquet$/;

export interface ParquetExport {
  /** Events written by this run (0 when nothing was new). */
  events: number;
  /** The position exported through, before and after this run. */
  after: number;
  position: number;
  /** The files written, relative to the folder. */
  files: string[];
}

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

async function exportedThrough(dir: string): Promise<number> {
  const text = await readFile(join(dir, STATE_FILE), 'utf8').catch(() => null);
  return text === null ? 0 : (JSON.parse(text) as { position: number }).position;
}

/**
 * Events loaded and written at a time: each such part is a range of files and a step of the
 * recorded position, so an export's memory stays bounded whatever the length of the log.
 */
const PART_EVENTS = 200_000;

/** Writes the events after the folder's recorded position as Parquet files into `dir`. */
export async function exportParquet(
  events: EventStore,
  privacy: Pseudonymizer,
  dir: string,
  { partEvents = PART_EVENTS }: { partEvents?: number } = {},
): Promise<ParquetExport> {
  await mkdir(dir, { recursive: true });
  const after = await exportedThrough(dir);
  await rm(join(dir, TEMP), { recursive: true, force: true });
  for (const file of await filesUnder(dir)) {
    const range = FILE.exec(file.slice(dirname(file).length + 1));
    if (range && Number(range[1]) > after) await rm(file);
  }

  const last = await events.lastPosition();
  const result: ParquetExport = { events: 0, after, position: after, files: [] };
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(EVENTS_TABLE);
    while (result.position < last) {
      const from = result.position;
      const position = await loadEvents(connection, events, privacy, {
        after: from,
        toPosition: Math.min(last, from + partEvents),
      });
      // A range with no event (positions need not be dense) moves nothing: read on past it.
      if (position === from) {
        result.position = Math.min(last, from + partEvents);
        continue;
      }
      const part = await writePart(connection, dir, from, position);
      result.events += part.events;
      result.files.push(...part.files);
      result.position = position;
      await writeFile(join(dir, `${STATE_FILE}.tmp`), `${JSON.stringify({ position }, null, 2)}\n`);
      await rename(join(dir, `${STATE_FILE}.tmp`), join(dir, STATE_FILE));
      await connection.run('DELETE FROM events');
    }
    result.files.sort();
    return result;
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}

/** The loaded events (positions `from` + 1 to `to`) as files moved into place; the state is the caller's to record. */
async function writePart(
  connection: DuckDBConnection,
  dir: string,
  from: number,
  to: number,
): Promise<{ events: number; files: string[] }> {
  const temp = join(dir, TEMP);
  const pattern = `events_${from + 1}_${to}_{i}`;
  await connection.run(
    `COPY (SELECT *, strftime(time, '%Y-%m-%d') AS day FROM events ORDER BY position)
     TO '${temp.replaceAll("'", "''")}' (FORMAT parquet, PARTITION_BY (type, day), FILENAME_PATTERN '${pattern}')`,
  );
  const written = await filesUnder(temp);
  for (const file of written) {
    const target = join(dir, relative(temp, file));
    await mkdir(dirname(target), { recursive: true });
    await rename(file, target);
  }
  await rm(temp, { recursive: true, force: true });
  const count = Number((await connection.runAndReadAll('SELECT count(*) FROM events')).getRows()[0]![0]);
  return { events: count, files: written.map((file) => relative(temp, file)) };
}
