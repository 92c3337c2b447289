import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import { type Outcome, groupCommit, openSqlite } from '../sqlite.ts';
import type { Migration } from '../schema/migrations.ts';
import { migrateSqlite } from '../schema/sqlite.ts';
import { defaultJobOptions, type DeadLetter, type Job, type JobHandler, type JobOptions, type Queue } from './port.ts';
import { logger } from '../log.ts';

const log = logger('queue');

export interface SqliteQueueOptions {
  /**
   * How long a claimed job stays locked to the consumer that claimed it. The consumer renews
   * the lease every third of it while the job runs; a job whose process died is taken again
   * by any consumer (this process after a restart, or another one) once its lease has expired.
   * Default 10 s.
   */
  leaseMs?: number;
  /** How often an idle consumer looks for jobs added by other processes. Default 200 ms. */
  pollMs?: number;
  /** How long a completed job's id is kept, so that adding it again stays a no-op. Default 7 days. */
  keepDoneMs?: number;
  /** How long a write waits for another process's lock on the file before failing. Default 5 s. */
  busyTimeoutMs?: number;
}

const DEFAULTS = { leaseMs: 10_000, pollMs: 200, keepDoneMs: 7 * 24 * 60 * 60 * 1000, busyTimeoutMs: 5_000 };
const PRUNE_EVERY_MS = 60 * 60 * 1000;
const LEASE_LOST_ERROR = 'its process stopped while running it (lease expired) on the last attempt';

/**
 * The queue's schema, oldest step first (append only: `../schema/migrations.ts`). One row a
 * job. `state` moves waiting -> running -> done | dead, or back to waiting for a retry.
 * `run_at` is when a waiting job may run (later for a retry's backoff) and, while it is
 * running, when its lease ends: a running row whose run_at has passed is claimable again.
 * `attempt` counts the attempts started. UNIQUE (name, id) makes a repeated id a no-op.
 */
export const SQLITE_QUEUE_MIGRATIONS: Migration[] = [
  {
    name: 'jobs table',
    statements: [
      `CREATE TABLE IF NOT EXISTS jobs (
        seq INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        id TEXT NOT NULL,
        data TEXT NOT NULL,
        state TEXT NOT NULL,
        attempt INTEGER NOT NULL DEFAULT 0,
        attempts INTEGER NOT NULL,
        backoff_ms INTEGER NOT NULL,
        run_at INTEGER NOT NULL,
        owner TEXT,
        error TEXT,
        finished_at INTEGER,
        UNIQUE (name, id)
      ) STRICT`,
      "CREATE INDEX IF NOT EXISTS jobs_unfinished ON jobs (name, run_at) WHERE state IN ('waiting', 'running')",
      "CREATE INDEX IF NOT EXISTS jobs_done ON jobs (finished_at) WHERE state = 'done'",
    ],
  },
];

/** A claimed job as the claim returns it. */
interface Claimed {
  seq: number;
  id: string;
  data: string;
  attempt: number;
  attempts: number;
  backoff_ms: number;
}

interface Consumer {
  handler: JobHandler;
  concurrency: number;
  running: number;
}

/** What this instance knows of one job name. */
class Lane {
  readonly consumers: Consumer[] = [];
  /** The next look at the table: a due retry, an expiring lease, or the poll for other processes' jobs. */
  timer: NodeJS.Timeout | undefined;
  /** A job of this name is being added in the group being formed: its claim goes in the same commit. */
  added = false;
  /** Woken whenever a job of this name settles here, so drained() looks again at once. */
  readonly settled = new Set<() => void>();

  constructor(readonly name: string) {}

  get hasRoom(): boolean {
    return this.consumers.some((c) => c.running < c.concurrency);
  }
}

/** One write waiting for the next group commit, and who hears its outcome once committed (or failed). */
interface Write<R = unknown> {
  write(): R;
  done(result: R): void;
  failed(error: unknown): void;
}

/**
 * Durable jobs in one SQLite file: the embedded default. Jobs survive a crash or a restart,
 * several processes on one machine may share the file (each claims with BEGIN IMMEDIATE and
 * holds a lease), and close() leaves waiting jobs stored for the next start.
 *
 * Group commit, as the event store's appends: adds and the outcomes of attempts, in the order
 * they were made, then the claims of the consumers with room, are written together in one
 * BEGIN IMMEDIATE transaction, so a job finishing and the next claimed in its place, or a job
 * added and claimed at once, cost one commit; each caller hears its own outcome once that
 * transaction has committed. Anything that goes wrong
 * in one write rolls the group back and writes its parts one by one, each in its own
 * transaction, so each still gets its own result or error. Outcomes and claims wait for the end
 * of the event loop's turn, gathering what finished in it. Adds wait only for the microtasks
 * already queued: a caller that adds its jobs one after another (an effect reactor, which may
 * not pass an event before its jobs are stored) would otherwise wait a whole turn for each.
 *
 * A job added here wakes this instance's consumers at once; jobs added by other processes
 * are found by a poll every `pollMs`, due retries and expired leases by a timer set to the
 * next due time. Completed jobs are pruned after `keepDoneMs`; dead letters are kept.
 */
