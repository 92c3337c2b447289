import { randomUUID } from 'node:crypto';
import { defaultJobOptions, type DeadLetter, type Job, type JobHandler, type JobOptions, type Queue } from './port.ts';

interface Entry {
  job: Job;
  attempts: number;
  backoffMs: number;
}

interface Consumer {
  handler: JobHandler;
  concurrency: number;
  running: number;
}

/** Everything the queue holds for one job name. */
class Lane {
  readonly ready: Entry[] = [];
  readonly retryTimers = new Set<NodeJS.Timeout>();
  readonly consumers: Consumer[] = [];
  /** Every id ever added, so a repeated id is a no-op whether the job is waiting, running or done. */
  readonly ids = new Set<string>();
  readonly deadLetters: DeadLetter[] = [];
  drainWaiters: Array<() => void> = [];

  get idle(): boolean {
    return this.ready.length === 0 && this.retryTimers.size === 0 && this.consumers.every((c) => c.running === 0);
  }
}

/**
 * In-process queue for the embedded setup: the same retry, dedupe and dead-letter rules
 * as the Redis one, but jobs live only as long as the process.
 */
export class MemoryQueue implements Queue {
  readonly kind = 'memory';
  readonly #lanes = new Map<string, Lane>();
  readonly #running = new Set<Promise<void>>();
  #closing: Promise<void> | undefined;

  async add<T>(name: string, data: T, options: JobOptions = {}): Promise<void> {
    this.#assertOpen();
    const lane = this.#lane(name);
    const id = options.jobId ?? randomUUID();
    if (lane.ids.has(id)) return;
    lane.ids.add(id);
    lane.ready.push({
      // A copy, as a job stored in Redis would be: the producer may keep mutating its object.
      job: { id, name, data: structuredClone(data), attempt: 1 },
      attempts: options.attempts ?? defaultJobOptions.attempts,
      backoffMs: options.backoffMs ?? defaultJobOptions.backoffMs,
    });
    this.#pump(lane);
  }

  process<T>(name: string, handler: JobHandler<T>, options: { concurrency?: number } = {}): void {
    this.#assertOpen();
    const lane = this.#lane(name);
    lane.consumers.push({ handler: handler as JobHandler, concurrency: options.concurrency ?? 1, running: 0 });
    this.#pump(lane);
  }

  async deadLetters(name: string): Promise<DeadLetter[]> {
    return [...(this.#lanes.get(name)?.deadLetters ?? [])];
  }

  drained(name: string): Promise<void> {
    const lane = this.#lane(name);
    if (lane.idle) return Promise.resolve();
    return new Promise((resolve) => lane.drainWaiters.push(resolve));
  }

  close(): Promise<void> {
    this.#closing ??= (async () => {
      // Waiting and delayed jobs are dropped: nothing outlives the process in this adapter.
      for (const lane of this.#lanes.values()) {
        lane.ready.length = 0;
        for (const timer of lane.retryTimers) clearTimeout(timer);
        lane.retryTimers.clear();
      }
      await Promise.all(this.#running);
      for (const lane of this.#lanes.values()) this.#settle(lane);
    })();
    return this.#closing;
  }

  #assertOpen(): void {
    if (this.#closing) throw new Error('The queue is closed');
  }

  #lane(name: string): Lane {
    let lane = this.#lanes.get(name);
    if (!lane) this.#lanes.set(name, (lane = new Lane()));
    return lane;
  }

  #pump(lane: Lane): void {
    if (this.#closing) return;
    for (const consumer of lane.consumers) {
      while (consumer.running < consumer.concurrency && lane.ready.length > 0) this.#run(lane, consumer, lane.ready.shift()!);
    }
  }

  #run(lane: Lane, consumer: Consumer, entry: Entry): void {
    consumer.running++;
    const run = this.#attempt(lane, consumer, entry).finally(() => {
      consumer.running--;
      this.#running.delete(run);
      this.#pump(lane);
      this.#settle(lane);
    });
    this.#running.add(run);
  }

  async #attempt(lane: Lane, consumer: Consumer, entry: Entry): Promise<void> {
    try {
      await consumer.handler({ ...entry.job });
    } catch (error) {
      this.#failed(lane, entry, error);
    }
  }

  #failed(lane: Lane, entry: Entry, error: unknown): void {
    const { job } = entry;
    if (job.attempt >= entry.attempts) {
      lane.deadLetters.push({ ...job, error: error instanceof Error ? error.message : String(error) });
      return;
    }
    if (this.#closing) return;
    // Not unref'ed: a script awaiting drained() must stay alive through the backoff; close() clears these.
    const timer = setTimeout(() => {
      lane.retryTimers.delete(timer);
      lane.ready.push({ ...entry, job: { ...job, attempt: job.attempt + 1 } });
      this.#pump(lane);
    }, entry.backoffMs * 2 ** (job.attempt - 1));
    lane.retryTimers.add(timer);
  }

  #settle(lane: Lane): void {
    if (!lane.idle) return;
    for (const resolve of lane.drainWaiters) resolve();
    lane.drainWaiters = [];
  }
}
