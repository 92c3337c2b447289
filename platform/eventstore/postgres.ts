import pg from 'pg';
import {
  isTransient,
  onceSucceeded,
  openPool,
  pause,
  prepared,
  readyOrClosed,
  type PostgresPoolOptions,
} from '../postgres/connection.ts';
import type { Migration } from '../schema/migrations.ts';
import { migratePostgres } from '../schema/postgres.ts';
import { AppendNotifier, followLog } from './live.ts';
import {
  checkExpectedRevision,
  checkStreamAppends,
  completeEvent,
  type AppendResult,
  type Correlated,
  type EventStore,
  type StreamAppend,
  WrongExpectedRevisionError,
} from './port.ts';
import type {
  ExpectedRevision,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeAllOptions,
} from './port.ts';

export interface PostgresEventStoreOptions extends PostgresPoolOptions {
  /** How often a live subscription reads the log when no notification came (the safety net under LISTEN/NOTIFY). */
  pollIntervalMs?: number;
  /**
   * How long `readAll` and `lastPosition` wait for appends still in flight below a committed
   * event (see the class comment) before answering only the events known to be final.
   */
  inFlightWaitMs?: number;
}

const DEFAULT_BATCH_SIZE = 500;
const CHANNEL = 'mibi_events';
const APPEND_ATTEMPTS = 3;
/** Named as a `RecordedEvent`'s fields, so rows need no mapping. */
const COLUMNS = 'id, type, data, metadata, stream, revision, position';

/** Expected revisions as the append function takes them: a revision, or a negative code. */
const EXPECTED_CODES = { no_stream: -1, exists: -2, any: -3 } as const;

/**
 * The event store's schema, oldest step first (append only: `../schema/migrations.ts`). The
 * append function is part of it: a release that changes it replaces it in a step of its own.
 */
export const POSTGRES_EVENTS_MIGRATIONS: Migration[] = [
  {
    name: 'events table and append function',
    statements: [
      'CREATE SEQUENCE IF NOT EXISTS events_position',
      `CREATE TABLE IF NOT EXISTS events (
    position bigint PRIMARY KEY,
    id text COLLATE "C" NOT NULL,
    stream text COLLATE "C" NOT NULL,
    revision bigint NOT NULL,
    type text NOT NULL,
    data json NOT NULL,
    metadata json NOT NULL,
    CONSTRAINT events_id_unique UNIQUE (id),
    CONSTRAINT events_stream_revision_unique UNIQUE (stream, revision)
  )`,
      // One round trip per append, and the order of its steps is what readers rely on (class comment).
      `CREATE OR REPLACE FUNCTION mibi_append(p_stream text, p_expected bigint, p_events json)
  RETURNS TABLE (conflict boolean, last_revision bigint, last_position bigint)
  LANGUAGE plpgsql AS $$
  DECLARE
    v_ids text[];
    v_count int;
    v_found int;
    v_same_stream boolean;
    v_offsets int;
    v_current bigint;
    v_position bigint;
    v_positions bigint[];
  BEGIN
    -- Appends to one stream take turns, so the revision check below cannot be overtaken.
    PERFORM pg_advisory_xact_lock(hashtextextended(p_stream, 0));

    SELECT array_agg(t.e->>'id' ORDER BY t.n) INTO v_ids FROM json_array_elements(p_events) WITH ORDINALITY AS t(e, n);
    v_count := cardinality(v_ids);

    -- A retry: every id already stored in this stream, at consecutive revisions in this order.
    SELECT count(*), bool_and(ev.stream = p_stream), count(DISTINCT ev.revision - u.n), max(ev.revision),
           (array_agg(ev.position ORDER BY u.n DESC))[1]
      INTO v_found, v_same_stream, v_offsets, v_current, v_position
      FROM unnest(v_ids) WITH ORDINALITY AS u(id, n) JOIN events ev ON ev.id = u.id;
    IF v_found = v_count AND v_same_stream AND v_offsets = 1 THEN
      RETURN QUERY SELECT false, v_current, v_position;
      RETURN;
    END IF;

    SELECT coalesce(max(ev.revision), -1) INTO v_current FROM events ev WHERE ev.stream = p_stream;
    IF NOT (p_expected = -3 OR (p_expected = -1 AND v_current = -1) OR (p_expected = -2 AND v_current >= 0)
            OR p_expected = v_current) THEN
      RETURN QUERY SELECT true, v_current, NULL::bigint;
      RETURN;
    END IF;

    -- The transaction id first, the positions after: a reader that waits for every transaction
    -- older than one it starts itself has then waited for every position taken before.
    PERFORM pg_current_xact_id();
    SELECT array_agg(p ORDER BY p) INTO v_positions
      FROM (SELECT nextval('events_position') AS p FROM generate_series(1, v_count)) s;
    INSERT INTO events (position, id, stream, revision, type, data, metadata)
      SELECT v_positions[t.n], t.e->>'id', p_stream, v_current + t.n, t.e->>'type', t.e->'data', t.e->'metadata'
        FROM json_array_elements(p_events) WITH ORDINALITY AS t(e, n);
    RETURN QUERY SELECT false, v_current + v_count, v_positions[v_count];
  END
  $$`,
    ],
  },
  {
    // Position in the key: a correlation is read in log order from the index alone.
    name: 'correlation index',
    statements: [
      `CREATE INDEX IF NOT EXISTS events_correlation ON events ((metadata->>'correlationId') COLLATE "C", position)`,
    ],
  },
];

