import type Database from 'better-sqlite3';
import { openSqlite } from '../sqlite.ts';
import { AppendNotifier, followLog } from './live.ts';
import {
  checkExpectedRevision,
  completeEvent,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeAllOptions,
} from './port.ts';

export interface SqliteEventStoreOptions {
  /** How often a live subscription looks for events appended by other processes. */
  pollIntervalMs?: number;
  /** How long a write waits for another connection's lock before failing. */
  busyTimeoutMs?: number;
}

const DEFAULT_BATCH_SIZE = 500;
const COLUMNS = 'position, id, stream, revision, type, data, metadata';

/** A row as `.raw()` returns it, in the order of COLUMNS. */
type EventRow = [position: number, id: string, stream: string, revision: number, type: string, data: string, metadata: string];

type CompleteEvent = ReturnType<typeof completeEvent>;

/** Event store in one SQLite file: the embedded default. */
export class SqliteEventStore implements EventStore {
  readonly kind = 'sqlite';
  readonly #db: Database.Database;
  readonly #pollIntervalMs: number;
  readonly #appended = new AppendNotifier();
  readonly #statements: Statements;
  readonly #write: (stream: string, events: CompleteEvent[], expected: ExpectedRevision) => AppendResult;

  /** `path` is a file, or ':memory:' for a private in-memory store. */
  constructor(path: string, options: SqliteEventStoreOptions = {}) {
    this.#pollIntervalMs = options.pollIntervalMs ?? 200;
    this.#db = openDatabase(path, options.busyTimeoutMs ?? 5000);
    this.#statements = prepareStatements(this.#db);
    // BEGIN IMMEDIATE takes the write lock before the revision check, so a second process
    // cannot slip an event in between the check and the insert.
    this.#write = this.#db.transaction(
      (stream: string, events: CompleteEvent[], expected: ExpectedRevision): AppendResult => {
        const earlier = this.#earlierAppend(stream, events);
        if (earlier) return earlier;
        const current = this.#revision(stream);
        checkExpectedRevision(stream, expected, current);
        let position = 0;
        for (const [offset, event] of events.entries()) {
          const { lastInsertRowid } = this.#statements.insert.run(
            event.id,
            stream,
            current + 1 + offset,
            event.type,
            JSON.stringify(event.data),
            JSON.stringify(event.metadata),
          );
          position = Number(lastInsertRowid);
        }
        return { revision: current + events.length, position };
      },
    ).immediate;
  }

  async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`Nothing to append to ${stream}`);
    const now = new Date();
    const result = this.#write(stream, events.map((event) => completeEvent(event, now)), expectedRevision);
    this.#appended.notify();
    return result;
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const limit = options.limit ?? -1;
    const rows =
      options.direction === 'backwards'
        ? this.#statements.backwards.all(stream, options.fromRevision ?? Number.MAX_SAFE_INTEGER, limit)
        : this.#statements.forwards.all(stream, options.fromRevision ?? 0, limit);
    return rows.map(toRecordedEvent);
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

  async close(): Promise<void> {
    this.#db.close();
    this.#appended.notify();
  }

  #readAll(after: number, limit: number): RecordedEvent[] {
    return this.#statements.all.all(after, limit).map(toRecordedEvent);
  }

  #revision(stream: string): number {
    return this.#statements.revision.get(stream) ?? -1;
  }

  /** The result of an earlier append of exactly these events to this stream: a retry. */
  #earlierAppend(stream: string, events: CompleteEvent[]): AppendResult | undefined {
    let earlier: AppendResult | undefined;
    for (const event of events) {
      const row = this.#statements.byId.get(event.id);
      if (!row || row.stream !== stream || (earlier && row.revision !== earlier.revision + 1)) return undefined;
      earlier = { revision: row.revision, position: row.position };
    }
    return earlier;
  }
}

function openDatabase(path: string, busyTimeoutMs: number): Database.Database {
  const db = openSqlite(path, busyTimeoutMs);
  db.exec(`
    CREATE TABLE IF NOT EXISTS events (
      position INTEGER PRIMARY KEY AUTOINCREMENT,
      id TEXT NOT NULL UNIQUE,
      stream TEXT NOT NULL,
      revision INTEGER NOT NULL,
      type TEXT NOT NULL,
      data TEXT NOT NULL,
      metadata TEXT NOT NULL,
      UNIQUE (stream, revision)
    )`);
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
        `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision >= ? ORDER BY revision LIMIT ?`,
      )
      .raw(),
    backwards: db
      .prepare<[string, number, number], EventRow>(
        `SELECT ${COLUMNS} FROM events WHERE stream = ? AND revision <= ? ORDER BY revision DESC LIMIT ?`,
      )
      .raw(),
    all: db
      .prepare<[number, number], EventRow>(`SELECT ${COLUMNS} FROM events WHERE position > ? ORDER BY position LIMIT ?`)
      .raw(),
    lastPosition: db.prepare<[], number>('SELECT coalesce(max(position), 0) FROM events').pluck(),
  };
}

function toRecordedEvent([position, id, stream, revision, type, data, metadata]: EventRow): RecordedEvent {
  return { id, type, data: JSON.parse(data), metadata: JSON.parse(metadata) as EventMetadata, stream, revision, position };
}
