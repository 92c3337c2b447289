/**
 * `mibi rebuild`: replays the log into a fresh SQLite read store (never the live one), to see
 * the marketplace as it was at a position or time, or to check the live read models.
 */
import { join, resolve } from 'node:path';
import { type AsOf, cutOf, parseAsOf, replayInto, scratchStore } from '../../analytics/as-of.ts';
import { isoTime } from '../../platform/eventstore/ndjson.ts';
import { EMBEDDED_FILES, type Platform } from '../../platform/platform.ts';
import { loadConfig } from '../../platform/config/config.ts';
import type { ReadStore } from '../../platform/readstore/port.ts';
import { projections as allProjections } from '../../projections/index.ts';
import { EVENT_TYPES, type EventTypeStats, logStats } from '../../projections/log-stats.ts';
import type { Projection } from '../../platform/projection/projection.ts';
import {
  type CollectionDifference,
  collectionsOf,
  compareReadStores,
  countDocuments,
} from '../../projections/rebuild.ts';
import { type Command, EXIT, UsageError, parse, wholeNumber, withPlatform } from './command.ts';
import { columns, formatCount, formatDuration, left, rate, right, write } from './output.ts';
import { Progress } from './progress.ts';

const NAMES = allProjections.map((p) => p.name);

function chosenProjections(names: string[], all: boolean | undefined): Projection[] {
  if (all && names.length > 0) throw new UsageError('Name projections or give --all, not both');
  if (all) return allProjections;
  if (names.length === 0)
    throw new UsageError(`Name the projections to rebuild, or give --all (projections: ${NAMES.join(', ')})`);
  return names.map((name) => {
    const projection = allProjections.find((p) => p.name === name);
    if (!projection) throw new UsageError(`Unknown projection: ${name} (projections: ${NAMES.join(', ')})`);
    return projection;
  });
}

const toTimeSchema = isoTime('--to-time');

/** Where the rebuild stops: --to-position, --to-time or --as-of (one at most); none: the whole log. */
function asOfOf(values: { 'to-position'?: string; 'to-time'?: string; 'as-of'?: string }): AsOf | undefined {
  const given = (['to-position', 'to-time', 'as-of'] as const).filter((flag) => values[flag] !== undefined);
  if (given.length > 1)
    throw new UsageError(`Give one of --to-position, --to-time and --as-of (got --${given.join(' and --')})`);
  const position = wholeNumber(values['to-position'], '--to-position', 1);
  if (position !== undefined) return { position };
  const time = values['to-time'];
  if (time !== undefined) {
    const parsed = toTimeSchema.safeParse(time);
    if (!parsed.success) throw new UsageError(`${parsed.error.issues[0]!.message} (got "${time}")`);
    return { time: parsed.data };
  }
  const text = values['as-of'];
  if (text === undefined) return undefined;
  const asOf = parseAsOf(text);
  if (!asOf)
    throw new UsageError(
      `--as-of must be a log position (a whole number) or an ISO-8601 date or date and time, e.g. 2025-01-31 or 2025-01-31T18:30:00Z (got "${text}")`,
    );
  return asOf;
}

/** The exact number of events up to `target`, when the live log-stats read model has counted exactly that far. */
async function eventCount(platform: Platform, target: number): Promise<number | null> {
  if ((await platform.read.checkpoint(logStats.name)) !== target) return null;
  const types = await platform.read.collection<EventTypeStats>(EVENT_TYPES).find();
  return types.reduce((sum, type) => sum + type.events, 0);
}

async function printCounts(read: ReadStore, collections: string[]): Promise<void> {
  for (const { collection, documents } of await countDocuments(read, collections)) {
    await write(`  ${columns([collection, documents, 'documents'], [left(24), right(10)])}\n`);
  }
}

async function printComparison(
  differences: CollectionDifference[],
  live: ReadStore,
  collections: string[],
): Promise<void> {
  await write('Compared with the live read store, document by document:\n');
  for (const { collection, documents } of await countDocuments(live, collections)) {
    const difference = differences.find((d) => d.collection === collection);
    if (!difference) {
      await write(`  equal      ${collection} (${formatCount(documents)} documents)\n`);
      continue;
    }
    const { differing, expected, actual, missing, extra, changed } = difference;
    await write(
      `  DIFFERENT  ${collection}: ${formatCount(differing)} documents differ (live ${formatCount(expected)}, rebuilt ${formatCount(actual)})\n`,
    );
    if (missing.length) await write(`             only in the live store: ${missing.join(', ')}\n`);
    if (extra.length) await write(`             only in the rebuild: ${extra.join(', ')}\n`);
    if (changed.length) await write(`             changed: ${changed.join(', ')}\n`);
  }
}