/**
 * Event store on PostgreSQL: one `events` table, a unique (stream, revision) under the
 * expected-revision check, a unique id for idempotent retries, and a global position from a
 * sequence. Appends run concurrently (one server function call each), so positions commit out
 * of order: an append holding position 5 may commit after one holding 6. A reader must never
 * pass 6 while 5 may still come, so it delivers only events with no unsettled number below them:
 *
 * - a run of consecutive positions after the reader's own position is safe as it is;
 * - at a gap, the reader starts a transaction of its own and waits until every older
 *   transaction has ended (`pg_snapshot_xmin`). An append takes its transaction id before its
 *   positions, so every number at or below the last event seen is then committed or dead for
 *   good (rolled back), and the gap is settled. Settled positions are remembered, so each gap
 *   costs one wait per process.
 *
 * Live subscriptions wake on LISTEN/NOTIFY (sent after each append's commit, outside its
 * transaction, because a NOTIFY inside would serialize every commit) and poll as a safety net.
 * Event data is stored as `json`, i.e. as the text given (key order included). Needs
 * PostgreSQL 13+ (`pg_current_xact_id`), on the primary.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres';
  readonly #pool: pg.Pool;
  readonly #ready: () => Promise<void>;
  readonly #pollIntervalMs: number;
  readonly #inFlightWaitMs: number;
  readonly #appended = new AppendNotifier();
  readonly #listener: Listener;
  /** Every position at or below this is committed or will never be. */
  #settled = 0;
  #closed = false;
  #announcing: Promise<void> | undefined;
  #announceAgain = false;

  constructor(url: string, options: PostgresEventStoreOptions = {}) {
    this.#pool = openPool(url, { applicationName: 'mibi events', ...options });
    this.#pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.#inFlightWaitMs = options.inFlightWaitMs ?? 10_000;
    this.#listener = new Listener(url, () => this.#appended.notify());
    this.#ready = onceSucceeded(() => migratePostgres(this.#pool, 'events', POSTGRES_EVENTS_MIGRATIONS));
  }

  /** Opens the store and migrates its schema to this release, so a wrong URL, a missing server or a newer schema fails here. */
  static async open(url: string, options?: PostgresEventStoreOptions): Promise<PostgresEventStore> {
    const store = new PostgresEventStore(url, options);
    return readyOrClosed(store, () => store.#ready());
  }

  async append(stream: string, events: NewEvent[], expectedRevision: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`Nothing to append to ${stream}`);
    await this.#ready();
    const now = new Date();
    // Completed once: a retry after a lost connection sends the same ids, so an append that landed is not written twice.
    const batch = JSON.stringify(events.map((event) => completeEvent(event, now)));
    const expected = typeof expectedRevision === 'number' ? expectedRevision : EXPECTED_CODES[expectedRevision];
    const sql = 'SELECT conflict, last_revision, last_position FROM mibi_append($1, $2, $3::json)';
    for (let attempt = 1; ; attempt++) {
      try {
        const { rows } = await this.#pool.query<{ conflict: boolean; last_revision: number; last_position: number }>(
          prepared(sql, [stream, expected, batch]),
        );
        const { conflict, last_revision: revision, last_position: position } = rows[0]!;
        if (conflict) {
          checkExpectedRevision(stream, expectedRevision, revision);
          throw new Error(`Append to ${stream} refused at revision ${revision}`); // not reached: the check throws
        }
        this.#announce();
        return { revision, position };
      } catch (error) {
        if (attempt >= APPEND_ATTEMPTS || !isTransient(error) || this.#closed) throw error;
        await pause(100 * attempt);
      }
    }
  }

  /**
   * The append function on each stream in turn, in one transaction: a conflict on any rolls
   * them all back. The streams' locks are taken first in one order (their names'), so two
   * appends to the same streams wait for each other rather than deadlock.
   */
  async appendMany(appends: StreamAppend[]): Promise<AppendResult[]> {
    checkStreamAppends(appends);
    await this.#ready();
    const now = new Date();
    const parts = appends.map(({ stream, events, expectedRevision }) => ({
      stream,
      expectedRevision,
      expected: typeof expectedRevision === 'number' ? expectedRevision : EXPECTED_CODES[expectedRevision],
      batch: JSON.stringify(events.map((event) => completeEvent(event, now))),
    }));
    const lock = 'SELECT pg_advisory_xact_lock(hashtextextended($1, 0))';
    const sql = 'SELECT conflict, last_revision, last_position FROM mibi_append($1, $2, $3::json)';
    for (let attempt = 1; ; attempt++) {
      const client = await this.#pool.connect();
      try {
        await client.query('BEGIN');
        for (const stream of parts.map((part) => part.stream).sort()) await client.query(prepared(lock, [stream]));
        const results: AppendResult[] = [];
        for (const { stream, expected, expectedRevision, batch } of parts) {
          const { rows } = await client.query<{ conflict: boolean; last_revision: number; last_position: number }>(
            prepared(sql, [stream, expected, batch]),
          );
          const { conflict, last_revision: revision, last_position: position } = rows[0]!;
          if (conflict) throw new WrongExpectedRevisionError(stream, expectedRevision, revision);
          results.push({ revision, position });
        }
        await client.query('COMMIT');
        client.release();
        this.#announce();
        return results;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        // A connection that broke is not given back to the pool.
        client.release(isTransient(error));
        if (attempt >= APPEND_ATTEMPTS || !isTransient(error) || this.#closed) throw error;
        await pause(100 * attempt);
      }
    }
  }

  async readStream(stream: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    await this.#ready();
    const backwards = options.direction === 'backwards';
    const sql = backwards
      ? `SELECT ${COLUMNS} FROM events WHERE stream = $1 AND revision <= $2 ORDER BY revision DESC LIMIT $3`
      : `SELECT ${COLUMNS} FROM events WHERE stream = $1 AND revision >= $2 ORDER BY revision LIMIT $3`;
    const from = options.fromRevision ?? (backwards ? Number.MAX_SAFE_INTEGER : 0);
    const { rows } = await this.#pool.query<RecordedEvent>(prepared(sql, [stream, from, options.limit ?? null]));
    return rows;
  }

  async streamRevision(stream: string): Promise<number> {
    await this.#ready();
    const sql = 'SELECT coalesce(max(revision), -1) AS revision FROM events WHERE stream = $1';
    const { rows } = await this.#pool.query<{ revision: number }>(prepared(sql, [stream]));
    return rows[0]!.revision;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    await this.#ready();
    const signal = AbortSignal.timeout(this.#inFlightWaitMs);
    return this.#readSettled(options.after ?? 0, options.limit ?? null, signal);
  }

  async lastPosition(): Promise<number> {
    await this.#ready();
    const settled = this.#settled;
    // Both counts come from one snapshot: when every number above `settled` up to the last is there, none is missing.
    const sql = `SELECT (SELECT max(position) FROM events) AS last,
      (SELECT count(*) FROM (SELECT 1 FROM events WHERE position > $1 LIMIT 10000) tail) AS tail`;
    const { rows } = await this.#pool.query<{ last: number | null; tail: number }>(prepared(sql, [settled]));
    const { last, tail } = rows[0]!;
    if (last === null) return 0; // nothing committed yet: no position can be passed
    if (last - settled === tail || last <= settled) {
      this.#settle(last);
      return last;
    }
    return (await this.#awaitInFlight(last, AbortSignal.timeout(this.#inFlightWaitMs))) ? last : this.#settled;
  }

  async readCorrelation(correlationId: string, limit: number): Promise<Correlated> {
    await this.#ready();
    const key = `(metadata->>'correlationId') COLLATE "C"`;
    const [{ rows: events }, { rows: count }] = await Promise.all([
      this.#pool.query<RecordedEvent>(
        prepared(`SELECT ${COLUMNS} FROM events WHERE ${key} = $1 ORDER BY position LIMIT $2`, [correlationId, limit]),
      ),
      this.#pool.query<{ total: number }>(
        prepared(`SELECT count(*)::int AS total FROM events WHERE ${key} = $1`, [correlationId]),
      ),
    ]);
    return { events, total: count[0]!.total };
  }

  async *subscribeAll({
    after,
    batchSize = DEFAULT_BATCH_SIZE,
    signal,
  }: SubscribeAllOptions): AsyncGenerator<RecordedEvent[]> {
    if (signal?.aborted) return;
    await this.#ready();
    const listening = this.#listener.acquire();
    let failures = 0;
    const read = async (position: number) => {
      try {
        const batch = await this.#readSettled(position, batchSize, signal);
        failures = 0;
        return batch;
      } catch (error) {
        if (this.#closed || signal?.aborted) return [];
        if (!isTransient(error)) throw error;
        // The connection broke: read again from the same position after a pause (or an append's wake-up).
        await pause(Math.min(100 * 2 ** failures++, 5000), signal);
        return [];
      }
    };
    try {
      yield* followLog({
        after,
        read,
        appended: this.#appended,
        pollIntervalMs: this.#pollIntervalMs,
        signal,
        open: () => !this.#closed,
      });
    } finally {
      listening.release();
    }
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    this.#closed = true;
    this.#appended.notify();
    await this.#announcing;
    await this.#listener.close();
    await this.#pool.end();
  }

  /** The events after `after` that no append still in flight can precede (class comment). */
  async #readSettled(after: number, limit: number | null, signal?: AbortSignal): Promise<RecordedEvent[]> {
    for (;;) {
      // Taken before the read: whatever was settled by then is visible to it.
      const settled = this.#settled;
      const sql = `SELECT ${COLUMNS} FROM events WHERE position > $1 ORDER BY position LIMIT $2`;
      const { rows } = await this.#pool.query<RecordedEvent>(prepared(sql, [after, limit]));
      let safe = 0;
      let previous = after;
      for (const row of rows) {
        if (row.position !== previous + 1 && row.position - 1 > settled) break;
        previous = row.position;
        safe++;
      }
      if (after <= settled) this.#settle(previous);
      if (safe > 0 || rows.length === 0) return rows.slice(0, safe);
      // The first event lies beyond a gap: wait until the appends that may fill it have ended.
      if (!(await this.#awaitInFlight(rows.at(-1)!.position, signal))) return [];
    }
  }

  /**
   * Waits until every transaction older than a new one of ours has ended; then every position
   * up to `seen` (an event already committed) is settled. False when the signal ends the wait.
   */
  async #awaitInFlight(seen: number, signal?: AbortSignal): Promise<boolean> {
    const { rows } = await this.#pool.query<{ xid: string }>('SELECT pg_current_xact_id()::text AS xid');
    const sql = 'SELECT pg_snapshot_xmin(pg_current_snapshot()) >= $1::xid8 AS done';
    for (let wait = 1; !signal?.aborted && !this.#closed; wait = Math.min(wait * 2, 50)) {
      const { rows: check } = await this.#pool.query<{ done: boolean }>(prepared(sql, [rows[0]!.xid]));
      if (check[0]!.done) {
        this.#settle(seen);
        return true;
      }
      await pause(wait, signal);
    }
    return false;
  }

  #settle(position: number): void {
    if (position > this.#settled) this.#settled = position;
  }

  /**
   * Wakes this instance's subscriptions at once, and other processes' through NOTIFY. At most
   * one NOTIFY is in flight per store; appends meanwhile are folded into the next one.
   */
  #announce(): void {
    this.#appended.notify();
    if (this.#announcing) {
      this.#announceAgain = true;
      return;
    }
    this.#announcing = (async () => {
      do {
        this.#announceAgain = false;
        // Lost notifications only delay subscribers until their next poll.
        await this.#pool.query(prepared('SELECT pg_notify($1, $2)', [CHANNEL, ''])).catch(() => {});
      } while (this.#announceAgain && !this.#closed);
      this.#announcing = undefined;
    })();
  }
}

