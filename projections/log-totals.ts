/**
 * The projections of the log's own figures (streams, event types, stream categories) as a SQLite
 * rebuild makes them: from totals SQLite counts over the log file (`SqliteLogReader`), one row
 * per stream, rather than event by event. They read every event, so made by their handlers they
 * cost a rebuild more than any other projection, and had every event of the log parsed. The
 * documents and checkpoints are those the handlers write (rebuild.test.ts compares them).
 */
import type { SqliteLogReader } from '../platform/eventstore/sqlite-log.ts';
import type { DocChange, ReadStore } from '../platform/readstore/port.ts';
import { EVENT_TYPES, type EventTypeStats, STREAMS, type StreamStats, logStats, streamCategory } from './log-stats.ts';
import { COMMIT_DOCUMENTS, type ReplayPlan } from './rebuild.ts';
import { ChangesOnly } from './replay-work.ts';
import type { StreamCategoryDoc } from './stream-browser/documents.ts';
import { STREAM_CATEGORIES, streamBrowser } from './stream-browser/projection.ts';

/** The projections made from the log's totals. */
export const FROM_LOG_TOTALS: ReadonlySet<string> = new Set([logStats.name, streamBrowser.name]);

/**
 * Makes the plan's projections (all of `FROM_LOG_TOTALS`) in `read`: their collections emptied,
 * the documents written in transactions of `COMMIT_DOCUMENTS`, the checkpoint (the last
 * event's position up to the target) with the last, then the indexes. Projections with the same
 * target share one pass over the streams. Answers how many events and up to what position the
 * totals covered.
 */
export async function loadLogTotals(
  log: SqliteLogReader,
  read: ReadStore,
  plan: ReplayPlan[],
): Promise<{ events: number; position: number }> {
  let events = 0;
  let position = 0;
  for (const to of new Set(plan.map((step) => step.toPosition))) {
    const names = new Set(plan.filter((step) => step.toPosition === to).map((step) => step.projection.name));
    for (const step of plan) {
      if (names.has(step.projection.name))
        await read.reset(
          step.projection.name,
          step.projection.collections.map((c) => c.name),
        );
    }
    const covered = await loadTotalsTo(log, read, names, to);
    events = Math.max(events, covered.events);
    position = Math.max(position, covered.position);
  }
  for (const { projection } of plan) for (const spec of projection.collections) read.collection(spec);
  return { events, position };
}

/** One pass over the streams' totals up to `to`, for the projections named. */
async function loadTotalsTo(
  log: SqliteLogReader,
  read: ReadStore,
  names: Set<string>,
  to: number,
): Promise<{ events: number; position: number }> {
  const stats = names.has(logStats.name);
  const categories = new Map<string, { doc: StreamCategoryDoc; lastPosition: number }>();
  let events = 0;
  let position = 0;
  let piece: DocChange[] = [];
  const commit = (projection: string, at: number) => {
    const batch = { work: new ChangesOnly(piece), projection, position: at };
    piece = [];
    return read.commitMany([batch]);
  };
  for (const totals of log.streamTotals(to)) {
    const { stream, lastPosition, lastEventAt } = totals;
    events += totals.events;
    position = Math.max(position, lastPosition);
    const category = streamCategory(stream);
    if (stats) {
      const doc: StreamStats = {
        id: stream,
        category,
        events: totals.events,
        revision: totals.revision,
        firstPosition: totals.firstPosition,
        lastPosition,
        lastEventAt,
      };
      piece.push({ collection: STREAMS, id: stream, doc });
      if (piece.length === COMMIT_DOCUMENTS) await commit(logStats.name, 0);
    }
    const counted = categories.get(category);
    if (!counted)
      categories.set(category, { doc: { id: category, streams: 1, events: totals.events, lastEventAt }, lastPosition });
    else {
      counted.doc.streams++;
      counted.doc.events += totals.events;
      if (lastPosition > counted.lastPosition) {
        counted.lastPosition = lastPosition;
        counted.doc.lastEventAt = lastEventAt;
      }
    }
  }
  if (position === 0) return { events, position };
  if (stats) {
    for (const { type, ...figures } of log.typeTotals(to)) {
      const doc: EventTypeStats = { id: type, ...figures };
      piece.push({ collection: EVENT_TYPES, id: type, doc });
    }
    await commit(logStats.name, position);
  }
  if (names.has(streamBrowser.name)) {
    for (const { doc } of categories.values()) piece.push({ collection: STREAM_CATEGORIES, id: doc.id, doc });
    await commit(streamBrowser.name, position);
  }
  return { events, position };
}
