import type { Job } from '../platform/queue/port.ts';
import type { Platform } from '../platform/platform.ts';
import { ProjectionRunner } from '../projections/runner.ts';
import { notifySeller } from './notify-seller.ts';
import { type RetryPolicy, orderReactor } from './order-reactor.ts';

/** A background job type and the function that runs it. */
export interface Worker<T = unknown> {
  name: string;
  concurrency?: number;
  handle(job: Job<T>, platform: Platform): Promise<void>;
}

export const workers: Worker<never>[] = [notifySeller];

export interface WorkerOptions {
  /** Retries of the seller notifications (tests shorten the backoff). */
  notifyRetry?: RetryPolicy;
}

export interface RunningWorkers {
  /** Stops the reactors after their batch in flight; jobs stop with the queue's close. */
  stop(): Promise<void>;
}

/** Starts the job processors and the reactors that follow the log to enqueue their jobs. */
export function startWorkers(platform: Platform, options: WorkerOptions = {}): RunningWorkers {
  for (const worker of workers) {
    platform.queue.process<never>(worker.name, (job) => worker.handle(job, platform), { concurrency: worker.concurrency ?? 4 });
  }
  const { events, read, bus, queue } = platform;
  const reactors = new ProjectionRunner({
    events,
    read,
    bus,
    projections: [orderReactor(queue, options.notifyRetry)],
    onError: (name, error) => console.error(`[workers] ${name} failed; retrying from its checkpoint:`, error),
  });
  const started = reactors.start();
  return {
    async stop() {
      await started;
      await reactors.stop();
    },
  };
}
