/**
 * Analysts' SQL: one read-only statement over the warehouse (analytics/warehouse.ts). A query
 * is refused (SqlRefused, a 400 for the routes) unless it is exactly one SELECT; DuckDB itself
 * then keeps it from files and the network (enable_external_access off, the configuration
 * locked after loading, so no query turns it back on). Every query stops at a row limit
 * (`truncated`) and a time limit (interrupted), and the database at a memory limit.
 */
import { DuckDBTypeId, StatementType, type DuckDBConnection } from '@duckdb/node-api';
import { type AsOf, readModelsAsOf } from './as-of.ts';
import { Warehouse, type WarehouseSource } from './warehouse.ts';

export interface SqlColumn {
  name: string;
  type: string;
}

export interface SqlResult {
  columns: SqlColumn[];
  rows: unknown[][];
  /** More rows than the row limit: the first `rowLimit` are given. */
  truncated: boolean;
  ms: number;
  /** The log position the answer is as of. */
  position: number;
}

export type SqlRefusal =
  | 'not_read_only'
  | 'external_access'
  | 'timeout'
  | 'memory_limit'
  | 'invalid'
  | 'too_many_statements';

export class SqlRefused extends Error {
  constructor(
    readonly code: SqlRefusal,
    message: string,
  ) {
    super(message);
    this.name = 'SqlRefused';
  }
}

export interface AnalystSqlOptions {
  /** The pseudonyms' key (analytics/privacy.ts analystKey). */
  key: string;
  /** Rows a query answers at most (10,000 unless given). */
  rowLimit?: number;
  /** Milliseconds a query may run (10 s unless given). */
  timeoutMs?: number;
  /** Ids and personal data as they are, for an admin's explicit request (the caller records it). */
  reveal?: boolean;
  /** DuckDB's memory limit (512 MB unless given). */
  memoryLimit?: string;
  /** Where the pseudonymized warehouse is kept between openings (warehouse.ts); in memory when absent. */
  file?: string;
}

