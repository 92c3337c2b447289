/** `mibi sql`: one read-only query over the log and the read models, as analysts see them (analytics/sql.ts). */
import { parseAsOf } from '../../analytics/as-of.ts';
import { analystKey } from '../../analytics/privacy.ts';
import { AnalystSql, SqlRefused, type SqlResult } from '../../analytics/sql.ts';
import { csvField, csvOf } from '../../domain/csv.ts';
import { keptWarehouseFile } from '../../analytics/warehouse.ts';
import { loadConfig } from '../../platform/config/config.ts';
import type { Platform } from '../../platform/platform.ts';
import { type Command, CommandError, EXIT, UsageError, parse, withPlatform } from './command.ts';
import { columns, formatCount, left, write } from './output.ts';

const cell = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** The result as a table padded to its widest cells, or as CSV (every cell text, guarded for spreadsheets). */
export function formatResult(result: SqlResult, csv: boolean): string {
  const header = result.columns.map((column) => column.name);
  const body = result.rows.map((row) => row.map(cell));
  if (csv) return csvOf([header, ...body].map((row) => row.map((text) => csvField(text, { text: true }))));
  const layout = header.map((name, i) => left(Math.max(name.length, ...body.map((row) => row[i]!.length))));
  return `${[header, ...body].map((row) => columns(row, layout).trimEnd()).join('\n')}\n`;
}

/** DuckDB's answer when another process (a running API) holds the kept file. */
const HELD_ELSEWHERE = /Could not set lock on file/i;

/**
 * The SQL engine over the kept warehouse file, or over one loaded afresh when the file is
 * held by a running API (DuckDB lets one process open a file) or the query reveals personal data.
 */
async function openSql(platform: Platform, key: string, file: string | null): Promise<AnalystSql> {
  if (file === null) return AnalystSql.open(platform, { key, reveal: true });
  try {
    return await AnalystSql.open(platform, { key, file });
  } catch (error) {
    if (!HELD_ELSEWHERE.test((error as Error).message)) throw error;
    process.stderr.write('note: a running API holds the kept warehouse; loading the log afresh for this query\n');
    return AnalystSql.open(platform, { key });
  }
}

export const sqlCommand: Command = {
  name: 'sql',
  summary: 'Run a read-only SQL query over the log and the read models',
  help: `Usage: mibi sql "<query>" [--as-of <time|position>] [--csv] [--reveal]

Runs one SELECT (DuckDB) over the table events (position, id, stream, revision, type,
version, time, actor, correlation_id, causation_id, payload JSON), a view per catalogued
event type ("OrderPlaced", ...) and every read model as a table (orders, products, ...).
Ids are keyed pseudonyms and personal data is left out, as analysts see it.
The answer is capped at 10,000 rows and 10 s; files and the network are out of reach.

Options:
  --as-of <time|position>  the read models as they were then, the log cut there
                           (a log position, or an ISO date or date and time)
  --csv                    CSV instead of a table
  --reveal                 ids and personal data as they are (for an admin's explicit need)
  -h, --help               this help

Example: mibi sql "select type, count(*) from events group by 1 order by 2 desc"`,

  async run(argv) {
    const { values, positionals } = parse(
      argv,
      { 'as-of': { type: 'string' }, csv: { type: 'boolean' }, reveal: { type: 'boolean' } },
      { min: 1, max: 1, name: 'query' },
    );
    const text = values['as-of'];
    const asOf = text === undefined ? undefined : parseAsOf(text);
    if (asOf === null)
      throw new UsageError(`--as-of must be a log position or an ISO-8601 date or date and time (got "${text}")`);
    const reveal = values.reveal ?? false;
    if (reveal) process.stderr.write('note: --reveal shows ids and personal data as they are\n');
    return withPlatform(async (platform) => {
      const config = loadConfig();
      const sql = await openSql(platform, analystKey(config), reveal ? null : keptWarehouseFile(config.DATA_DIR));
      try {
        const result = await sql.query(positionals[0]!, { asOf });
        await write(formatResult(result, values.csv ?? false));
        process.stderr.write(
          `${formatCount(result.rows.length)} rows${result.truncated ? ' (truncated at the row limit)' : ''} as of position ${formatCount(result.position)}, ${result.ms} ms\n`,
        );
        return EXIT.ok;
      } catch (error) {
        if (error instanceof SqlRefused) throw new CommandError(`${error.message} (${error.code})`);
        throw error;
      } finally {
        await sql.close();
      }
    });
  },
};