export const rebuildCommand: Command = {
  name: 'rebuild',
  summary: 'Rebuild projections from zero into a fresh read store; compare with the live one',
  help: `Usage: mibi rebuild <projection...> | --all [--into <dir>] [--to-position <n> | --to-time <ISO> | --as-of <time|position>] [--compare]

Replays the event log from the start into a new SQLite read store (never the live one),
with a progress bar on stderr, then prints the replay rate and what the read models hold.
On the embedded event store the projections are shared out among threads, one per core.

Projections: ${NAMES.join(', ')}

Options:
  --all              every projection
  --into <dir>       create the rebuilt store in this folder and keep it (default: a
                     temporary folder, removed at the end)
  --to-position <n>  replay up to this log position (inclusive): the marketplace as it was
  --to-time <ISO>    replay the events recorded up to this time
  --as-of <t|n>      either of those: a whole number is a log position, an ISO date or
                     date and time a time (e.g. --as-of 2026-10-20 orders --into snap)
  --compare          rebuild each projection up to the live one's checkpoint and compare
                     every collection with the live read store, document by document
  -h, --help         this help

Exit code 1 when --compare finds differences.`,

  async run(argv) {
    const { values, positionals } = parse(
      argv,
      {
        all: { type: 'boolean' },
        into: { type: 'string' },
        'to-position': { type: 'string' },
        'to-time': { type: 'string' },
        'as-of': { type: 'string' },
        compare: { type: 'boolean' },
      },
      { min: 0, max: NAMES.length },
    );
    const projections = chosenProjections(positionals, values.all);
    const asOf = asOfOf(values);
    if (values.compare && asOf) {
      throw new UsageError(
        "--compare rebuilds up to the live projections' checkpoints: it takes no --to-position, --to-time or --as-of",
      );
    }
    const collections = collectionsOf(projections);

    return withPlatform(async (platform) => {
      const live = platform.read;
      const last = await platform.events.lastPosition();
      const checkpoints = async () => Promise.all(projections.map((p) => live.checkpoint(p.name)));
      const startCheckpoints = await checkpoints();
      const { toPosition, toTime } = cutOf(asOf ?? { position: last }, last);
      const plan = projections.map((projection, i) => ({
        projection,
        toPosition: values.compare ? startCheckpoints[i]! : toPosition,
      }));
      const target = Math.max(0, ...plan.map((step) => step.toPosition));
      const store = scratchStore(values.into);
      try {
        const progress = new Progress('rebuild', toTime ? null : await eventCount(platform, target));
        const eventsFile = join(resolve(loadConfig().DATA_DIR), EMBEDDED_FILES.events);
        const result = await replayInto(
          platform,
          store,
          plan,
          {
            ...(toTime && { toTime }),
            onProgress: ({ events, position }) => progress.update(events, position / Math.max(1, target)),
          },
          eventsFile,
        );
        progress.finish();
        await write(
          `Rebuilt ${projections.map((p) => p.name).join(', ')} from ${formatCount(result.events)} events in ${formatDuration(result.ms)} ` +
            `(${formatCount(rate(result.events, result.ms))} events/s)${values.into ? ` into ${store.file}` : ''}\n`,
        );
        const asOf = result.lastEventAt
          ? `position ${formatCount(result.position)}, ${result.lastEventAt}`
          : 'an empty log';
        await write(`The read models as of ${asOf}:\n`);
        await printCounts(store.open(), collections);
        if (!values.compare) return EXIT.ok;

        const differences = await compareReadStores(live, store.open(), collections);
        await printComparison(differences, live, collections);
        if ((await checkpoints()).some((checkpoint, i) => checkpoint !== startCheckpoints[i])) {
          process.stderr.write(
            'note: the live projections moved on during the comparison; differences may come from the new events: compare on a quiet store\n',
          );
        }
        await write(
          differences.length === 0
            ? 'Every collection equals the rebuild.\n'
            : `${differences.length} of ${collections.length} collections differ from the rebuild.\n`,
        );
        return differences.length === 0 ? EXIT.ok : EXIT.failed;
      } finally {
        await store.dispose();
      }
    });
  },
};
