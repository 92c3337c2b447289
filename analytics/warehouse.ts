/**
 * The analysts' warehouse: a DuckDB holding the log as table `events`, a typed view per
 * catalogued event type ("OrderPlaced", its data's top-level fields as columns) and every read
 * model as a table of its collection's documents, all as analysts may see them
 * (analytics/privacy.ts). It follows the log: `catchUp` appends what is new and reloads the read
 * models of projections that moved since. The pseudonymized warehouse is kept in a file, so the
 * log is loaded once, not at every opening, and DuckDB pages it in and out within its memory
 * limit; one revealing personal data, or cut at a past position, lives in memory for its query.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance, DuckDBTimestampValue } from '@duckdb/node-api';
import recorded from '../docs/events/catalog.json' with { type: 'json' };
import { type JsonSchema, latest, type RecordedCatalog } from '../domain/event-catalog.ts';
import type { EventStore } from '../platform/eventstore/port.ts';
import type { ReadStore } from '../platform/readstore/port.ts';
import { projections } from '../projections/index.ts';
import { FIELDS, type Pseudonymizer, pseudonymizer, revealing } from './privacy.ts';

const catalog = recorded as RecordedCatalog;

/**
 * The columns of `events`, in order. `version` is the schema version the event was written at
 * (its metadata's); 1 for events written before versions were stamped, the first shape of each.
 */
export const EVENTS_TABLE = `CREATE TABLE IF NOT EXISTS events (
  position BIGINT NOT NULL,
  id VARCHAR NOT NULL,
  stream VARCHAR NOT NULL,
  revision BIGINT NOT NULL,
  type VARCHAR NOT NULL,
  version INTEGER NOT NULL,
  time TIMESTAMP NOT NULL,
  actor VARCHAR,
  correlation_id VARCHAR NOT NULL,
  causation_id VARCHAR,
  payload JSON
)`;

const PAGE = 2_000;
/** Where a collection's documents wait while its table is made (queries wait for the load: never seen). */
const STAGING = 'loading__documents';

export const quoted = (identifier: string): string => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Appends the log's events after `after` (up to `toPosition` when given) to the table `events`
 * of `connection` (created by EVENTS_TABLE), through `privacy`, a page at a time with DuckDB's
 * appender. Answers the position of the last event appended (`after` when none).
 */
export async function loadEvents(
  connection: DuckDBConnection,
  events: EventStore,
  privacy: Pseudonymizer,
  { after = 0, toPosition = Number.POSITIVE_INFINITY }: { after?: number; toPosition?: number } = {},
): Promise<number> {
  let position = after;
  for (;;) {
    const page = (await events.readAll({ after: position, limit: PAGE })).filter((e) => e.position <= toPosition);
    if (page.length === 0) return position;
    const appender = await connection.createAppender('events');
    for (const recorded of page) {
      const event = privacy.event(recorded);
      appender.appendBigInt(BigInt(event.position));
      appender.appendVarchar(event.id);
      appender.appendVarchar(event.stream);
      appender.appendBigInt(BigInt(event.revision));
      appender.appendVarchar(event.type);
      appender.appendInteger(recorded.metadata.schemaVersion ?? 1);
      appender.appendTimestamp(new DuckDBTimestampValue(BigInt(Date.parse(event.metadata.time)) * 1000n));
      appendText(appender, event.metadata.actor);
      appender.appendVarchar(event.metadata.correlationId);
      appendText(appender, event.metadata.causationId);
      appender.appendVarchar(JSON.stringify(event.data ?? null));
      appender.endRow();
    }
    appender.closeSync();
    position = page[page.length - 1]!.position;
    if (page.length < PAGE || position >= toPosition) return position;
  }
}

type Appender = Awaited<ReturnType<DuckDBConnection['createAppender']>>;
const appendText = (appender: Appender, text: string | null) =>
  text === null ? appender.appendNull() : appender.appendVarchar(text);

/** A JSON Schema's type, ignoring null: what a view's column is cast to. */
function sqlType(schema: JsonSchema): string {
  const options = (schema.anyOf as JsonSchema[] | undefined)?.filter((option) => option.type !== 'null') ?? [schema];
  const types = new Set(options.map((option) => option.type ?? (typeof option.const === 'string' ? 'string' : 'json')));
  if (types.size !== 1) return 'JSON';
  return (
    { string: 'VARCHAR', integer: 'BIGINT', number: 'DOUBLE', boolean: 'BOOLEAN' }[[...types][0] as string] ?? 'JSON'
  );
}