export class SqliteQueue implements Queue {
  readonly kind = 'sqlite';
  readonly #db: Database.Database;
  readonly #options: Required<SqliteQueueOptions>;
  /** Marks this instance's leases: a consumer only finishes jobs it still holds. */
  readonly #owner = randomUUID();
  readonly #statements: ReturnType<typeof prepare>;
  readonly #writeGroup: (writes: Write[]) => Outcome<unknown>[];
  readonly #lanes = new Map<string, Lane>();
  /** The group being formed: its writes, and the lanes whose consumers have room to claim in it. */
  #writes: Write[] = [];
  readonly #wanting = new Set<Lane>();
  #flushSoon = false;
  #flushAtTurnEnd: NodeJS.Immediate | undefined;
  /** Jobs running here or awaiting the commit of their outcome, by seq, whose leases the heartbeat renews. */
  readonly #leased = new Set<number>();
  readonly #running = new Set<Promise<void>>();
  #heartbeat: NodeJS.Timeout | undefined;
  readonly #pruner: NodeJS.Timeout;
  #closing: Promise<void> | undefined;

  /** `path` is a file, or ':memory:' for a private queue that lives as long as the object. */
  constructor(path: string, options: SqliteQueueOptions = {}) {
    this.#options = { ...DEFAULTS, ...options };
    this.#db = openSqlite(path, this.#options.busyTimeoutMs);
    migrateSqlite(this.#db, 'jobs', SQLITE_QUEUE_MIGRATIONS);
    this.#statements = prepare(this.#db);
    // IMMEDIATE takes the write lock before reading, so two processes never claim one job.
    this.#writeGroup = groupCommit(this.#db, (write: Write) => write.write());
    this.#prune();
    this.#pruner = setInterval(() => this.#prune(), PRUNE_EVERY_MS).unref();
  }

  add<T>(name: string, data: T, options: JobOptions = {}): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#assertOpen();
      const job = {
        name,
        id: options.jobId ?? randomUUID(),
        data: JSON.stringify(data) ?? 'null',
        attempts: options.attempts ?? defaultJobOptions.attempts,
        backoffMs: options.backoffMs ?? defaultJobOptions.backoffMs,
        now: Date.now(),
      };
      this.#writes.push({ write: () => this.#statements.add.run(job), done: () => resolve(), failed: reject });
      const lane = this.#lanes.get(name);
      if (lane) {
        lane.added = true;
        this.#wanting.add(lane);
      }
      this.#scheduleSoon();
    });
  }

  process<T>(name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}): void {
    this.#assertOpen();
    const lane = this.#lane(name);
    lane.consumers.push({ handler: handler as JobHandler, concurrency: options.concurrency ?? 1, running: 0 });
    this.#want(lane);
  }

  async deadLetters(name: string): Promise<DeadLetter[]> {
    return this.#statements.deadLetters.all(name).map((row) => ({ ...row, name, data: JSON.parse(row.data) }));
  }

  /** Counts every process's jobs of `name`: also those another process is running or left behind. */
  async drained(name: string): Promise<void> {
    const lane = this.#lane(name);
    for (;;) {
      if (!this.#db.open) throw new Error('The queue is closed');
      if (this.#statements.nextDue.get(name)!.next === null) return;
      await new Promise<void>((resolve) => {
        const look = () => {
          clearTimeout(timer);
          lane.settled.delete(look);
          resolve();
        };
        // Not unref'ed: a script awaiting drained() must stay alive through a retry's backoff.
        const timer = setTimeout(look, this.#options.pollMs);
        lane.settled.add(look);
      });
    }
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      for (const lane of this.#lanes.values()) clearTimeout(lane.timer);
      clearInterval(this.#pruner);
      // Running jobs finish and record their outcome; waiting ones stay in the file.
      while (this.#running.size > 0) await Promise.all(this.#running);
      clearImmediate(this.#flushAtTurnEnd);
      this.#flush();
      for (const lane of this.#lanes.values()) this.#settle(lane);
      this.#db.close();
    })();
    return this.#closing;
  }

  #assertOpen(): void {
    if (this.#closing) throw new Error('The queue is closed');
  }

  #lane(name: string): Lane {
    let lane = this.#lanes.get(name);
    if (!lane) this.#lanes.set(name, (lane = new Lane(name)));
    return lane;
  }

  /** Looks for the lane's due jobs in the group at the end of this turn. */
  #want(lane: Lane): void {
    this.#wanting.add(lane);
    this.#flushAtTurnEnd ??= setImmediate(() => {
      this.#flushAtTurnEnd = undefined;
      this.#flush();
    });
  }

  #scheduleSoon(): void {
    if (this.#flushSoon) return;
    this.#flushSoon = true;
    queueMicrotask(() => {
      this.#flushSoon = false;
      this.#flush();
    });
  }

  /** The group commit: every write waiting, in the order they were made, then the claims of the lanes with room. */
  #flush(): void {
    const lanes = [...this.#wanting];
    this.#wanting.clear();
    const writes = this.#writes;
    this.#writes = [];
    if (!this.#db.open) {
      for (const write of writes) write.failed(new Error('The queue is closed'));
      return;
    }
    for (const lane of lanes) {
      clearTimeout(lane.timer);
      lane.timer = undefined;
      if (this.#shouldClaim(lane)) writes.push(this.#claim(lane));
      lane.added = false;
    }
    if (writes.length > 0) this.#commit(writes);
    for (const lane of lanes) this.#scheduleLook(lane);
  }

  #commit(writes: Write[]): void {
    const outcomes = this.#writeGroup(writes);
    outcomes.forEach((outcome, i) =>
      'result' in outcome ? writes[i]!.done(outcome.result) : writes[i]!.failed(outcome.error),
    );
  }

  /** A lane claims in this group when a job of its name is added in it, or when one is due (a read, not a write lock). */
  #shouldClaim(lane: Lane): boolean {
    if (this.#closing || !lane.hasRoom) return false;
    if (lane.added) return true;
    try {
      const { next } = this.#statements.nextDue.get(lane.name)!;
      return next !== null && next <= Date.now();
    } catch (error) {
      report(`could not look for jobs of ${lane.name}`, error);
      return false;
    }
  }

  /** Claims what each consumer of the lane has room for; the jobs start once the claim has committed. */
  #claim(lane: Lane): Write<Claimed[][]> {
    return {
      write: () => {
        const now = Date.now();
        this.#statements.buryLost.run({ name: lane.name, now, error: LEASE_LOST_ERROR });
        const leaseEnd = now + this.#options.leaseMs;
        return lane.consumers.map((consumer) => {
          const limit = consumer.concurrency - consumer.running;
          return limit > 0
            ? this.#statements.claim.all({ name: lane.name, now, limit, leaseEnd, owner: this.#owner })
            : [];
        });
      },
      done: (claims) =>
        claims.forEach((claimed, i) => claimed.forEach((job) => this.#run(lane, lane.consumers[i]!, job))),
      // SQLITE_BUSY beyond busy_timeout, a full disk...: the next look tries again.
      failed: (error) => report(`could not claim jobs of ${lane.name}`, error),
    };
  }

  /** Sets the timer for the next look while the lane has room: a due retry or lease, else the poll. */
  #scheduleLook(lane: Lane): void {
    if (this.#closing || !lane.hasRoom || lane.timer || this.#wanting.has(lane)) return;
    let delay = this.#options.pollMs;
    try {
      const { next } = this.#statements.nextDue.get(lane.name)!;
      if (next !== null) delay = Math.min(delay, Math.max(0, next - Date.now()));
    } catch (error) {
      report(`could not look for jobs of ${lane.name}`, error);
    }
    // Not unref'ed: like a worker's open connection, a consumer keeps its process alive until close().
    lane.timer = setTimeout(() => {
      lane.timer = undefined;
      this.#want(lane);
    }, delay);
  }

  #run(lane: Lane, consumer: Consumer, claimed: Claimed): void {
    consumer.running++;
    this.#leased.add(claimed.seq);
    this.#heartbeat ??= setInterval(() => this.#renewLeases(), this.#options.leaseMs / 3);
    const run = this.#attempt(lane, consumer, claimed).finally(() => {
      this.#leased.delete(claimed.seq);
      if (this.#leased.size === 0) {
        clearInterval(this.#heartbeat);
        this.#heartbeat = undefined;
      }
      this.#running.delete(run);
      this.#settle(lane);
    });
    this.#running.add(run);
  }

  /** Runs the handler, then records its outcome in the group of this turn, beside the claim of the job that takes its place. */
  async #attempt(lane: Lane, consumer: Consumer, claimed: Claimed): Promise<void> {
    const { seq, id, attempt } = claimed;
    let failure: unknown;
    try {
      await consumer.handler({ id, name: lane.name, data: JSON.parse(claimed.data), attempt } satisfies Job);
    } catch (error) {
      failure = error ?? new Error('failed');
    }
    consumer.running--;
    await new Promise<void>((resolve) => {
      this.#writes.push({
        write: () => {
          const now = Date.now();
          const held = { seq, owner: this.#owner, attempt, now };
          return failure === undefined
            ? this.#statements.complete.run(held).changes
            : this.#statements.fail.run({
                ...held,
                error: failure instanceof Error ? failure.message : String(failure),
                retryAt: now + claimed.backoff_ms * 2 ** (attempt - 1),
              }).changes;
        },
        done: (changes) => {
          if (changes === 0)
            log.warn(`job ${id} of ${lane.name} outlived its lease and was taken again; this outcome is dropped`);
          resolve();
        },
        failed: (error) => {
          // The lease runs out and the job runs again: at least once, never lost.
          report(`could not record the outcome of job ${id} of ${lane.name}`, error);
          resolve();
        },
      });
      this.#want(lane);
    });
  }

  #renewLeases(): void {
    try {
      this.#statements.renew.run({
        owner: this.#owner,
        seqs: JSON.stringify([...this.#leased]),
        leaseEnd: Date.now() + this.#options.leaseMs,
      });
    } catch (error) {
      report('could not renew the leases of running jobs', error);
    }
  }

  #settle(lane: Lane): void {
    for (const look of [...lane.settled]) look();
  }

  #prune(): void {
    try {
      this.#statements.prune.run(Date.now() - this.#options.keepDoneMs);
    } catch (error) {
      report('could not prune completed jobs', error);
    }
  }
}