/**
 * One LISTEN connection per store, open while at least one subscription runs; reconnected with
 * backoff after a failure, with a wake-up after each reconnect (notifications sent meanwhile are lost).
 */
class Listener {
  #client: pg.Client | undefined;
  #users = 0;
  #connecting: Promise<void> | undefined;
  #failures = 0;
  #closed = false;

  constructor(
    private readonly url: string,
    private readonly wake: () => void,
  ) {}

  acquire(): { release(): void } {
    this.#users++;
    this.#ensure();
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        if (--this.#users === 0) void this.#disconnect();
      },
    };
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#connecting;
    await this.#disconnect();
  }

  #ensure(): void {
    if (this.#client || this.#connecting || this.#closed) return;
    this.#connecting = this.#connect().finally(() => (this.#connecting = undefined));
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: 10_000,
      keepAlive: true,
      application_name: 'mibi listener',
    });
    const lost = () => {
      if (this.#client !== client) return;
      this.#client = undefined;
      void client.end().catch(() => {});
      this.#retryLater();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => this.wake());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch {
      await client.end().catch(() => {});
      this.#retryLater();
      return;
    }
    if (this.#closed || this.#users === 0) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#failures = 0;
    this.wake(); // what was appended while we were not listening
  }

  #retryLater(): void {
    if (this.#closed || this.#users === 0) return;
    const delay = Math.min(100 * 2 ** this.#failures++, 5000);
    setTimeout(() => this.#ensure(), delay).unref();
  }

  async #disconnect(): Promise<void> {
    const client = this.#client;
    this.#client = undefined;
    // `lost` ignores the events of a client that is no longer the current one.
    await client?.end().catch(() => {});
  }
}