const BASE_COLUMNS = ['position', 'stream', 'revision', 'time', 'actor', 'correlation_id', 'causation_id'];

/** The typed view of an event type: its data's top-level fields analysts may see, as columns. */
export function eventView(type: string, schema: JsonSchema, reveal: boolean): string {
  const properties = Object.entries((schema.properties ?? {}) as Record<string, JsonSchema>).filter(
    ([name]) => !BASE_COLUMNS.includes(name) && (reveal || (FIELDS[name] !== undefined && FIELDS[name] !== 'personal')),
  );
  const columns = properties.map(([name, property]) => {
    const path = `'$.${quoted(name).replaceAll("'", "''")}'`;
    const type = sqlType(property);
    const value =
      type === 'JSON' ? `json_extract(payload, ${path})` : `TRY_CAST(json_extract_string(payload, ${path}) AS ${type})`;
    return `${value} AS ${quoted(name)}`;
  });
  return `CREATE OR REPLACE VIEW ${quoted(type)} AS SELECT ${[...BASE_COLUMNS, ...columns].join(', ')} FROM events WHERE type = '${type.replaceAll("'", "''")}'`;
}

/** A document structure's nested values kept as JSON, unknown ones (always null) too: each read model's columns are its top-level fields. */
const flatStructure = (structure: Record<string, unknown>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(structure).map(([name, type]) => [
      name,
      typeof type === 'string' && type !== 'NULL' ? type : 'JSON',
    ]),
  );

export interface WarehouseSource {
  events: EventStore;
  read: ReadStore;
}

export interface WarehouseOptions {
  /** The pseudonyms' key (analytics/privacy.ts analystKey). */
  key: string;
  /** Ids and personal fields as they are: for an admin's explicit request, which the caller records. */
  reveal?: boolean;
  /** The log cut at this position (time travel: read models rebuilt to it). */
  toPosition?: number;
  /**
   * The DuckDB file kept between openings (the current, pseudonymized warehouse only): what it
   * holds is reused when it was loaded the same way (key, table, privacy rules, catalog) from
   * the same log, else it is made anew. Any other warehouse is loaded into a scratch file of its
   * own, removed when it is closed.
   */
  file?: string;
  /** DuckDB's memory limit, set before anything is loaded (its default is most of the machine's memory). */
  memoryLimit?: string;
}

/** Where a deployment keeps its pseudonymized warehouse: derived from the log, so never backed up. */
export const keptWarehouseFile = (dataDir: string): string => join(dataDir, 'analyst-warehouse.duckdb');

/** How events become rows, counted up when that changes (2: `version` is the one written at). */
const ROWS_VERSION = 2;

/**
 * What a kept file's contents follow from: how rows are made, the key, the table, the privacy
 * rules, the catalog's schemas and the read models' collections. Kept beside the file (`<file>.format`), not in it, where analysts would see it.
 */
const formatOf = (key: string): string =>
  createHash('sha256')
    .update(JSON.stringify([ROWS_VERSION, key, EVENTS_TABLE, FIELDS, catalog, projections.map((p) => p.collections)]))
    .digest('hex');

/** The kept file when it was loaded the same way, else a fresh one (the old deleted). */
async function keptInstance(file: string, format: string): Promise<DuckDBInstance> {
  const formatFile = `${file}.format`;
  const same = existsSync(formatFile) && readFileSync(formatFile, 'utf8') === format;
  if (!same) {
    for (const path of [file, `${file}.wal`, formatFile]) rmSync(path, { force: true });
    const instance = await DuckDBInstance.create(file);
    writeFileSync(formatFile, format);
    return instance;
  }
  return DuckDBInstance.create(file);
}

export class Warehouse {
  /** The position of the last event loaded. */
  position = 0;
  /** Each projection's checkpoint when its read models were last loaded. */
  private readonly loaded = new Map<string, number>();

  private constructor(
    private readonly instance: DuckDBInstance,
    readonly connection: DuckDBConnection,
    private readonly source: WarehouseSource,
    private readonly privacy: Pseudonymizer,
    private readonly toPosition: number | undefined,
    /** The scratch folder of a warehouse not kept, removed on closing. */
    private readonly scratch: string | null,
  ) {}

