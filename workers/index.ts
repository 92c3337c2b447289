import type { Platform } from '../platform/platform.ts';
import { ProjectionRunner, type RunnerLease } from '../platform/projection/runner.ts';
import { notifySeller } from './notify-seller.ts';
import { ORDER_REACTOR, type RetryPolicy, orderReactor } from './order-reactor.ts';
import { startReconciler } from './reconcile.ts';
import type { Worker } from './worker.ts';

export const workers: Worker<never>[] = [notifySeller];

export interface WorkerOptions {
  /** Retries of the seller notifications (tests shorten the backoff). */
  notifyRetry?: RetryPolicy;
  /** Milliseconds between reconciliation passes (RECONCILE_EVERY_S); one runs at start. */
  reconcileEveryMs?: number;
  /**
   * This process's owner and ttl for the reactor's lease (named after the reactor): one workers
   * process at a time runs it, the others stand by. Without it the reactor runs unleased.
   */
  lease?: Omit<RunnerLease, 'name'>;
}

const RECONCILE_EVERY_MS = 60_000;

export interface RunningWorkers {
  /** Stops the reactors after their batch in flight; jobs stop with the queue's close. */
  stop(): Promise<void>;
}

/**
 * Starts the job processors, the reactors that follow the log to enqueue their jobs, and the
 * reconciliation that adds again what a lost queue dropped.
 */
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
    ...(options.lease && { lease: { name: ORDER_REACTOR, ...options.lease } }),
    onError: (name, error) => console.error(`[workers] ${name} failed; retrying from its checkpoint:`, error),
  });
  const started = reactors.start();
  const reconciler = startReconciler(platform, options.reconcileEveryMs ?? RECONCILE_EVERY_MS, options.notifyRetry);
  return {
    async stop() {
      await started;
      await reactors.stop();
      await reconciler.stop();
    },
  };
}
