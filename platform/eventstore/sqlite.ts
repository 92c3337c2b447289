import { resolve } from 'node:path';
import { BroadcastChannel } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import { type Outcome, groupCommit, openSqlite } from '../sqlite.ts';
import type { Migration } from '../schema/migrations.ts';
import { migrateSqlite } from '../schema/sqlite.ts';
import { AppendNotifier, followLog } from './live.ts';
import {
  checkExpectedRevision,
  checkStreamAppends,
  completeEvent,
  type AppendResult,
  type Correlated,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type StreamAppend,
  type SubscribeAllOptions,
  WrongExpectedRevisionError,
} from './port.ts';

export interface SqliteEventStoreOptions {
  /** How often a live subscription looks for events appended by other processes. */
  pollIntervalMs?: number;
  /** How long a write waits for another connection's lock before failing. */
  busyTimeoutMs?: number;
}

/**
 * How often, at most, live subscriptions are woken during a run of appends (`AppendNotifier`),
 * each then taking what came meanwhile as one batch; after a quiet spell, at once. So under load
 * a projection commits every 5 ms at most, its read models that much behind the log.
 * Measured with bench:api: add to cart 1.8x the rate of waking at every commit; 10 ms gained
 * little more and delayed back-to-back commands' live updates by most of it.
 */
const WAKE_EVERY_MS = 5;

const DEFAULT_BATCH_SIZE = 500;
const COLUMNS = 'position, id, stream, revision, type, data, metadata';

/** A row as `.raw()` returns it, in the order of COLUMNS. */
type EventRow = [
  position: number,
  id: string,
  stream: string,
  revision: number,
  type: string,
  data: string,
  metadata: string,
];

/** An event ready to insert: its data and metadata already JSON, so a value JSON cannot hold fails its own append only. */
interface StoredEvent {
  id: string;
  type: string;
  data: string;
  metadata: string;
}

/** One stream's events of an append. */
interface StreamPart {
  stream: string;
  events: StoredEvent[];
  /** Whether the caller named every event: only then can the part be a retry of an earlier one. */
  named: boolean;
  expected: ExpectedRevision;
}

/** An append (to one stream or several, all or nothing) waiting for the next group commit. */
interface PendingAppend {
  parts: StreamPart[];
  resolve(results: AppendResult[]): void;
  reject(error: unknown): void;
}

/** Page sizes with a statement of their own (a bound LIMIT costs SQLite several times the query); others bind it. */
const MAX_PAGE_STATEMENTS = 16;

/**
 * Event store in one SQLite file: the embedded default.
 *
 * Group commit: the appends made in one turn of the event loop are written together at its
 * end, in one transaction, and each caller hears its own outcome once that transaction has
 * committed. A commit costs several times an insert, so under load this is most of the write
 * cost saved; alone, an append waits for one `setImmediate` more. Each append keeps its own
 * idempotency and expected-revision checks, run in turn inside the transaction (so two appends
 * to one stream with the same expected revision: the first wins, the second gets
 * `WrongExpectedRevisionError`), and a conflict in one fails only that one. Anything else that
 * goes wrong in an insert rolls the group back and writes its appends one by one, each in its
 * own transaction, so each still gets its own result or error.
 */
export class SqliteEventStore implements EventStore {
  readonly kind = 'sqlite';
  readonly #db: Database.Database;
  readonly #pollIntervalMs: number;
  readonly #appended: AppendNotifier;
  /** Commits of the other instances of this file in this process (threads), which wake ours. */
  readonly #commits: BroadcastChannel | undefined;
  readonly #statements: Statements;
  readonly #pages = new Map<number, Database.Statement<[number], EventRow>>();
  #pending: PendingAppend[] = [];
  #flushing: NodeJS.Immediate | undefined;
  /** A conflict (WrongExpectedRevisionError) is its append's outcome; the other appends of the group commit. */
  readonly #writeGroup: (appends: PendingAppend[]) => Outcome<AppendResult[]>[];

