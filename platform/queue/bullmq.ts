import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue as BullQueue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { ConnectionLog, isConnectionError } from '../redis/connection-log.ts';
import { reachable } from '../redis/reachable.ts';
import { defaultJobOptions, type DeadLetter, type JobHandler, type JobOptions, type Queue } from './port.ts';
import { logger } from '../log.ts';

const log = logger('queue');

/** Completed jobs are kept this long so a repeated jobId stays a no-op; the count caps memory under load. */
const KEEP_COMPLETED = { age: 24 * 60 * 60, count: 100_000 };
const DRAIN_POLL_MS = 25;
const UNFINISHED = ['waiting', 'delayed', 'active', 'prioritized', 'waiting-children'] as const;

/**
 * BullMQ refuses custom ids that look like integers or contain ':', while the port
 * accepts any string; a fixed prefix and URI escaping make every id acceptable and
 * reversible.
 */
const toBullId = (id: string) => `id-${encodeURIComponent(id)}`;
const fromBullId = (bullId: string) => decodeURIComponent(bullId.slice('id-'.length));

export interface BullMqQueueOptions {
  /**
   * How long a worker's lock on a running job lasts (BullMQ renews it every half of that
   * while the job runs). A job whose process died is taken again once its lock has expired
   * and a worker's stalled-job check has noticed it (within two checks). Default 30 s.
   */
  lockDuration?: number;
  /** How often each worker looks for running jobs whose lock expired. Default 30 s. */
  stalledInterval?: number;
}

/** Jobs in Redis through BullMQ: one BullMQ queue per job name, workers compete across processes. */
export class BullMqQueue implements Queue {
  readonly kind = 'bullmq';
  readonly #prefix: string;
  readonly #options: BullMqQueueOptions;
  readonly #log = new ConnectionLog('queue');
  /**
   * Shared by every queue and worker of this instance (workers duplicate it for their
   * blocking reads). Workers need `maxRetriesPerRequest: null`, so add() also waits
   * out a Redis outage instead of failing.
   */
  readonly #connection: Redis;
  readonly #queues = new Map<string, BullQueue>();
  readonly #workers: Worker[] = [];
  #closing: Promise<void> | undefined;

  constructor(redisUrl: string, prefix = 'mibi', options: BullMqQueueOptions = {}) {
    this.#prefix = prefix;
    this.#options = options;
    this.#connection = this.#log.watch(new Redis(redisUrl, { maxRetriesPerRequest: null }));
  }

  ping(): Promise<void> {
    return reachable(this.#connection);
  }

  async add<T>(name: string, data: T, options: JobOptions = {}): Promise<void> {
    this.#assertOpen();
    await this.#queue(name).add(name, data, {
      jobId: toBullId(options.jobId ?? randomUUID()),
      attempts: options.attempts ?? defaultJobOptions.attempts,
      backoff: { type: 'exponential', delay: options.backoffMs ?? defaultJobOptions.backoffMs },
      removeOnComplete: KEEP_COMPLETED,
    });
  }

  process<T>(name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}): void {
    this.#assertOpen();
    const worker = new Worker<T>(
      name,
      (job) => handler({ id: fromBullId(job.id!), name, data: job.data, attempt: job.attemptsMade + 1 }),
      { connection: this.#connection, prefix: this.#prefix, concurrency: options.concurrency ?? 1, ...this.#options },
    );
    worker.on('error', reportError);
    // A worker runs on two duplicates of the shared connection (one for its blocking reads):
    // they are reachable only once connected, and until then BullMQ's own listeners hold their errors.
    const backend = worker.getBackend();
    for (const client of [backend.client, backend.blockingClient])
      void client?.then(
        (c) => this.#log.watch(c),
        () => {},
      );
    this.#workers.push(worker);
  }

  /** The failed set holds only jobs BullMQ will not retry: those that used up their attempts. */
  async deadLetters(name: string): Promise<DeadLetter[]> {
    const failed = await this.#queue(name).getJobs(['failed'], 0, -1, true);
    return failed.map((job) => ({
      id: fromBullId(job.id!),
      name,
      data: job.data,
      attempt: job.attemptsMade,
      error: job.failedReason,
    }));
  }

  async drained(name: string): Promise<void> {
    const queue = this.#queue(name);
    for (;;) {
      const counts = await queue.getJobCounts(...UNFINISHED);
      if (Object.values(counts).every((count) => count === 0)) return;
      await sleep(DRAIN_POLL_MS);
    }
  }

  close(): Promise<void> {
    // Workers first so running jobs finish while their queues and connection still work.
    this.#closing ??= (async () => {
      await Promise.all(this.#workers.map((worker) => worker.close()));
      await Promise.all([...this.#queues.values()].map((queue) => queue.close()));
      await this.#connection.quit();
    })();
    return this.#closing;
  }

  #assertOpen(): void {
    if (this.#closing) throw new Error('The queue is closed');
  }

  #queue(name: string): BullQueue {
    let queue = this.#queues.get(name);
    if (!queue) {
      queue = new BullQueue(name, { connection: this.#connection, prefix: this.#prefix });
      queue.on('error', reportError);
      this.#queues.set(name, queue);
    }
    return queue;
  }
}

/** Connection errors are left to the ConnectionLog: one line an outage instead of one a retry. */
function reportError(error: Error): void {
  if (!isConnectionError(error)) log.error({ err: error }, error.message);
}