function report(what: string, error: unknown): void {
  log.error({ err: error }, what);
}

function prepare(db: Database.Database) {
  const UNFINISHED = `state IN ('waiting', 'running')`;
  return {
    add: db.prepare<{ name: string; id: string; data: string; attempts: number; backoffMs: number; now: number }>(
      `INSERT INTO jobs (name, id, data, state, attempts, backoff_ms, run_at)
       VALUES (:name, :id, :data, 'waiting', :attempts, :backoffMs, :now) ON CONFLICT (name, id) DO NOTHING`,
    ),
    /** A job whose lease expired on its last attempt is not run again: its process died running it each time. */
    buryLost: db.prepare<{ name: string; now: number; error: string }>(
      `UPDATE jobs SET state = 'dead', owner = NULL, error = :error, finished_at = :now
       WHERE name = :name AND ${UNFINISHED} AND run_at <= :now AND state = 'running' AND attempt >= attempts`,
    ),
    claim: db.prepare<{ name: string; now: number; limit: number; leaseEnd: number; owner: string }, Claimed>(
      `UPDATE jobs SET state = 'running', attempt = attempt + 1, run_at = :leaseEnd, owner = :owner
       WHERE seq IN (SELECT seq FROM jobs WHERE name = :name AND ${UNFINISHED} AND run_at <= :now ORDER BY run_at LIMIT :limit)
       RETURNING seq, id, data, attempt, attempts, backoff_ms`,
    ),
    renew: db.prepare<{ owner: string; seqs: string; leaseEnd: number }>(
      `UPDATE jobs SET run_at = :leaseEnd WHERE owner = :owner AND seq IN (SELECT value FROM json_each(:seqs))`,
    ),
    complete: db.prepare<{ seq: number; owner: string; attempt: number; now: number }>(
      `UPDATE jobs SET state = 'done', owner = NULL, error = NULL, finished_at = :now
       WHERE seq = :seq AND owner = :owner AND attempt = :attempt`,
    ),
    fail: db.prepare<{ seq: number; owner: string; attempt: number; now: number; error: string; retryAt: number }>(
      `UPDATE jobs SET owner = NULL, error = :error,
         state = CASE WHEN attempt >= attempts THEN 'dead' ELSE 'waiting' END,
         run_at = :retryAt,
         finished_at = CASE WHEN attempt >= attempts THEN :now END
       WHERE seq = :seq AND owner = :owner AND attempt = :attempt`,
    ),
    nextDue: db.prepare<string, { next: number | null }>(
      `SELECT min(run_at) AS next FROM jobs WHERE name = ? AND ${UNFINISHED}`,
    ),
    deadLetters: db.prepare<string, { id: string; data: string; attempt: number; error: string }>(
      `SELECT id, data, attempt, error FROM jobs WHERE name = ? AND state = 'dead' ORDER BY finished_at, seq`,
    ),
    prune: db.prepare<number>(`DELETE FROM jobs WHERE state = 'done' AND finished_at < ?`),
  };
}