  /** `path` is a file, or ':memory:' for a private in-memory store. */
  constructor(path: string, options: SqliteEventStoreOptions = {}) {
    this.#pollIntervalMs = options.pollIntervalMs ?? 200;
    this.#appended = new AppendNotifier(WAKE_EVERY_MS);
    this.#db = openDatabase(path, options.busyTimeoutMs ?? 5000);
    if (path !== ':memory:') {
      // A thread's appends wake another thread's subscriptions at once, not at their next poll.
      this.#commits = new BroadcastChannel(`mibi-events:${resolve(path)}`);
      this.#commits.onmessage = () => this.#appended.notify();
      this.#commits.unref();
    }
    this.#statements = prepareStatements(this.#db);
    this.#writeGroup = groupCommit(
      this.#db,
      (append: PendingAppend) => this.#write(append),
      (error) => error instanceof WrongExpectedRevisionError,
    );
  }

  async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`Nothing to append to ${stream}`);
    const [result] = await this.appendMany([{ stream, events, expectedRevision }]);
    return result!;
  }

  appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    return new Promise((resolve, reject) => {
      checkStreamAppends(appends);
      const now = new Date();
      const parts = appends.map(({ stream, events, expectedRevision }) => ({
        stream,
        events: events.map((event) => {
          const { id, type, data, metadata } = completeEvent(event, now);
          return { id, type, data: JSON.stringify(data), metadata: JSON.stringify(metadata) };
        }),
        named: events.every((event) => event.id !== undefined),
        expected: expectedRevision,
      }));
      this.#pending.push({ parts, resolve, reject });
      this.#flushing ??= setImmediate(() => this.#flush());
    });
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    // Revisions are consecutive, so a limit is a range of revisions: no LIMIT to bind.
    const limit = options.limit !== undefined && options.limit >= 0 ? options.limit : undefined;
    if (options.direction === 'backwards') {
      const to = options.fromRevision ?? Number.MAX_SAFE_INTEGER;
      const from = limit === undefined ? 0 : Math.min(to, this.#revision(stream)) - limit + 1;
      return this.#statements.backwards.all(stream, from, to).map(toRecordedEvent);
    }
    const from = options.fromRevision ?? 0;
    const to = limit === undefined ? Number.MAX_SAFE_INTEGER : from + limit - 1;
    return this.#statements.forwards.all(stream, from, to).map(toRecordedEvent);
  }

  async streamRevision(stream: string): Promise<number> {
    return this.#revision(stream);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.#readAll(options.after ?? 0, options.limit ?? -1);
  }

  async lastPosition(): Promise<number> {
    return this.#statements.lastPosition.get()!;
  }

  async readCorrelation(correlationId: string, limit: number): Promise<Correlated> {
    return {
      events: this.#statements.correlated.all(correlationId, limit).map(toRecordedEvent),
      total: this.#statements.correlatedCount.get(correlationId)!,
    };
  }

  subscribeAll({ after, batchSize = DEFAULT_BATCH_SIZE, signal }: SubscribeAllOptions): AsyncIterable<RecordedEvent[]> {
    return followLog({
      after,
      read: (position) => this.#readAll(position, batchSize),
      appended: this.#appended,
      pollIntervalMs: this.#pollIntervalMs,
      signal,
      open: () => this.#db.open,
    });
  }

  /** Writes the appends still waiting for their group commit, then closes. */
  async close(): Promise<void> {
    if (this.#flushing) clearImmediate(this.#flushing);
    this.#flush();
    this.#db.close();
    this.#commits?.close();
    this.#appended.wake();
  }

  /** The group commit: every append waiting, in the order they were made. */
  #flush(): void {
    this.#flushing = undefined;
    const appends = this.#pending;
    this.#pending = [];
    if (appends.length === 0) return;
    const outcomes = this.#writeGroup(appends);
    this.#appended.notify();
    if (outcomes.some((outcome) => 'result' in outcome)) this.#commits?.postMessage(null);
    outcomes.forEach((outcome, i) =>
      'result' in outcome ? appends[i]!.resolve(outcome.result) : appends[i]!.reject(outcome.error),
    );
  }

  /**
   * One append inside the group's transaction: each part an earlier identical append's result, or
   * checked; then the inserts, once every part passed (a conflict must come before any change).
   */
  #write({ parts }: PendingAppend): AppendResult[] {
    const checked = parts.map((part) => {
      const earlier = part.named ? this.#earlierAppend(part.stream, part.events) : undefined;
      if (earlier) return () => earlier;
      const current = this.#revision(part.stream);
      checkExpectedRevision(part.stream, part.expected, current);
      return () => this.#insert(part, current);
    });
    return checked.map((insert) => insert());
  }

  #insert({ stream, events }: StreamPart, current: number): AppendResult {
    let position = 0;
    for (const [offset, event] of events.entries()) {
      const { lastInsertRowid } = this.#statements.insert.run(
        event.id,
        stream,
        current + 1 + offset,
        event.type,
        event.data,
        event.metadata,
      );
      position = Number(lastInsertRowid);
    }
    return { revision: current + events.length, position };
  }

  #readAll(after: number, limit: number): RecordedEvent[] {
    const page = this.#page(limit);
    return (page ? page.all(after) : this.#statements.all.all(after, limit)).map(toRecordedEvent);
  }

  /** The statement of pages of `limit` events (-1: no limit), or none past the cap on page sizes. */
  #page(limit: number): Database.Statement<[number], EventRow> | undefined {
    let statement = this.#pages.get(limit);
    if (!statement && this.#pages.size < MAX_PAGE_STATEMENTS) {
      const bound = Number.isSafeInteger(limit) && limit >= 0 ? ` LIMIT ${limit}` : '';
      statement = this.#db
        .prepare<[number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position${bound}`)
        .raw();
      this.#pages.set(limit, statement);
    }
    return statement;
  }

  #revision(stream: string): number {
    return this.#statements.revision.get(stream) ?? -1;
  }

  /** The result of an earlier append of exactly these events to this stream: a retry. */
  #earlierAppend(stream: string, events: StoredEvent[]): AppendResult | undefined {
    let earlier: AppendResult | undefined;
    for (const event of events) {
      const row = this.#statements.byId.get(event.id);
      if (!row || row.stream !== stream || (earlier && row.revision !== earlier.revision + 1)) return undefined;
      earlier = { revision: row.revision, position: row.position };
    }
    return earlier;
  }
}

/** The correlation id of a row, as the correlation index names it (the same expression, so the index is used). */
const CORRELATION = "json_extract(metadata, '$.correlationId')";

/** The event store's schema, oldest step first (append only: `../schema/migrations.ts`). */
export const SQLITE_EVENTS_MIGRATIONS: Migration[] = [
  {
    name: 'events table',
    statements: [
      `CREATE TABLE IF NOT EXISTS events (
        position INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        stream TEXT NOT NULL,
        revision INTEGER NOT NULL,
        type TEXT NOT NULL,
        data TEXT NOT NULL,
        metadata TEXT NOT NULL,
        UNIQUE (stream, revision)
      )`,
    ],
  },
  {
    // Entries of equal keys are in rowid order, which is the position: a correlation reads in log order.
    name: 'correlation index',
    statements: [`CREATE INDEX IF NOT EXISTS events_correlation ON events (json_extract(metadata, '$.correlationId'))`],
  },
];

function openDatabase(path: string, busyTimeoutMs: number): Database.Database {
  const db = openSqlite(path, busyTimeoutMs);
  migrateSqlite(db, 'events', SQLITE_EVENTS_MIGRATIONS);
  return db;
}

type Statements = ReturnType<typeof prepareStatements>;

function prepareStatements(db: Database.Database) {
  return {
    insert: db.prepare<[string, string, number, string, string, string]>(
      'INSERT INTO events (id, stream, revision, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    byId: db.prepare<[string], { stream: string; revision: number; position: number }>(
      'SELECT stream, revision, position FROM events WHERE id = ?',
    ),
    revision: db.prepare<[string], number>('SELECT max(revision) FROM events WHERE stream = ?').pluck(),
    forwards: db
      .prepare<[string, number, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision BETWEEN ? AND ? ORDER BY revision`,
      )
      .raw(),
    backwards: db
      .prepare<[string, number, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision BETWEEN ? AND ? ORDER BY revision DESC`,
      )
      .raw(),
    all: db
      .prepare<[number, number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`)
      .raw(),
    lastPosition: db.prepare<[], number>('SELECT coalesce(max(position), 0) FROM events').pluck(),
    correlated: db
      .prepare<[string, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE ${CORRELATION} = ? ORDER BY position LIMIT ?`,
      )
      .raw(),
    correlatedCount: db.prepare<[string], number>(`SELECT count(*) FROM events WHERE ${CORRELATION} = ?`).pluck(),
  };
}

function toRecordedEvent([position, id, stream, revision, type, data, metadata]: EventRow): RecordedEvent {
  return {
    id,
    type,
    data: JSON.parse(data),
    metadata: JSON.parse(metadata) as EventMetadata,
    stream,
    revision,
    position,
  };
}