/** What a read-only statement may start with (after comments and parentheses): PRAGMA and the like, though planned as SELECTs, are not. */
const READ_ONLY_START = /^(select|with|from|values|table|show|describe|summarize)\b/i;
const COMMENTS = /^(\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/|\()*/;

/** Integer types DuckDB answers as text in JSON: numbers when exact in JavaScript. */
const WIDE_INTEGERS = new Set<number>([
  DuckDBTypeId.BIGINT,
  DuckDBTypeId.UBIGINT,
  DuckDBTypeId.HUGEINT,
  DuckDBTypeId.UHUGEINT,
]);

function jsonSafe(value: unknown, typeId: number): unknown {
  if (typeof value !== 'string') return value;
  if (WIDE_INTEGERS.has(typeId)) return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  if (typeId === DuckDBTypeId.DECIMAL) return Number(value);
  if (typeId === DuckDBTypeId.TIMESTAMP || typeId === DuckDBTypeId.TIMESTAMP_MS) {
    const time = new Date(`${value.replace(' ', 'T')}Z`);
    return Number.isNaN(time.getTime()) ? value : time.toISOString();
  }
  return value;
}

/** DuckDB's own refusals of files and the network. */
const EXTERNAL = /Permission Error|disabled by configuration|configuration has been locked/i;
/** A query that needed more memory than the limit (it failed alone: what it held is freed). */
const OUT_OF_MEMORY = /^Out of Memory Error/i;

export class AnalystSql {
  /** Queries run one at a time: catching up and the time limit act on the one connection. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly platform: WarehouseSource,
    private readonly warehouse: Warehouse,
    private readonly options: Required<Omit<AnalystSqlOptions, 'reveal' | 'file'>> & { reveal: boolean },
  ) {}

  static async open(platform: WarehouseSource, options: AnalystSqlOptions): Promise<AnalystSql> {
    const settings = {
      rowLimit: 10_000,
      timeoutMs: 10_000,
      memoryLimit: '512MB',
      reveal: false,
      ...options,
    };
    const warehouse = await lockedWarehouse(platform, settings, { file: options.file });
    return new AnalystSql(platform, warehouse, settings);
  }

  /** Catches up with the log first. asOf: the read-model tables as of then (events table cut at that position). */
  query(sql: string, options: { asOf?: AsOf } = {}): Promise<SqlResult> {
    const run = this.queue.then(() => this.run(sql, options.asOf));
    this.queue = run.catch(() => {});
    return run;
  }

  private async run(sql: string, asOf: AsOf | undefined): Promise<SqlResult> {
    const started = performance.now();
    if (!asOf) {
      const position = await this.warehouse.catchUp();
      return this.answer(this.warehouse.connection, sql, started, position);
    }
    const past = await readModelsAsOf(this.platform, asOf);
    try {
      const warehouse = await lockedWarehouse({ ...this.platform, read: past.store }, this.options, {
        toPosition: past.position,
      });
      try {
        return await this.answer(warehouse.connection, sql, started, past.position);
      } finally {
        warehouse.close();
      }
    } finally {
      await past.close();
    }
  }

  private async answer(
    connection: DuckDBConnection,
    sql: string,
    started: number,
    position: number,
  ): Promise<SqlResult> {
    const { rowLimit, timeoutMs } = this.options;
    const prepared = await refusing(async () => {
      const statements = await connection.extractStatements(sql);
      if (statements.count === 0) throw new SqlRefused('invalid', 'The query is empty');
      if (statements.count > 1)
        throw new SqlRefused('too_many_statements', `One statement at a time (the query has ${statements.count})`);
      return statements.prepare(0);
    });
    if (prepared.statementType !== StatementType.SELECT || !READ_ONLY_START.test(sql.replace(COMMENTS, '')))
      throw new SqlRefused('not_read_only', 'Only a SELECT may run: the warehouse is read-only');
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      connection.interrupt();
    }, timeoutMs);
    try {
      const reader = await refusing(() => prepared.streamAndReadUntil(rowLimit + 1));
      const types = reader.columnTypes();
      const rows = reader.getRowsJson().slice(0, rowLimit + 1);
      return {
        columns: reader.columnNames().map((name, i) => ({ name, type: String(types[i]) })),
        rows: rows.slice(0, rowLimit).map((row) => row.map((value, i) => jsonSafe(value, types[i]!.typeId))),
        truncated: rows.length > rowLimit,
        ms: Math.round(performance.now() - started),
        position,
      };
    } catch (error) {
      if (timedOut) throw new SqlRefused('timeout', `The query ran past the time limit (${timeoutMs / 1000} s)`);
      if (error instanceof SqlRefused && OUT_OF_MEMORY.test(error.message))
        throw new SqlRefused(
          'memory_limit',
          `The query needed more than the memory limit (${this.options.memoryLimit})`,
        );
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.queue;
    this.warehouse.close();
  }
}

/** A warehouse loaded within its memory limit, then closed to files and the network for good. */
async function lockedWarehouse(
  source: WarehouseSource,
  options: { key: string; reveal: boolean; memoryLimit: string },
  where: { file?: string | undefined; toPosition?: number },
): Promise<Warehouse> {
  const warehouse = await Warehouse.open(source, {
    key: options.key,
    reveal: options.reveal,
    memoryLimit: options.memoryLimit,
    ...(where.file !== undefined && { file: where.file }),
    ...(where.toPosition !== undefined && { toPosition: where.toPosition }),
  });
  try {
    for (const setting of [
      // No spilling to disk: a query past the memory limit fails instead of writing files.
      "SET temp_directory = ''",
      'SET enable_external_access = false',
      'SET lock_configuration = true',
    ])
      await warehouse.connection.run(setting);
    return warehouse;
  } catch (error) {
    warehouse.close();
    throw error;
  }
}

/** DuckDB's errors of a query as refusals: its file and network guard, else the query's own mistake. */
async function refusing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SqlRefused) throw error;
    const message = (error as Error).message;
    throw new SqlRefused(EXTERNAL.test(message) ? 'external_access' : 'invalid', message);
  }
}
