/**
 * `mibi streams` and `mibi types`: what the log holds, from the log-stats read model
 * (collections log_streams and log_event_types), or from a scan of the whole log with --scan.
 */
import type { EventStore, RecordedEvent } from '../../platform/eventstore/port.ts';
import type { Platform } from '../../platform/platform.ts';
import {
  EVENT_TYPES,
  type EventTypeStats,
  logStats,
  STREAMS,
  type StreamStats,
  streamCategory,
} from '../../projections/log-stats.ts';
import { type Command, EXIT, parse, wholeNumber, withPlatform } from './command.ts';
import { columns, formatCount, left, right, write } from './output.ts';
import { Progress } from './progress.ts';

const PAGE = 1000;
const STREAM_COLUMNS = [right(10), right(14), left(24)];
const TYPE_COLUMNS = [right(10), right(14), right(14)];

type StreamRow = Pick<StreamStats, 'id' | 'events' | 'lastPosition' | 'lastEventAt'>;
type TypeRow = Pick<EventTypeStats, 'id' | 'events' | 'firstPosition' | 'lastPosition'>;

/** Tells on stderr when the read model is behind the log, and how to get exact figures. */
export async function warnIfBehind(platform: Platform): Promise<void> {
  const [processed, last] = await Promise.all([
    platform.read.checkpoint(logStats.name),
    platform.events.lastPosition(),
  ]);
  if (processed < last) {
    process.stderr.write(
      `note: the log-stats read model has processed the log up to position ${formatCount(processed)} of ${formatCount(last)}; use --scan for exact figures\n`,
    );
  }
}

/** Reads the whole log page by page, with a progress bar, handing each event to `visit`. */
async function scan(events: EventStore, visit: (event: RecordedEvent) => void): Promise<void> {
  const last = await events.lastPosition();
  const progress = new Progress('scan', null);
  let done = 0;
  for (let after = 0; after < last; ) {
    const page = await events.readAll({ after, limit: PAGE });
    if (page.length === 0) break;
    for (const event of page) visit(event);
    done += page.length;
    after = page[page.length - 1]!.position;
    progress.update(done, after / last);
  }
  progress.finish();
}

/** The streams whose name starts with `prefix`, most recently active first, from log_streams. */
async function* streamsFromReadModel(platform: Platform, prefix: string | undefined): AsyncGenerator<StreamRow> {
  const collection = platform.read.collection<StreamStats>(STREAMS);
  // A prefix with a dash names the category, which is indexed; the rest of it is checked here.
  const where = prefix?.includes('-') ? { category: streamCategory(prefix) } : undefined;
  for (let skip = 0; ; skip += PAGE) {
    const page = await collection.find({
      ...(where && { where }),
      sort: [['lastPosition', 'desc']],
      skip,
      limit: PAGE,
    });
    for (const stream of page) if (!prefix || stream.id.startsWith(prefix)) yield stream;
    if (page.length < PAGE) return;
  }
}

async function* streamsFromScan(events: EventStore, prefix: string | undefined): AsyncGenerator<StreamRow> {
  const streams = new Map<string, StreamRow>();
  await scan(events, (event) => {
    if (prefix && !event.stream.startsWith(prefix)) return;
    const seen = streams.get(event.stream);
    streams.set(event.stream, {
      id: event.stream,
      events: (seen?.events ?? 0) + 1,
      lastPosition: event.position,
      lastEventAt: event.metadata.time,
    });
  });
  yield* [...streams.values()].sort((a, b) => b.lastPosition - a.lastPosition);
}

export const streamsCommand: Command = {
  name: 'streams',
  summary: 'List streams with their event counts and last position',
  help: `Usage: mibi streams [--prefix <text>] [--limit <n>] [--scan]

Lists the streams, most recently active first: events, last position, time of the last
event and the stream name. Read from the log-stats read model; --scan reads the whole log
instead (exact even when the projections lag, slower).

Options:
  --prefix <text>  only streams whose name starts with this, e.g. product-
  --limit <n>      at most n streams
  --scan           count from the event log itself
  -h, --help       this help`,

  async run(argv) {
    const { values } = parse(
      argv,
      { prefix: { type: 'string' }, limit: { type: 'string' }, scan: { type: 'boolean' } },
      { min: 0, max: 0 },
    );
    const limit = wholeNumber(values.limit, '--limit', 1) ?? Number.POSITIVE_INFINITY;
    return withPlatform(async (platform) => {
      if (!values.scan) await warnIfBehind(platform);
      const rows = values.scan
        ? streamsFromScan(platform.events, values.prefix)
        : streamsFromReadModel(platform, values.prefix);
      await write(`${columns(['EVENTS', 'LAST POSITION', 'LAST EVENT AT', 'STREAM'], STREAM_COLUMNS)}\n`);
      let shown = 0;
      for await (const row of rows) {
        if (shown === limit) break;
        await write(`${columns([row.events, row.lastPosition, row.lastEventAt, row.id], STREAM_COLUMNS)}\n`);
        shown++;
      }
      process.stderr.write(`${formatCount(shown)} streams\n`);
      return EXIT.ok;
    });
  },
};

async function typesFromScan(events: EventStore): Promise<TypeRow[]> {
  const types = new Map<string, TypeRow>();
  await scan(events, (event) => {
    const seen = types.get(event.type);
    types.set(event.type, {
      id: event.type,
      events: (seen?.events ?? 0) + 1,
      firstPosition: seen?.firstPosition ?? event.position,
      lastPosition: event.position,
    });
  });
  return [...types.values()];
}

export const typesCommand: Command = {
  name: 'types',
  summary: 'List event types with their counts',
  help: `Usage: mibi types [--scan]

Lists the event types, most frequent first: events, first and last position, type name.
Read from the log-stats read model; --scan reads the whole log instead.

Options:
  --scan      count from the event log itself
  -h, --help  this help`,

  async run(argv) {
    const { values } = parse(argv, { scan: { type: 'boolean' } }, { min: 0, max: 0 });
    return withPlatform(async (platform) => {
      if (!values.scan) await warnIfBehind(platform);
      const rows = values.scan
        ? await typesFromScan(platform.events)
        : await platform.read.collection<EventTypeStats>(EVENT_TYPES).find();
      rows.sort((a, b) => b.events - a.events || (a.id < b.id ? -1 : 1));
      await write(`${columns(['EVENTS', 'FIRST POSITION', 'LAST POSITION', 'TYPE'], TYPE_COLUMNS)}\n`);
      for (const row of rows)
        await write(`${columns([row.events, row.firstPosition, row.lastPosition, row.id], TYPE_COLUMNS)}\n`);
      process.stderr.write(
        `${formatCount(rows.length)} event types, ${formatCount(rows.reduce((sum, row) => sum + row.events, 0))} events\n`,
      );
      return EXIT.ok;
    });
  },
};
