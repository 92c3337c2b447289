import Database from 'better-sqlite3';
import type { EventMetadata, RecordedEvent } from './port.ts';

/** What a reader of the log asks for: the types it reads whole, and whether it sees the other events too. */
export interface LogInterest {
  /** Event types the reader applies: fetched whole. */
  types: ReadonlySet<string>;
  /** Every other event is fetched whole too (readers of every event, such as the log's statistics). */
  everyEvent: boolean;
}

export interface LogPage {
  /** The events of interest, in log order. */
  events: RecordedEvent[];
  /** How many events of the log the page covers, those left out included. */
  count: number;
  /** Position of the last event the page covers (0 when empty). */
  position: number;
}

/** One stream's figures up to a position: its events, last revision, first and last positions, and when its last was recorded. */
export interface StreamTotals {
  stream: string;
  events: number;
  revision: number;
  firstPosition: number;
  lastPosition: number;
  lastEventAt: string;
}

/** One event type's figures up to a position. */
export interface TypeTotals {
  type: string;
  events: number;
  firstPosition: number;
  lastPosition: number;
}

type Row = [
  position: number,
  id: string,
  stream: string,
  revision: number,
  type: string,
  data: string | null,
  metadata: string | null,
];

/**
 * An event whose data and metadata are parsed when first read: a reader of every event looks at
 * the data of few of them, and of the projections only the log's statistics read the metadata.
 * Both are accessors, so a copy made by spreading the event leaves them out.
 */
class LazyEvent implements RecordedEvent {
  #data: string | undefined;
  #parsed: unknown;
  #metadata: string | undefined;
  #meta: EventMetadata | undefined;

  constructor(
    readonly id: string,
    readonly type: string,
    readonly stream: string,
    readonly revision: number,
    readonly position: number,
    metadata: string,
    data: string,
  ) {
    this.#metadata = metadata;
    this.#data = data;
  }

  get data(): unknown {
    if (this.#data !== undefined) {
      this.#parsed = JSON.parse(this.#data);
      this.#data = undefined;
    }
    return this.#parsed;
  }

  get metadata(): EventMetadata {
    if (this.#metadata !== undefined) {
      this.#meta = JSON.parse(this.#metadata) as EventMetadata;
      this.#metadata = undefined;
    }
    return this.#meta!;
  }
}

/**
 * A fast way through the log of a SQLite event store (the `events` table `sqlite.ts` keeps),
 * for replays: it reads the file on a connection of its own, read-only, so a worker thread can
 * read the log beside others, and parses only what its reader reads. Events of no interest are
 * counted, not parsed; with no interest in every event they are not even fetched whole.
 */
export class SqliteLogReader {
  readonly #db: Database.Database;
  readonly #page: Database.Statement<[number, number, number], Row>;

  constructor(file: string, interest: LogInterest) {
    this.#db = new Database(file, { readonly: true, fileMustExist: true });
    // Not mapped into memory: the pages of a log read from end to end would stay in the process's
    // resident memory, which would then grow with the log.
    this.#db.pragma('mmap_size = 0');
    const types = [...interest.types].map((type) => `'${type.replaceAll("'", "''")}'`).join(', ');
    const wanted = types ? `type IN (${types})` : 'false';
    const whole = interest.everyEvent ? 'true' : wanted;
    this.#page = this.#db
      .prepare<[number, number, number], Row>(
        `SELECT position, id, stream, revision, type, CASE WHEN ${whole} THEN data END, CASE WHEN ${whole} THEN metadata END ` +
          'FROM events WHERE position > ? AND position <= ? ORDER BY position LIMIT ?',
      )
      .raw();
  }

  /** The next page: at most `limit` events of the log after position `after`, up to `to` (inclusive). */
  read(after: number, to: number, limit: number): LogPage {
    const rows = this.#page.all(after, to, limit);
    const events: RecordedEvent[] = [];
    for (const [position, id, stream, revision, type, data, metadata] of rows) {
      if (data !== null && metadata !== null)
        events.push(new LazyEvent(id, type, stream, revision, position, metadata, data));
    }
    return { events, count: rows.length, position: rows.length > 0 ? rows[rows.length - 1]![0] : 0 };
  }

  /**
   * Every stream's figures up to position `to`, in the order of their names: totalled by SQLite
   * over the index of streams and revisions, rather than event by event.
   */
  streamTotals(to: number): IterableIterator<StreamTotals> {
    return this.#db
      .prepare<[number], StreamTotals>(
        `SELECT s.stream, s.events, s.revision, s.firstPosition, s.lastPosition, json_extract(e.metadata, '$.time') AS lastEventAt
         FROM (SELECT stream, count(*) AS events, max(revision) AS revision, min(position) AS firstPosition, max(position) AS lastPosition
               FROM events WHERE position <= ? GROUP BY stream) AS s
         JOIN events AS e ON e.position = s.lastPosition
         ORDER BY s.stream`,
      )
      .iterate(to);
  }

  /** Every event type's figures up to position `to`. */
  typeTotals(to: number): TypeTotals[] {
    return this.#db
      .prepare<[number], TypeTotals>(
        'SELECT type, count(*) AS events, min(position) AS firstPosition, max(position) AS lastPosition FROM events WHERE position <= ? GROUP BY type',
      )
      .all(to);
  }

  /** How many events the log holds up to position `to`. */
  countTo(to: number): number {
    return this.#db.prepare<[number], number>('SELECT count(*) FROM events WHERE position <= ?').pluck().get(to) ?? 0;
  }

  /** Position of the last event recorded at or before `time` (ISO-8601), 0 when none: where a replay up to that time stops. */
  positionAt(time: string): number {
    const until = Date.parse(time);
    const times = this.#db
      .prepare<[], [number, string]>('SELECT position, metadata FROM events ORDER BY position')
      .raw();
    let last = 0;
    for (const [position, metadata] of times.iterate()) {
      if (Date.parse((JSON.parse(metadata) as EventMetadata).time) > until) break;
      last = position;
    }
    return last;
  }

  /** Position of the last event (0 when the log is empty). */
  lastPosition(): number {
    return this.#db.prepare<[], number>('SELECT coalesce(max(position), 0) FROM events').pluck().get() ?? 0;
  }

  /** When the event at `position` was recorded, null when there is none. */
  timeAt(position: number): string | null {
    const metadata = this.#db
      .prepare<[number], string>('SELECT metadata FROM events WHERE position = ?')
      .pluck()
      .get(position);
    return metadata === undefined ? null : (JSON.parse(metadata) as EventMetadata).time;
  }

  close(): void {
    this.#db.close();
  }
}
