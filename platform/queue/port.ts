/**
 * Queue port: durable background jobs for side effects (notify-seller, ...).
 * Jobs are deduplicated by id, retried with exponential backoff and moved to a
 * dead-letter list after their last attempt. Every adapter passes `contract.ts`.
 *
 * Delivery is at least once: a job whose process dies while running it runs again once its
 * lease (SQLite) or lock (BullMQ) expires, so handlers must be idempotent. close() lets
 * running jobs finish and leaves waiting ones stored for the next start.
 *
 * "Durable" means, per adapter:
 * - SqliteQueue (embedded, `DATA_DIR/jobs.db`): an added job survives a crash (kill -9) or a
 *   restart of the process; only a crash of the machine itself may lose the last commits.
 * - BullMqQueue (`REDIS_URL`): as durable as the Redis persistence configured (AOF, RDB);
 *   the jobs are lost when Redis restarts empty, so what must happen is re-derived from the
 *   event log, never trusted to the queue alone.
 */

export interface JobOptions {
  /** Deduplication key: adding a job whose id is already queued, running or done is a no-op. */
  jobId?: string;
  /** Total attempts including the first (default 5). */
  attempts?: number;
  /** First retry delay in ms; doubles each retry (default 1000). */
  backoffMs?: number;
}

export interface Job<T = unknown> {
  id: string;
  name: string;
  data: T;
  /** 1 on the first run. */
  attempt: number;
}

export interface DeadLetter<T = unknown> extends Job<T> {
  error: string;
}

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;

export interface Queue {
  readonly kind: string;
  add<T>(name: string, data: T, options?: JobOptions): Promise<void>;
  /** Starts consuming jobs of `name`; a thrown error fails the attempt. */
  process<T>(name: string, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  /** Jobs of `name` that failed every attempt, oldest first. */
  deadLetters(name: string): Promise<DeadLetter[]>;
  /** Resolves when no job of `name` is waiting, delayed or running (tests, shutdown). */
  drained(name: string): Promise<void>;
  /** Resolves when its server answers (readiness); absent when the queue lives in another store. */
  ping?(): Promise<void>;
  /** Stops taking jobs, waits for those running, releases connections. */
  close(): Promise<void>;
}

export const defaultJobOptions = { attempts: 5, backoffMs: 1000 } as const;