  static async open(source: WarehouseSource, options: WarehouseOptions): Promise<Warehouse> {
    const reveal = options.reveal ?? false;
    const { file } = options;
    if (file !== undefined && (reveal || options.toPosition !== undefined))
      throw new Error('Only the current, pseudonymized warehouse is kept in a file');
    // On disk, even for one query: DuckDB then pages the log within the memory limit.
    const scratch = file === undefined ? mkdtempSync(join(tmpdir(), 'mibi-warehouse-')) : null;
    const instance =
      scratch !== null
        ? await DuckDBInstance.create(join(scratch, 'warehouse.duckdb'))
        : await keptInstance(file!, formatOf(options.key));
    const connection = await instance.connect();
    const warehouse = new Warehouse(
      instance,
      connection,
      source,
      reveal ? revealing : pseudonymizer(options.key),
      options.toPosition,
      scratch,
    );
    try {
      if (options.memoryLimit !== undefined)
        await connection.run(`SET memory_limit = '${options.memoryLimit.replaceAll("'", "''")}'`);
      await connection.run(EVENTS_TABLE);
      for (const [type, { versions }] of Object.entries(catalog))
        await connection.run(eventView(type, latest(versions).schema, reveal));
      if (file !== undefined && !(await warehouse.resume())) {
        warehouse.close();
        rmSync(`${file}.format`, { force: true });
        return Warehouse.open(source, options);
      }
      await warehouse.catchUp();
      return warehouse;
    } catch (error) {
      warehouse.close();
      throw error;
    }
  }

  /**
   * Takes up a kept file where it was left: true when its last event is the log's event at that
   * position (the same log), false when the log is another (say, restored or imported since).
   */
  private async resume(): Promise<boolean> {
    const [[position, id] = [0, null]] = (
      await this.connection.runAndReadAll('SELECT position, id FROM events ORDER BY position DESC LIMIT 1')
    ).getRowsJson() as Array<[string, string]>;
    const last = Number(position);
    if (last === 0) return true;
    const [recorded] = await this.source.events.readAll({ after: last - 1, limit: 1 });
    if (recorded?.position !== last || this.privacy.event(recorded).id !== id) return false;
    this.position = last;
    return true;
  }

  /** Appends the events recorded since the last call, and reloads the read models of projections that moved. */
  async catchUp(): Promise<number> {
    const { events, read } = this.source;
    this.position = await loadEvents(this.connection, events, this.privacy, {
      after: this.position,
      toPosition: this.toPosition,
    });
    for (const projection of projections) {
      const checkpoint = await read.checkpoint(projection.name);
      if (this.loaded.get(projection.name) === checkpoint) continue;
      for (const { name } of projection.collections) await this.loadCollection(name);
      this.loaded.set(projection.name, checkpoint);
    }
    return this.position;
  }

  /** Replaces the table of a collection with its documents as they are now, typed by their fields. */
  private async loadCollection(collection: string): Promise<void> {
    await this.connection.run(`CREATE OR REPLACE TABLE ${STAGING} (doc JSON)`);
    const documents = this.source.read.collection(collection);
    for (let skip = 0; ; skip += PAGE) {
      const page = await documents.find({ sort: [['id', 'asc']], skip, limit: PAGE });
      if (page.length === 0) break;
      const appender = await this.connection.createAppender(STAGING);
      for (const doc of page) {
        appender.appendVarchar(JSON.stringify(this.privacy.document(collection, doc)));
        appender.endRow();
      }
      appender.closeSync();
      if (page.length < PAGE) break;
    }
    const [[structure]] = (
      await this.connection.runAndReadAll(`SELECT json_group_structure(doc)::VARCHAR FROM ${STAGING}`)
    ).getRows() as [[string | null]];
    const table = quoted(collection);
    if (structure === null) await this.connection.run(`CREATE OR REPLACE TABLE ${table} (id VARCHAR)`);
    else {
      const flat = JSON.stringify(flatStructure(JSON.parse(structure))).replaceAll("'", "''");
      await this.connection.run(
        `CREATE OR REPLACE TABLE ${table} AS SELECT unnest(json_transform(doc, '${flat}')) FROM ${STAGING}`,
      );
    }
    await this.connection.run(`DROP TABLE ${STAGING}`);
  }

  close(): void {
    this.connection.closeSync();
    this.instance.closeSync();
    if (this.scratch !== null) rmSync(this.scratch, { recursive: true, force: true });
  }
}
