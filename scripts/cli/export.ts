/** `mibi export`: the log, or the part the filters keep, as NDJSON; or, pseudonymized, as Parquet (--parquet). */
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { exportParquet } from '../../analytics/parquet-export.ts';
import { analystKey, pseudonymizer } from '../../analytics/privacy.ts';
import { loadConfig } from '../../platform/config/config.ts';
import { type ExportFilters, exportFiltersSchema, exportNdjson } from '../../platform/eventstore/ndjson.ts';
import { type Command, EXIT, UsageError, parse, withPlatform } from './command.ts';
import { formatCount } from './output.ts';
import { Progress } from './progress.ts';

/** Each filter's command-line option. */
const FLAGS = {
  types: 'types',
  prefix: 'prefix',
  fromPosition: 'from-position',
  toPosition: 'to-position',
  since: 'since',
  until: 'until',
} as const satisfies Record<keyof ExportFilters, string>;

const OPTIONS = Object.fromEntries(Object.values(FLAGS).map((flag) => [flag, { type: 'string' }])) as Record<
  (typeof FLAGS)[keyof typeof FLAGS],
  { type: 'string' }
>;

/** The filter options through the same schema as the export route, its messages prefixed with the option. */
function filtersOf(values: Partial<Record<(typeof FLAGS)[keyof typeof FLAGS], string>>): ExportFilters {
  const input = Object.fromEntries(Object.entries(FLAGS).map(([key, flag]) => [key, values[flag]]));
  const parsed = exportFiltersSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  throw new UsageError(`--${FLAGS[issue.path[0] as keyof ExportFilters]}: ${issue.message}`);
}

export const exportCommand: Command = {
  name: 'export',
  summary: 'Write the event log (or part of it) as NDJSON',
  help: `Usage: mibi export [--out <file>] [filters]
       mibi export --parquet <dir>

Writes the events in log order as NDJSON: a header line (format, version, filters), then
one event per line with its id, type, stream, revision, position, data and metadata.
Writes to stdout unless --out is given; progress goes to stderr.

Options:
  --out <file>           write to this file
  --types <A,B>          only these event types
  --prefix <text>        only streams whose name starts with this, e.g. product-
  --from-position <n>    from this log position (inclusive)
  --to-position <n>      up to this log position (inclusive)
  --since <ISO>          events recorded at or after this time, e.g. 2025-01-31 or 2025-01-31T18:30:00Z
  --until <ISO>          events recorded before this time
  -h, --help             this help

A filtered export can be read by any NDJSON tool; \`mibi import\` takes only whole streams
(an export by --prefix, or unfiltered).

With --parquet <dir>, writes the events as analysts see them (pseudonymized, no personal data)
as Parquet partitioned by event type and day (<dir>/type=<Type>/day=<YYYY-MM-DD>/...), only
those after the last export into that folder (see README, "Parquet export"). Takes no filters.`,

  async run(argv) {
    const { values } = parse(
      argv,
      { out: { type: 'string' }, parquet: { type: 'string' }, ...OPTIONS },
      { min: 0, max: 0 },
    );
    const filters = filtersOf(values);
    const dir = values.parquet;
    if (dir !== undefined) {
      if (dir === '' || Object.keys(values).some((name) => name !== 'parquet'))
        throw new UsageError('--parquet <dir> takes a folder and no other option');
      const privacy = pseudonymizer(analystKey(loadConfig()));
      return withPlatform(async ({ events }) => {
        const run = await exportParquet(events, privacy, dir);
        process.stderr.write(
          run.events === 0
            ? `Nothing new since position ${run.position}: ${dir} is up to date\n`
            : `Exported ${formatCount(run.events)} events (positions ${run.after + 1}-${run.position}) in ${formatCount(run.files.length)} Parquet files to ${dir}\n`,
        );
        return EXIT.ok;
      });
    }
    return withPlatform(async ({ events }) => {
      const start = Math.max(0, (filters.fromPosition ?? 1) - 1);
      const end = Math.min(filters.toPosition ?? Number.POSITIVE_INFINITY, await events.lastPosition());
      const progress = new Progress('export', null);
      let exported = 0;
      const chunks = exportNdjson(events, filters, (count, position) => {
        exported = count;
        progress.update(count, (position - start) / Math.max(1, end - start));
      });
      const out = values.out;
      if (out) await pipeline(Readable.from(chunks), createWriteStream(out));
      else await pipeline(Readable.from(chunks), process.stdout, { end: false });
      progress.finish();
      process.stderr.write(`Exported ${formatCount(exported)} events${out ? ` to ${out}` : ''}\n`);
      return EXIT.ok;
    });
  },
};
