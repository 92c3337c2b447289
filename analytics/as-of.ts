/**
 * Time travel: the read models as they were at a log position or a time, rebuilt from the log
 * into a scratch SQLite read store (never the live one). `mibi rebuild` and the analyst's SQL
 * both rebuild through here.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isoTime } from '../platform/eventstore/ndjson.ts';
import type { Platform } from '../platform/platform.ts';
import type { Projection } from '../platform/projection/projection.ts';
import type { ReadStore } from '../platform/readstore/port.ts';
import { SqliteReadStore } from '../platform/readstore/sqlite.ts';
import { projections as allProjections } from '../projections/index.ts';
import { type ReplayOptions, type ReplayPlan, type ReplayResult, replay } from '../projections/rebuild.ts';
import { replaySqlite } from '../projections/rebuild-threads.ts';

/** A log position (inclusive), or a time: the events recorded up to it. */
export type AsOf = { position: number } | { time: string };

const asOfTime = isoTime('As of');

/** "12345" is a position, an ISO date/time is a time; null when neither. */
export function parseAsOf(text: string): AsOf | null {
  if (/^\d{1,15}$/.test(text)) return { position: Number(text) };
  const time = asOfTime.safeParse(text);
  return time.success ? { time: time.data } : null;
}

/** A rebuild's read store: a file the rebuild fills, opened as a store once it is rebuilt. */
export interface ScratchStore {
  file: string;
  open(): ReadStore;
  /** Closes the store; removes it unless it was made in a folder of the caller's (`into`). */
  dispose(): Promise<void>;
}

/** A new file in `into` (kept), or in a temporary folder (removed by `dispose`). */
export function scratchStore(into?: string): ScratchStore {
  const dir = into ? resolve(into) : mkdtempSync(join(tmpdir(), 'mibi-rebuild-'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `read-rebuild-${new Date().toISOString().replace(/[:.]/g, '-')}.db`);
  let read: ReadStore | undefined;
  return {
    file,
    open: () => (read ??= new SqliteReadStore(file)),
    async dispose() {
      await read?.close();
      if (!into) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Replays the plan into `store`. With the embedded event store's file (`eventsFile`) the log is
 * read by threads of their own, each rebuilding some of the projections (`replaySqlite`); any
 * other adapter, or no file given, is read through its port, in this thread.
 */
export async function replayInto(
  platform: Pick<Platform, 'events'>,
  store: ScratchStore,
  plan: ReplayPlan[],
  options: ReplayOptions,
  eventsFile?: string,
): Promise<ReplayResult> {
  if (platform.events.kind !== 'sqlite' || eventsFile === undefined)
    return replay(platform.events, store.open(), plan, options);
  return replaySqlite({ events: eventsFile, read: store.file }, plan, options);
}

/** The projections named (all when omitted), in the order given. */
export function projectionsNamed(names?: string[]): Projection[] {
  if (names === undefined) return allProjections;
  return names.map((name) => {
    const projection = allProjections.find((p) => p.name === name);
    if (!projection) throw new RangeError(`Unknown projection: ${name}`);
    return projection;
  });
}

/** How far a rebuild as of `asOf` replays, on a log whose last position is `last`. */
export function cutOf(asOf: AsOf, last: number): { toPosition: number; toTime?: string } {
  return 'position' in asOf ? { toPosition: Math.min(asOf.position, last) } : { toPosition: last, toTime: asOf.time };
}

export interface ReadModelsAsOf {
  store: ReadStore;
  /** Position of the last event applied (0 when none). */
  position: number;
  result: ReplayResult;
  close(): Promise<void>;
}

/** The named read models (all when omitted) rebuilt from the log up to asOf into a scratch read store (never the live one). */
export async function readModelsAsOf(
  platform: Pick<Platform, 'events'>,
  asOf: AsOf,
  projections?: string[],
  options: Pick<ReplayOptions, 'onProgress'> & { into?: string; eventsFile?: string } = {},
): Promise<ReadModelsAsOf> {
  const chosen = projectionsNamed(projections);
  const { toPosition, toTime } = cutOf(asOf, await platform.events.lastPosition());
  const store = scratchStore(options.into);
  try {
    const result = await replayInto(
      platform,
      store,
      chosen.map((projection) => ({ projection, toPosition })),
      { ...(toTime && { toTime }), ...(options.onProgress && { onProgress: options.onProgress }) },
      options.eventsFile,
    );
    return { store: store.open(), position: result.position, result, close: () => store.dispose() };
  } catch (error) {
    await store.dispose();
    throw error;
  }
}
